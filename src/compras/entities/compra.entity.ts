import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { CompraDetalle } from './compra-detalle.entity';

export const COMPRA_ANULADA = '2';

@Entity('compras')
export class Compra {
  @PrimaryGeneratedColumn({ name: 'id_compra' })
  id_compra: number;

  @Column({ type: 'int' })
  id_empresa: number;

  @Column({ type: 'int' })
  id_proveedor: number;

  @Column({ type: 'int', nullable: true })
  id_usuario: number | null;

  /** Issue date of the supplier's document (YYYY-MM-DD). */
  @Column({ type: 'date' })
  fecha: string;

  /** SUNAT catálogo 01 of the supplier's document ('01' factura, '03' boleta...). */
  @Column({ type: 'varchar', length: 2 })
  tipo_documento: string;

  @Column({ type: 'varchar', length: 4 })
  serie: string;

  @Column({ type: 'int' })
  numero: number;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  subtotal: string;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  igv: string;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  total: string;

  /** '1' registrada, '2' anulada. */
  @Column({ type: 'char', length: 1, default: '1' })
  estado: string;

  @Column({ type: 'text', nullable: true })
  observaciones: string | null;

  @OneToMany(() => CompraDetalle, (d) => d.compra)
  detalles?: CompraDetalle[];

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
