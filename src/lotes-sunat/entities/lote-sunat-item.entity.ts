import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { EstadoLinea } from '@/common/estados';
import { LoteSunat } from './lote-sunat.entity';

/**
 * One document carried by a batch, with the summary line status it was sent with ('1', '2', '3'): a sale,
 * or (RA only) a credit or debit note; exactly one of the three ids is set (CHECK in the migration).
 */
@Entity('lote_sunat_items')
export class LoteSunatItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  id_lote: number;

  @ManyToOne(() => LoteSunat, (lote) => lote.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id_lote' })
  lote?: LoteSunat;

  @Column({ type: 'int', nullable: true })
  id_venta: number | null;

  @Column({ type: 'int', nullable: true })
  id_nota_credito: number | null;

  @Column({ type: 'int', nullable: true })
  id_nota_debito: number | null;

  @Column({ type: 'char', length: 1 })
  estado_linea: EstadoLinea;

  @Column({ type: 'varchar', length: 200, nullable: true })
  motivo: string | null;

  /** RC: fingerprint of what the line reported (null before it was kept, and on RA lines). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  huella: string | null;

  /** false: refused from the batch (RA deadline) yet put in estado_sunat '3' as SPEC.md says. */
  @Column({ type: 'boolean', default: true })
  incluido: boolean;
}
