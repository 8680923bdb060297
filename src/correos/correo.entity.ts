import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { EstadoCorreo } from '@/common/estados';
import type { TipoCorreo } from './correo-tipos';

/** One mail of a document to its buyer: waiting, sent, or failed for good. A resend is a new row. */
@Entity('correos')
export class Correo {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'integer' })
  id_empresa: number;

  @Column({ type: 'varchar', length: 10 })
  tipo: TipoCorreo;

  @Column({ type: 'integer' })
  id_documento: number;

  @Column({ type: 'text', array: true })
  destinatarios: string[];

  @Column({ type: 'varchar', length: 10, default: 'pendiente' })
  estado: EstadoCorreo;

  @Column({ type: 'integer', default: 0 })
  intentos: number;

  @Column({ type: 'timestamptz' })
  proximo_intento: Date;

  /** Set while a sender has it; a claim older than a send can take was left by a crash and is taken again. */
  @Column({ type: 'timestamptz', nullable: true })
  reclamado_desde: Date | null;

  /** The SMTP server's answer (acceptance, refusal) or why the mail could not be built or sent. */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  detalle: string | null;

  /** When it reached its current state. */
  @Column({ type: 'timestamptz' })
  fecha: Date;

  @Column({ type: 'timestamptz' })
  creado_en: Date;
}
