import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

import { BajaNota, EstadoNota, NOTA_PENDIENTE } from '@/common/estados';

/** A note line as shown and printed: amounts with taxes ('118.00'); unit price up to 10 decimals. */
export interface LineaNota {
  cantidad: string;
  unidad: string;
  codigo: string;
  descripcion: string;
  tipo_afectacion_igv: string;
  precio_unitario: string;
  total: string;
}

export interface CuotaNota {
  monto: string;
  /** YYYY-MM-DD */
  fecha_vencimiento: string;
}

/**
 * Columns of a credit or debit note (SPEC "Credit note (NC) and debit note (ND) record"). Each kind is its
 * own table (notas_credito, notas_debito); amounts stay strings as pg returns them.
 */
export abstract class NotaBase {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  id_empresa: number;

  @Column({ type: 'int', nullable: true })
  id_usuario: number | null;

  @Column({ type: 'int' })
  id_venta: number;

  @Column({ type: 'int' })
  motivo_id: number;

  @Column({ type: 'varchar', length: 4 })
  serie: string;

  @Column({ type: 'int' })
  numero: number;

  /** cod_sunat of the affected sale: '01' or '03'. */
  @Column({ type: 'varchar', length: 2 })
  tipo_doc_afectado: string;

  /** 'F001-12' */
  @Column({ type: 'varchar', length: 20 })
  serie_num_afectado: string;

  @Column({ type: 'varchar', length: 255 })
  descripcion_motivo: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  monto_subtotal: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  monto_igv: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  monto_total: string;

  @Column({ type: 'varchar', length: 3, default: 'PEN' })
  moneda: string;

  /** YYYY-MM-DD (Lima). */
  @Column({ type: 'date' })
  fecha_emision: string;

  /** HH:mm:ss (Lima): the XML's IssueTime. */
  @Column({ type: 'varchar', length: 8 })
  hora_emision: string;

  @Column({ type: 'varchar', length: 10, default: NOTA_PENDIENTE })
  estado: EstadoNota;

  /** null: never voided (or the voiding was rejected). */
  @Column({ type: 'varchar', length: 12, nullable: true })
  baja: BajaNota | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  hash_cpe: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  xml_url: string | null;

  /** '20000000001-07-FC01-1.xml' */
  @Column({ type: 'varchar', length: 255, nullable: true })
  nombre_xml: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  cdr_url: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  codigo_sunat: string | null;

  @Column({ type: 'text', nullable: true })
  mensaje_sunat: string | null;

  /** Set while a sendBill is in flight (committed before the call, cleared with its answer); see NotaEnvioService. */
  @Column({ type: 'timestamptz', nullable: true })
  enviando_desde: Date | null;

  /** Issue 19: a partial note (items, monto or cuotas) credits part of the sale and never annuls it. */
  @Column({ type: 'boolean', default: false })
  parcial: boolean;

  /** Partial credit notes and itemised debit notes: the lines the XML carries, as printed. */
  @Column({ type: 'jsonb', nullable: true })
  lineas: LineaNota[] | null;

  /** Reason 13: the sale's new instalments. */
  @Column({ type: 'jsonb', nullable: true })
  cuotas: CuotaNota[] | null;

  /** SUNAT's observations (4000+), 'codigo - mensaje': its rules at signing, then its CDR's notes (issue 16). */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  observaciones: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
