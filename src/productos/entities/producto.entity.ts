import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Amounts and quantities stay strings as pg returns them; decimal.js works on them, never JS floats. */
@Entity('productos')
export class Producto {
  @PrimaryGeneratedColumn({ name: 'id_producto' })
  id_producto: number;

  @Column({ type: 'int' })
  id_empresa: number;

  @Column({ type: 'varchar', length: 50 })
  codigo: string;

  @Column({ type: 'varchar', length: 255 })
  nombre: string;

  @Column({ type: 'text', nullable: true })
  descripcion: string | null;

  /** SUNAT catálogo 03 (NIU unidad, ZZ servicio, KGM...). */
  @Column({ type: 'varchar', length: 3, default: 'NIU' })
  unidad: string;

  /** Sale price including IGV. */
  @Column({ type: 'numeric', precision: 12, scale: 2, default: 0 })
  precio: string;

  @Column({ type: 'numeric', precision: 14, scale: 4, default: 0 })
  costo: string;

  /** Only StockService writes it, always with a movement row. Up to 10 decimals, as sale quantities. */
  @Column({ type: 'numeric', precision: 22, scale: 10, default: 0 })
  stock: string;

  @Column({ type: 'varchar', length: 8, default: '10000000' })
  codigo_sunat: string;

  /** Catálogo 07: '10' gravado, '11'-'16' gravado free, '17' IVAP, '20' exonerado, '21', '30' inafecto, '31'-'37', '40' export. */
  @Column({ type: 'varchar', length: 2, default: '10' })
  tipo_afectacion_igv: string;

  /** A plastic bag: a sale line of it charges ICBPER per unit. */
  @Column({ type: 'boolean', default: false })
  icbper: boolean;

  /** ISC (catálogo 08) of a gravado product: null, or the system with its tasa (%), monto per unit or precio_publico. */
  @Column({ type: 'varchar', length: 2, nullable: true })
  isc_sistema: string | null;

  @Column({ type: 'numeric', precision: 10, scale: 5, nullable: true })
  isc_tasa: string | null;

  @Column({ type: 'numeric', precision: 22, scale: 10, nullable: true })
  isc_monto: string | null;

  @Column({ type: 'numeric', precision: 22, scale: 10, nullable: true })
  isc_precio_publico: string | null;

  @Column({ type: 'char', length: 1, default: '1' })
  estado: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
