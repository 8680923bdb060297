import { Column, CreateDateColumn, Entity, JoinTable, ManyToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Permission } from './permission.entity';

@Entity('roles')
export class Role {
  @PrimaryGeneratedColumn({ name: 'rol_id' })
  rol_id: number;

  /** Unique per company (global roles share one namespace), case-insensitive: see the Seguridad migration. */
  @Column({ type: 'varchar', length: 100 })
  nombre: string;

  /** NULL: a global role, changed by administrators only; otherwise the company that owns the role. */
  @Column({ type: 'int', nullable: true })
  id_empresa: number | null;

  @ManyToMany(() => Permission)
  @JoinTable({
    name: 'role_permission',
    joinColumn: { name: 'rol_id', referencedColumnName: 'rol_id' },
    inverseJoinColumn: { name: 'permission_id', referencedColumnName: 'permission_id' },
  })
  permissions?: Permission[];

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
