import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { EstadoSunat, EstadoVenta, SUNAT_PENDIENTE, VENTA_ACTIVA } from '@/common/estados';
import { VentaDetalle } from './venta-detalle.entity';
import type { AnticipoAplicado, DocumentoRelacionadoGuardado, GuiaGuardada } from '../venta-referencias.types';
import type { CuotaGuardada, DetraccionGuardada, FormaPago, PercepcionGuardada, RetencionGuardada } from '../venta-pago.types';

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

  /** Catálogo 06 type of the client as issued (the XML's schemeID); a later change of the client does not change it. */
  @Column({ type: 'varchar', length: 1 })
  cliente_tipo_doc: string;

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

  /** Issue 17: free lines' value and the IGV they would carry; exports; IVAP base and tax; discounts (lines + global, without IGV). */
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  op_gratuitas: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  igv_gratuitas: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  op_exportacion: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  op_ivap: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  ivap: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  descuentos: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  descuento_global: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  icbper: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  isc: string;

  /** Catálogo 51: '0101' internal sale, '0200'-'0208' exports, '0401' non-domiciled. */
  @Column({ type: 'varchar', length: 4, default: '0101' })
  tipo_operacion: string;

  /** false: the lines' precio_unitario are values without IGV. */
  @Column({ type: 'boolean', default: true })
  precios_incluyen_igv: boolean;

  /** Issue 18 (migration VentasCondicionesPago): payment form, instalments, detracción, percepción, retención. */
  @Column({ type: 'varchar', length: 7, default: 'Contado' })
  forma_pago: FormaPago;

  @Column({ type: 'date', nullable: true })
  fecha_vencimiento: string | null;

  /** PEN per unit of tipo_moneda. */
  @Column({ type: 'numeric', precision: 12, scale: 6, nullable: true })
  tipo_cambio: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  cuotas: CuotaGuardada[];

  @Column({ type: 'jsonb', nullable: true })
  detraccion: DetraccionGuardada | null;

  @Column({ type: 'jsonb', nullable: true })
  percepcion: PercepcionGuardada | null;

  @Column({ type: 'jsonb', nullable: true })
  retencion: RetencionGuardada | null;

  /** In PEN. */
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  monto_detraccion: string;

  /** In PEN. */
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  monto_percepcion: string;

  /** In tipo_moneda. */
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  monto_retencion: string;

  /** What the client owes the issuer: total - detracción - retención, in tipo_moneda. */
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  monto_neto_pendiente: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  subtotal: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  igv: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  total: string;

  /**
   * Issue 19 (migration NotasParciales): totals of the ACCEPTED credit and debit notes, written only by the notes
   * (VentasService.ajustarSaldo), and saldo = total - notas_credito + notas_debito, computed by PostgreSQL.
   */
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0, insert: false, update: false })
  notas_credito: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0, insert: false, update: false })
  notas_debito: string;

  @Column({
    type: 'numeric',
    precision: 14,
    scale: 2,
    insert: false,
    update: false,
    generatedType: 'STORED',
    asExpression: 'total - notas_credito + notas_debito',
  })
  saldo: string;

  @Column({ type: 'char', length: 1, default: VENTA_ACTIVA })
  /** VENTA_ACTIVA / VENTA_ANULADA (common/estados.ts). */
  estado: EstadoVenta;

  @Column({ type: 'char', length: 1, default: SUNAT_PENDIENTE })
  /** SUNAT_PENDIENTE … SUNAT_EN_PROCESO (common/estados.ts). */
  estado_sunat: EstadoSunat;

  @Column({ type: 'text', nullable: true })
  mensaje_sunat: string | null;

  /** Set while a sendBill is in flight (committed before the call, cleared with its answer); see VentaEnvioService. */
  @Column({ type: 'timestamptz', nullable: true })
  enviando_desde: Date | null;

  /** SUNAT's observations (4000+), 'codigo - mensaje': its rules at signing, then its CDR's notes (issue 16). */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  observaciones: string[];

  @Column({ type: 'varchar', length: 10, nullable: true })
  codigo_sunat: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  hash_cpe: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  nombre_xml: string | null;

  /** '/api/ventas/{id}/xml' once the sale has an XML, computed by PostgreSQL (migration VentasXmlUrlGenerada). */
  @Column({
    type: 'varchar',
    length: 500,
    nullable: true,
    insert: false,
    update: false,
    generatedType: 'STORED',
    asExpression: `CASE WHEN nombre_xml IS NULL THEN NULL ELSE '/api/ventas/' || id_venta || '/xml' END`,
  })
  xml_url: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  cdr_url: string | null;

  /** Quotation the sale came from; no FK (the quotations table is migrated later). */
  @Column({ type: 'int', nullable: true })
  cotizacion_id: number | null;

  /** True while the sale holds 'salida' movements for its lines. */
  @Column({ type: 'boolean', default: false })
  stock_descontado: boolean;

  /** Issue 18 part B (migration VentasReferenciasAnticipos): related guides, purchase order and catálogo 12 documents. */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  guias: GuiaGuardada[];

  @Column({ type: 'varchar', length: 20, nullable: true })
  orden_compra: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  documentos_relacionados: DocumentoRelacionadoGuardado[];

  /** An advance invoice a later sale of the same client may deduct. */
  @Column({ type: 'boolean', default: false })
  es_anticipo: boolean;

  /** Advances this sale deducts; the tracking rows are in venta_anticipos. */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  anticipos: AnticipoAplicado[];

  /** Sum of the deducted advances, taxes included (LegalMonetaryTotal/PrepaidAmount). */
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  total_anticipos: string;

  @OneToMany(() => VentaDetalle, (d) => d.venta)
  detalles?: VentaDetalle[];

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
