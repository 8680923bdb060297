import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ServicioSunat } from './envio-tipos';

/** What the senders last saw of one SUNAT service: up (caido_desde null) or down since when. */
@Entity('servicios_sunat')
export class ServicioSunatEstado {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  servicio: ServicioSunat;

  @Column({ type: 'timestamptz', nullable: true })
  caido_desde: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  ultimo_error: string | null;

  @Column({ type: 'timestamptz' })
  actualizado_en: Date;
}
