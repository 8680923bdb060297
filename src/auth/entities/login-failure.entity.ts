import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One failed login, keyed by client address and login name: counted for the rate limit. */
@Entity('login_failures')
export class LoginFailure {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 300 })
  clave: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
