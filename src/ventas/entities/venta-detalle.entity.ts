import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Venta } from './venta.entity';

@Entity('venta_detalles')
export class VentaDetalle {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  id_venta: number;

  @ManyToOne(() => Venta, (v) => v.detalles, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id_venta' })
  venta?: Venta;

  @Column({ type: 'int', nullable: true })
  id_producto: number | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  codigo_producto: string | null;

  @Column({ type: 'varchar', length: 500 })
  descripcion: string;

  /** SUNAT catálogo 03. */
  @Column({ type: 'varchar', length: 3, default: 'NIU' })
  unidad_medida: string;

  /** Up to 10 decimals. */
  @Column({ type: 'numeric', precision: 22, scale: 10 })
  cantidad: string;

  /** Unit price as sent (with IGV unless the sale's precios_incluyen_igv is false; a free line's referential value), up to 10 decimals. */
  @Column({ type: 'numeric', precision: 22, scale: 10 })
  precio_unitario: string;

  /** Line discount (catalog 53 code 00), in the prices' terms. */
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  descuento: string;

  /** ICBPER line: cantidad counts plastic bags. */
  @Column({ type: 'boolean', default: false })
  icbper: boolean;

  /** ISC (catálogo 08) of the line as written in the XML: system, base, Percent (unbounded: system 02 derives it) and amount; null / 0 without ISC. */
  @Column({ type: 'varchar', length: 2, nullable: true })
  isc_sistema: string | null;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  isc_base: string;

  @Column({ type: 'numeric', nullable: true })
  isc_porcentaje: string | null;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  isc: string;

  /** Catalog 07 code: '10' gravado, '11'-'16' gravado free, '17' IVAP, '20' exonerado, '21', '30' inafecto, '31'-'37', '40' export. */
  @Column({ type: 'varchar', length: 2, default: '10' })
  tipo_afectacion_igv: string;

  /** Line amounts as written in the XML (from noteAmounts). */
  @Column({ type: 'numeric', precision: 14, scale: 2 })
  valor_venta: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  igv: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  total: string;
}
