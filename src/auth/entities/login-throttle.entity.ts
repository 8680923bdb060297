import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Login attempts of one key (client address and account) inside the current window. */
@Entity('login_throttle')
export class LoginThrottle {
  @PrimaryColumn({ type: 'varchar', length: 300 })
  clave: string;

  @Column({ type: 'int' })
  intentos: number;

  @Column({ type: 'timestamptz' })
  ventana_inicio: Date;
}
