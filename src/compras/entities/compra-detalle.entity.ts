import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Compra } from './compra.entity';

@Entity('compras_detalle')
export class CompraDetalle {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  id_compra: number;

  @ManyToOne(() => Compra, (c) => c.detalles, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id_compra' })
  compra?: Compra;

  @Column({ type: 'int' })
  id_producto: number;

  @Column({ type: 'numeric', precision: 14, scale: 3 })
  cantidad: string;

  /** Unit cost including IGV for gravado products. */
  @Column({ type: 'numeric', precision: 14, scale: 4 })
  costo_unitario: string;

  /** cantidad x costo_unitario rounded to cents. */
  @Column({ type: 'numeric', precision: 12, scale: 2 })
  importe: string;
}
