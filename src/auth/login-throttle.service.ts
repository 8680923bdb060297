import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { authConfig, AuthConfig } from '@/config/auth.config';
import { RetryLaterException } from '@/common/errors/http-errors';
import { MSG } from '@/common/errors/messages';
import { LoginThrottle } from './entities/login-throttle.entity';

/** The two counters a login attempt holds a ticket of. */
export interface LoginTickets {
  address: string;
  account: string;
}

/**
 * Limits login attempts per client address and account, in PostgreSQL so every replica shares the count.
 * Each attempt takes a numbered ticket from one atomic upsert before its password is checked: however many
 * attempts arrive at once, at most LOGIN_MAX_FAILURES of a window are evaluated, the rest get 429. A
 * successful login gives the key back (count cleared). The window is fixed, starting at its first attempt.
 *
 * A login also takes a ticket of its client address alone (LOGIN_MAX_PER_ADDRESS): unknown login names each
 * have a counter of their own, so without it one address could try any number of names (each costing a
 * bcrypt comparison). Logins that succeed, and attempts refused before their password was checked, give
 * the address ticket back: it counts failed checks only.
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

  /** A ticket of the address, then of the account; 429 with Retry-After when either is used up. */
  async take(ip: string, account: number | string): Promise<LoginTickets> {
    const tickets = { address: `${ip}|*`.slice(0, 300), account: this.key(ip, account) };
    await this.attempt(tickets.address, this.config.loginMaxPerAddress);
    try {
      await this.attempt(tickets.account);
    } catch (e) {
      await this.giveBack(tickets.address);
      throw e;
    }
    return tickets;
  }

  /** The password was right: the account starts afresh and the address ticket is returned. */
  async succeeded(tickets: LoginTickets): Promise<void> {
    await this.clear(tickets.account);
    await this.giveBack(tickets.address);
  }

  /** The password could not be checked (the service was busy): neither ticket counts. */
  async unused(tickets: LoginTickets): Promise<void> {
    await this.giveBack(tickets.account);
    await this.giveBack(tickets.address);
  }

  /** Counts this attempt; 429 with Retry-After (the rest of the window) when the window already holds `max`. */
  async attempt(key: string, max = this.config.loginMaxFailures): Promise<void> {
    const rows: Array<{ intentos: number; espera: number }> = await this.counters.query(
      `INSERT INTO login_throttle AS t (clave, intentos, ventana_inicio) VALUES ($1, 1, now())
       ON CONFLICT (clave) DO UPDATE SET
         intentos = CASE WHEN t.ventana_inicio <= now() - make_interval(mins => $2) THEN 1 ELSE t.intentos + 1 END,
         ventana_inicio = CASE WHEN t.ventana_inicio <= now() - make_interval(mins => $2) THEN now() ELSE t.ventana_inicio END
       RETURNING intentos, ceil(extract(epoch FROM t.ventana_inicio + make_interval(mins => $2) - now()))::int AS espera`,
      [key, this.config.loginWindowMinutes],
    );
    if (rows[0].intentos > max) {
      throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, MSG.demasiadosIntentos, Math.max(1, rows[0].espera));
    }
  }

  /** After a successful login: the key starts afresh; windows that ended are swept on the way. */
  async clear(key: string): Promise<void> {
    await this.counters.query(`DELETE FROM login_throttle WHERE clave = $1 OR ventana_inicio <= now() - make_interval(mins => $2)`, [
      key,
      this.config.loginWindowMinutes,
    ]);
  }

  private async giveBack(key: string): Promise<void> {
    await this.counters.query(`UPDATE login_throttle SET intentos = intentos - 1 WHERE clave = $1 AND intentos > 0`, [key]);
  }
}
