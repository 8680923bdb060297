import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { authConfig, AuthConfig } from '@/config/auth.config';
import { MSG } from '@/common/errors/messages';
import { LoginThrottle } from './entities/login-throttle.entity';

/**
 * Limits login attempts per client address and account, in PostgreSQL so every replica shares the count.
 * Each attempt takes a numbered ticket from one atomic upsert before its password is checked: however many
 * attempts arrive at once, at most LOGIN_MAX_FAILURES of a window are evaluated, the rest get 429. A
 * successful login gives the key back (count cleared). The window is fixed, starting at its first attempt.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @InjectRepository(LoginThrottle) private readonly counters: Repository<LoginThrottle>,
    @Inject(authConfig.KEY) private readonly config: AuthConfig,
  ) {}

  /**
   * `account` is the account id when the login name or e-mail matched one (so both share a counter),
   * otherwise the login text as typed, normalised.
   */
  key(ip: string, account: number | string): string {
    const who = typeof account === 'number' ? `#${account}` : `@${account.trim().toLowerCase()}`;
    return `${ip}|${who}`.slice(0, 300);
  }

  /** Counts this attempt; 429 when the window already holds the maximum. */
  async attempt(key: string): Promise<void> {
    const rows: Array<{ intentos: number }> = await this.counters.query(
      `INSERT INTO login_throttle AS t (clave, intentos, ventana_inicio) VALUES ($1, 1, now())
       ON CONFLICT (clave) DO UPDATE SET
         intentos = CASE WHEN t.ventana_inicio <= now() - make_interval(mins => $2) THEN 1 ELSE t.intentos + 1 END,
         ventana_inicio = CASE WHEN t.ventana_inicio <= now() - make_interval(mins => $2) THEN now() ELSE t.ventana_inicio END
       RETURNING intentos`,
      [key, this.config.loginWindowMinutes],
    );
    if (rows[0].intentos > this.config.loginMaxFailures) {
      throw new HttpException({ success: false, message: MSG.demasiadosIntentos }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  /** After a successful login: the key starts afresh; windows that ended are swept on the way. */
  async clear(key: string): Promise<void> {
    await this.counters.query(`DELETE FROM login_throttle WHERE clave = $1 OR ventana_inicio <= now() - make_interval(mins => $2)`, [
      key,
      this.config.loginWindowMinutes,
    ]);
  }
}
