import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numericToNumber } from '@/common/transformers';

export interface CertificadoInfo {
  subject: string;
  emisor: string;
  valido_desde: string;
  valido_hasta: string;
}

@Entity('empresas')
export class Empresa {
  @PrimaryGeneratedColumn({ name: 'id_empresa' })
  id_empresa: number;

  @Column({ type: 'varchar', length: 11, unique: true })
  ruc: string;

  @Column({ type: 'varchar', length: 255 })
  razon_social: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  comercial: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  direccion: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  telefono: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  user_sol: string | null;

  /** clave_sol encrypted with the app key; never mapped into a response. */
  @Column({ type: 'text', nullable: true })
  clave_sol_cifrada: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  logo: string | null;

  @Column({ type: 'varchar', length: 6, nullable: true })
  ubigeo: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  distrito: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  provincia: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  departamento: string | null;

  /** Printed at the foot of every document (e.g. "Autorizado mediante Resolución de Intendencia N° ..."). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  leyenda_pie: string | null;

  @Column({ type: 'numeric', precision: 5, scale: 2, default: 18, transformer: numericToNumber })
  igv: number;

  @Column({ type: 'char', length: 1, default: '1' })
  estado: string;

  @Column({ type: 'varchar', length: 20, default: 'beta' })
  modo: string;

  /** Facturas, their notes and guides are queued for SUNAT in the transaction that creates them. */
  @Column({ type: 'boolean', default: false })
  envio_automatico: boolean;

  /** 'HH:MM' (Lima): when the boletas go in a daily summary by themselves (API.md "Automatic daily summary"); null: never. */
  @Column({ type: 'varchar', length: 5, nullable: true })
  resumen_automatico: string | null;

  /** YYYY-MM-DD (Lima): the last day whose automatic summary ended; written only by ResumenAutomaticoService. */
  @Column({ type: 'date', nullable: true })
  resumen_automatico_ultimo: string | null;
  /** smtp:// or smtps:// URL with its credentials, encrypted with the app key; never mapped into a response. */
  @Column({ type: 'text', nullable: true })
  smtp_url_cifrada: string | null;

  /** From address of the mails to buyers (the company's `email` when null). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  correo_remitente: string | null;

  /** Every accepted factura, boleta and note is e-mailed to its client (when the client has an e-mail). */
  @Column({ type: 'boolean', default: false })
  correo_automatico: boolean;

  /** PEM key + certificate, encrypted with the app key. */
  @Column({ type: 'text', nullable: true })
  certificado_cifrado: string | null;

  @Column({ type: 'jsonb', nullable: true })
  certificado_info: CertificadoInfo | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
