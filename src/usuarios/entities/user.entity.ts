import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  /** Login name; login also accepts the email. */
  @Column({ type: 'varchar', length: 100, unique: true })
  usuario: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255, unique: true })
  email: string;

  /** bcrypt hash; never mapped into a response. */
  @Column({ type: 'varchar', length: 255 })
  password: string;

  @Column({ type: 'int' })
  rol_id: number;

  @Column({ type: 'int' })
  id_empresa: number;

  @Column({ type: 'char', length: 1, default: '1' })
  estado: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
