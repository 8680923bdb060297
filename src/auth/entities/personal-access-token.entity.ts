import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A bearer token '<id>|<secret>': only the SHA-256 of the secret is stored. */
@Entity('personal_access_tokens')
export class PersonalAccessToken {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'int' })
  user_id: number;

  @Column({ type: 'char', length: 64 })
  token_hash: string;

  @Column({ type: 'int' })
  id_empresa_activa: number;

  @Column({ type: 'timestamptz' })
  expires_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at: Date | null;

  /** When the login that started this refresh chain happened: the chain ends SESSION_MAX_HOURS after it. */
  @Column({ type: 'timestamptz' })
  sesion_inicio: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
