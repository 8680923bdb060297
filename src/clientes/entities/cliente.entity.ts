import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('clientes')
export class Cliente {
  @PrimaryGeneratedColumn({ name: 'id_cliente' })
  id_cliente: number;

  @Column({ type: 'int' })
  id_empresa: number;

  /** SUNAT catálogo 06: '1' DNI, '6' RUC, '4' carnet de extranjería, '7' pasaporte, '0' otros. */
  @Column({ type: 'varchar', length: 1 })
  tipo_doc: string;

  @Column({ type: 'varchar', length: 15 })
  documento: string;

  @Column({ type: 'varchar', length: 255 })
  datos: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  direccion: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  telefono: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
