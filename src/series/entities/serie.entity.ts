import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

@Entity('series')
@Unique('series_unique', ['id_empresa', 'tipo_documento', 'serie'])
export class Serie {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  id_empresa: number;

  @Column({ type: 'varchar', length: 2 })
  tipo_documento: string;

  @Column({ type: 'varchar', length: 4 })
  serie: string;

  /** Last number issued in this series. */
  @Column({ type: 'int', default: 0 })
  correlativo: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
