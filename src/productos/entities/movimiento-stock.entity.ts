import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Producto } from './producto.entity';

export type TipoMovimiento = 'ingreso' | 'salida';

@Entity('movimientos_stock')
export class MovimientoStock {
  /** bigint: pg returns it as a string. */
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ type: 'int' })
  id_empresa: number;

  @Column({ type: 'int' })
  id_producto: number;

  @ManyToOne(() => Producto, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id_producto' })
  producto?: Producto;

  @Column({ type: 'varchar', length: 7 })
  tipo: TipoMovimiento;

  /** Up to 10 decimals, as sale quantities. */
  @Column({ type: 'numeric', precision: 22, scale: 10 })
  cantidad: string;

  @Column({ type: 'numeric', precision: 22, scale: 10 })
  stock_resultante: string;

  @Column({ type: 'varchar', length: 255 })
  motivo: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  referencia: string | null;

  @Column({ type: 'int', nullable: true })
  id_usuario: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
