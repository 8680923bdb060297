import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { COTIZACION_PENDIENTE, EstadoCotizacion } from '@/common/estados';

/** Amounts stay strings as pg returns them; decimal.js works on them, never JS floats. */
@Entity('cotizaciones')
export class Cotizacion {
  @PrimaryGeneratedColumn({ name: 'id_cotizacion' })
  id_cotizacion: number;

  @Column({ type: 'int' })
  id_empresa: number;

  /** Who created it; null once that user is deleted. */
  @Column({ type: 'int', nullable: true })
  id_usuario: number | null;

  /** 'COT-000001', consecutive per company. */
  @Column({ type: 'varchar', length: 20 })
  numero: string;

  /** Set for a stored client (options 1 and 2); null for a free-text client. */
  @Column({ type: 'int', nullable: true })
  id_cliente: number | null;

  /** Free-text client (option 3) only. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  cliente_nombre: string | null;

  @Column({ type: 'date' })
  fecha: string;

  @Column({ type: 'varchar', length: 3 })
  moneda: string;

  @Column({ type: 'numeric', precision: 10, scale: 3, nullable: true })
  tipo_cambio: string | null;

  @Column({ type: 'boolean' })
  aplicar_igv: boolean;

  @Column({ type: 'numeric', precision: 16, scale: 2, default: 0 })
  descuento: string;

  @Column({ type: 'numeric', precision: 16, scale: 2 })
  monto_bruto: string;

  @Column({ type: 'numeric', precision: 16, scale: 2 })
  subtotal: string;

  @Column({ type: 'numeric', precision: 16, scale: 2 })
  igv: string;

  @Column({ type: 'numeric', precision: 16, scale: 2 })
  total: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  asunto: string | null;

  @Column({ type: 'text', nullable: true })
  observaciones: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  dias_pago: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  direccion: string | null;

  @Column({ type: 'varchar', length: 10, default: COTIZACION_PENDIENTE })
  estado: EstadoCotizacion;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
