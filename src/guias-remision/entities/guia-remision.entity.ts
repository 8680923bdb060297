import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { EstadoGuia, GUIA_PENDIENTE } from '@/common/estados';
import { GuiaRemisionDetalle } from './guia-remision-detalle.entity';
import type { ConductorGuia, DocumentoRelacionadoGuia, ParteGuia, PuertoGuia } from '../guia-datos-motivo';

/** Weights stay strings as pg returns numeric columns; they go to the XML as written. */
@Entity('guias_remision')
export class GuiaRemision {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' }) id_empresa: number;
  @Column({ type: 'int', nullable: true }) id_usuario: number | null;
  @Column({ type: 'int', nullable: true }) id_venta: number | null;

  @Column({ type: 'varchar', length: 4 }) serie: string;
  @Column({ type: 'int' }) numero: number;
  @Column({ type: 'date' }) fecha_emision: string;
  @Column({ type: 'varchar', length: 8 }) hora_emision: string;

  @Column({ type: 'varchar', length: 1 }) destinatario_tipo_doc: string;
  @Column({ type: 'varchar', length: 15 }) destinatario_documento: string;
  @Column({ type: 'varchar', length: 255 }) destinatario_nombre: string;

  @Column({ type: 'varchar', length: 2 }) motivo_traslado: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) descripcion_motivo: string | null;
  @Column({ type: 'varchar', length: 2 }) mod_transporte: '01' | '02';
  @Column({ type: 'date' }) fecha_traslado: string;
  @Column({ type: 'numeric', precision: 14, scale: 3 }) peso_total: string;
  @Column({ type: 'varchar', length: 3 }) und_peso_total: string;

  @Column({ type: 'varchar', length: 6 }) ubigeo_partida: string;
  @Column({ type: 'varchar', length: 500 }) dir_partida: string;
  @Column({ type: 'varchar', length: 6 }) ubigeo_llegada: string;
  @Column({ type: 'varchar', length: 500 }) dir_llegada: string;

  @Column({ type: 'varchar', length: 1, nullable: true }) transportista_tipo_doc: string | null;
  @Column({ type: 'varchar', length: 15, nullable: true }) transportista_documento: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) transportista_nombre: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) transportista_nro_mtc: string | null;

  @Column({ type: 'varchar', length: 1, nullable: true }) conductor_tipo_doc: string | null;
  @Column({ type: 'varchar', length: 15, nullable: true }) conductor_documento: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) conductor_nombres: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) conductor_apellidos: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) conductor_licencia: string | null;
  @Column({ type: 'varchar', length: 10, nullable: true }) vehiculo_placa: string | null;
  @Column({ type: 'boolean', default: false }) vehiculo_m1l: boolean;

  @Column({ type: 'varchar', length: 500, nullable: true }) observaciones: string | null;

  /** Issue 19: what each catálogo 20 reason needs (see reglas-motivo.ts). */
  @Column({ type: 'jsonb', default: () => "'[]'" }) documentos_relacionados: DocumentoRelacionadoGuia[];
  @Column({ type: 'jsonb', nullable: true }) proveedor: ParteGuia | null;
  @Column({ type: 'jsonb', nullable: true }) comprador: ParteGuia | null;
  @Column({ type: 'varchar', length: 4, nullable: true }) establecimiento_partida: string | null;
  @Column({ type: 'varchar', length: 11, nullable: true }) establecimiento_partida_ruc: string | null;
  @Column({ type: 'varchar', length: 4, nullable: true }) establecimiento_llegada: string | null;
  @Column({ type: 'varchar', length: 11, nullable: true }) establecimiento_llegada_ruc: string | null;
  @Column({ type: 'int', nullable: true }) numero_bultos: number | null;
  @Column({ type: 'jsonb', nullable: true }) puerto: PuertoGuia | null;
  @Column({ type: 'jsonb', default: () => "'[]'" }) conductores_secundarios: ConductorGuia[];
  @Column({ type: 'jsonb', default: () => "'[]'" }) vehiculos_secundarios: string[];

  @Column({ type: 'varchar', length: 10, default: GUIA_PENDIENTE }) estado: EstadoGuia;
  @Column({ type: 'varchar', length: 100, nullable: true }) ticket_sunat: string | null;
  /** Set while the GRE upload is in flight (GuiaEnvioService). */
  @Column({ type: 'timestamptz', nullable: true }) enviando_desde: Date | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) hash_cpe: string | null;
  /** SUNAT's observations (4000+): from the pre-send rules at create, then the CDR's notes ('codigo - mensaje'). */
  @Column({ type: 'jsonb', default: () => "'[]'" }) observaciones_sunat: string[];
  @Column({ type: 'varchar', length: 500, nullable: true }) xml_url: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) nombre_xml: string | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) cdr_url: string | null;
  @Column({ type: 'varchar', length: 10, nullable: true }) codigo_sunat: string | null;
  @Column({ type: 'text', nullable: true }) mensaje_sunat: string | null;
  /** The QR link SUNAT puts in the GRE CDR (DocumentReference/DocumentDescription). */
  @Column({ type: 'varchar', length: 1000, nullable: true }) qr_url: string | null;

  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;

  @OneToMany(() => GuiaRemisionDetalle, (d) => d.guia, { cascade: ['insert'] })
  detalles?: GuiaRemisionDetalle[];
}
