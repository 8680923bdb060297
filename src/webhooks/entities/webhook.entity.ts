import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A company's webhook endpoint. The secret is stored encrypted with APP_KEY and never mapped into an answer but the create and rotate ones. */
@Entity('webhooks')
export class Webhook {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  id_empresa: number;

  @Column({ type: 'varchar', length: 2000 })
  url: string;

  /** Subscribed event types; null: every type. */
  @Column({ type: 'text', array: true, nullable: true })
  eventos: string[] | null;

  @Column({ type: 'text' })
  secreto_cifrado: string;

  @Column({ type: 'boolean', default: true })
  activo: boolean;

  /** First failed attempt since the last delivered one; null while it answers. */
  @Column({ type: 'timestamptz', nullable: true })
  fallando_desde: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  desactivado_en: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  motivo_desactivacion: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
