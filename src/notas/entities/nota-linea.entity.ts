import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { TipoNota } from './motivo-nota.entity';

/**
 * What a partial note takes from a sale line (issue 19): units returned and the value and taxes credited.
 * The sums over a sale's live notes (pendiente, aceptado) are what is no longer left on each line.
 */
@Entity('nota_lineas')
export class NotaLinea {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 2 })
  tipo: TipoNota;

  @Column({ type: 'int' })
  id_nota: number;

  @Column({ type: 'int' })
  id_venta: number;

  @Column({ type: 'int', nullable: true })
  id_detalle: number | null;

  @Column({ type: 'int', nullable: true })
  id_producto: number | null;

  @Column({ type: 'numeric', precision: 22, scale: 10, default: 0 })
  cantidad: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  valor_venta: string;

  /** IGV, or IVAP on 17 lines; the unpaid IGV of free 11-16 lines. */
  @Column({ type: 'numeric', precision: 14, scale: 2 })
  igv: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  isc: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  isc_base: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  icbper: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  total: string;

  /** Returned units (reason 07) of a sale that took stock: they go back to stock when SUNAT accepts the note. */
  @Column({ type: 'boolean', default: false })
  devolver_stock: boolean;
}
