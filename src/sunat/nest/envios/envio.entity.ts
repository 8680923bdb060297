import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { EstadoEnvio, ServicioSunat, TipoEnvio } from './envio-tipos';

/** One document waiting for SUNAT (or the record of how its automatic send ended). */
@Entity('envios_sunat')
export class EnvioSunat {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'integer' })
  id_empresa: number;

  @Column({ type: 'varchar', length: 10 })
  tipo: TipoEnvio;

  @Column({ type: 'integer' })
  id_documento: number;

  @Column({ type: 'varchar', length: 10 })
  servicio: ServicioSunat;

  @Column({ type: 'varchar', length: 12, default: 'pendiente' })
  estado: EstadoEnvio;

  @Column({ type: 'integer', default: 0 })
  intentos: number;

  @Column({ type: 'timestamptz' })
  proximo_intento: Date;

  @Column({ type: 'timestamptz', nullable: true })
  reclamado_desde: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  ultimo_error: string | null;

  @Column({ type: 'timestamptz' })
  creado_en: Date;

  @Column({ type: 'timestamptz' })
  actualizado_en: Date;
}
