import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { VentaDetalle } from './venta-detalle.entity';

/** estado: '1' vigente, '2' anulada. */
export const VENTA_ACTIVA = '1';
export const VENTA_ANULADA = '2';

/** estado_sunat (SPEC "Sale estado_tax"): '0' pendiente, '1' aceptada, '2' rechazada/anulada, '3' ticket en proceso. */
export const SUNAT_PENDIENTE = '0';
export const SUNAT_ACEPTADA = '1';
export const SUNAT_RECHAZADA = '2';
export const SUNAT_EN_PROCESO = '3';

/** Amounts stay strings as pg returns them; decimal.js works on them, never JS floats. */
@Entity('ventas')
export class Venta {
  @PrimaryGeneratedColumn({ name: 'id_venta' })
  id_venta: number;

  @Column({ type: 'int' })
  id_empresa: number;

  @Column({ type: 'int', nullable: true })
  id_usuario: number | null;

  @Column({ type: 'int' })
  id_cliente: number;

  /** SUNAT catálogo 01: '01' factura, '03' boleta. */
  @Column({ type: 'varchar', length: 2 })
  tipo_documento: string;

  @Column({ type: 'varchar', length: 4 })
  serie: string;

  @Column({ type: 'int' })
  numero: number;

  /** 'F001-1' */
  @Column({ type: 'varchar', length: 20 })
  numero_completo: string;

  /** YYYY-MM-DD (Lima). */
  @Column({ type: 'date' })
  fecha_emision: string;

  /** HH:mm:ss (Lima) at creation; the XML's IssueTime. */
  @Column({ type: 'varchar', length: 8 })
  hora_emision: string;

  @Column({ type: 'varchar', length: 3, default: 'PEN' })
  tipo_moneda: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  op_gravadas: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  op_exoneradas: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  op_inafectas: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  subtotal: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  igv: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  total: string;

  @Column({ type: 'char', length: 1, default: VENTA_ACTIVA })
  estado: string;

  @Column({ type: 'char', length: 1, default: SUNAT_PENDIENTE })
  estado_sunat: string;

  @Column({ type: 'text', nullable: true })
  mensaje_sunat: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  codigo_sunat: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  hash_cpe: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  nombre_xml: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  xml_url: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  cdr_url: string | null;

  /** Quotation the sale came from; no FK (the quotations table is migrated later). */
  @Column({ type: 'int', nullable: true })
  cotizacion_id: number | null;

  /** True while the sale holds 'salida' movements for its lines. */
  @Column({ type: 'boolean', default: false })
  stock_descontado: boolean;

  @OneToMany(() => VentaDetalle, (d) => d.venta)
  detalles?: VentaDetalle[];

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
