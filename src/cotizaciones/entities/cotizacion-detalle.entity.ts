import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A product line as sent, plus the price applied and the line amount (both computed). */
@Entity('cotizacion_detalles')
export class CotizacionDetalle {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  id_cotizacion: number;

  @Column({ type: 'int', nullable: true })
  id_producto: number | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  codigo: string | null;

  @Column({ type: 'varchar', length: 255 })
  nombre: string;

  @Column({ type: 'numeric', precision: 14, scale: 3 })
  cantidad: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  precio_unitario: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, nullable: true })
  precio_especial: string | null;

  /** precio_especial when given, else precio_unitario (IGV included). */
  @Column({ type: 'numeric', precision: 14, scale: 2 })
  precio: string;

  /** round(precio x cantidad, 2). */
  @Column({ type: 'numeric', precision: 16, scale: 2 })
  importe: string;
}
