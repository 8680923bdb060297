import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { GuiaRemision } from './guia-remision.entity';

@Entity('guia_remision_detalles')
export class GuiaRemisionDetalle {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' }) id_guia: number;
  @Column({ type: 'int', nullable: true }) id_producto: number | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) codigo: string | null;
  @Column({ type: 'varchar', length: 500 }) descripcion: string;
  @Column({ type: 'numeric', precision: 14, scale: 3 }) cantidad: string;
  @Column({ type: 'varchar', length: 3 }) unidad: string;

  @ManyToOne(() => GuiaRemision, (g) => g.detalles, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id_guia' })
  guia?: GuiaRemision;
}
