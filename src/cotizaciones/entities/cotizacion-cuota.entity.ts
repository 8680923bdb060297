import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('cotizacion_cuotas')
export class CotizacionCuota {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  id_cotizacion: number;

  /** 'inicial' (down payment) or 'cuota'. */
  @Column({ type: 'varchar', length: 7 })
  tipo: string;

  @Column({ type: 'numeric', precision: 16, scale: 2 })
  monto: string;

  @Column({ type: 'date' })
  fecha_vencimiento: string;
}
