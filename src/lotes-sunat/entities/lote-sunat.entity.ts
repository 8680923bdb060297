import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { EstadoLote, LOTE_PREPARADO } from '@/common/estados';
import { LoteSunatItem } from './lote-sunat-item.entity';

export type TipoLote = 'RC' | 'RA';

@Entity('lotes_sunat')
export class LoteSunat {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  id_empresa: number;

  @Column({ type: 'int', nullable: true })
  id_usuario: number | null;

  @Column({ type: 'varchar', length: 2 })
  tipo: TipoLote;

  @Column({ type: 'date' })
  fecha_generacion: string;

  @Column({ type: 'date' })
  fecha_referencia: string;

  @Column({ type: 'int' })
  correlativo: number;

  @Column({ type: 'varchar', length: 100 })
  nombre_archivo: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  hash_cpe: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  ticket: string | null;

  @Column({ type: 'varchar', length: 12, default: LOTE_PREPARADO })
  estado: EstadoLote;

  @Column({ type: 'varchar', length: 10, nullable: true })
  codigo: string | null;

  @Column({ type: 'text', nullable: true })
  mensaje: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  notas: string[];

  /** SUNAT's observations (4000+) the pre-send rules found in the RC/RA file. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  observaciones: string[];

  @Column({ type: 'varchar', length: 255, nullable: true })
  cdr_url: string | null;

  @OneToMany(() => LoteSunatItem, (item) => item.lote)
  items?: LoteSunatItem[];

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
