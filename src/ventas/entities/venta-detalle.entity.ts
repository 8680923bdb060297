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

  @Column({ type: 'numeric', precision: 14, scale: 3 })
  cantidad: string;

  /** Unit price including IGV, as sent. */
  @Column({ type: 'numeric', precision: 14, scale: 4 })
  precio_unitario: string;

  /** '10' gravado, '20' exonerado, '30' inafecto. */
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
