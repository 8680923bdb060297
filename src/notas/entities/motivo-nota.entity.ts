import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type TipoNota = 'NC' | 'ND';

/** SPEC "Reason (MotivoNota)": SUNAT catálogo 09 (NC) and 10 (ND), seeded by the Notas migration. */
@Entity('motivos_nota')
export class MotivoNota {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 2 })
  tipo: TipoNota;

  @Column({ type: 'char', length: 2 })
  codigo_sunat: string;

  @Column({ type: 'varchar', length: 255 })
  descripcion: string;

  /** Active reasons are the ones offered and accepted. */
  @Column({ type: 'boolean', default: true })
  estado: boolean;
}
