import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { authConfig, AuthConfig } from '@/config/auth.config';
import { RetryLaterException } from '@/common/errors/http-errors';
import { MSG } from '@/common/errors/messages';
import { LoginThrottle } from './entities/login-throttle.entity';

const tooManyAttempts = (seconds: number) => new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, MSG.demasiadosIntentos, seconds);

/** The counter of failed logins naming no account, shared by every address (address keys hold a '|'). */
const UNKNOWN_NAMES = ':nombres-desconocidos';

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
  /** Keys the database answered "over the limit" for, until their window ends (this process only). */
  private readonly refusedUntil = new Map<string, number>();
  /** The tail of the attempts of each key in flight in this process. */
  private readonly queues = new Map<string, Promise<void>>();

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

  /** A ticket of the client address, taken first (before the login name is even looked up); 429 with Retry-After when used up. */
  async takeAddress(ip: string): Promise<string> {
    const address = `${ip}|*`.slice(0, 300);
    await this.attempt(address, this.config.loginMaxPerAddress);
    return address;
  }

  /** Then a ticket of the account (see key()); when that one is used up the address ticket is given back. */
  async takeAccount(address: string, ip: string, account: number | string): Promise<LoginTickets> {
    const tickets = { address, account: this.key(ip, account) };
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

  /**
   * A failed login, after its password check. One naming no account counts against every address's budget of
   * unknown names (LOGIN_MAX_UNKNOWN_NAMES per window: names sprayed from many addresses); once that budget is spent,
   * EVERY failed login is a 429, a wrong password for a real account as much as an unknown name, so the answer never
   * tells which names exist. A right password still logs in.
   */
  async failed(knownAccount: boolean): Promise<void> {
    if (!knownAccount) return this.attempt(UNKNOWN_NAMES, this.config.loginMaxUnknownNames);
    const rows: Array<{ espera: number }> = await this.counters.query(
      `SELECT ceil(extract(epoch FROM ventana_inicio + make_interval(mins => $2) - now()))::int AS espera
         FROM login_throttle WHERE clave = $1 AND intentos > $3 AND ventana_inicio > now() - make_interval(mins => $2)`,
      [UNKNOWN_NAMES, this.config.loginWindowMinutes, this.config.loginMaxUnknownNames],
    );
    if (rows.length) throw tooManyAttempts(Math.max(1, rows[0].espera));
  }

  /** The password could not be checked (the service was busy): neither ticket counts. */
  async unused(tickets: LoginTickets): Promise<void> {
    await this.giveBack(tickets.account);
    await this.giveBack(tickets.address);
  }

  /**
   * Counts this attempt; 429 with Retry-After (the rest of the window) when the window already holds `max`.
   * Attempts of one key wait for each other in this process, so a burst holds one database connection on the
   * key's row instead of the whole pool; once the database has said "over the limit", the rest of the burst and
   * later attempts of the window are refused here without asking it again.
   */
  attempt(key: string, max = this.config.loginMaxFailures): Promise<void> {
    this.assertNotRefused(key);
    return this.oneAtATime(key, async () => {
      this.assertNotRefused(key);
      const rows: Array<{ intentos: number; espera: number }> = await this.counters.query(
        `INSERT INTO login_throttle AS t (clave, intentos, ventana_inicio) VALUES ($1, 1, now())
         ON CONFLICT (clave) DO UPDATE SET
           intentos = CASE WHEN t.ventana_inicio <= now() - make_interval(mins => $2) THEN 1 ELSE t.intentos + 1 END,
           ventana_inicio = CASE WHEN t.ventana_inicio <= now() - make_interval(mins => $2) THEN now() ELSE t.ventana_inicio END
         RETURNING intentos, ceil(extract(epoch FROM t.ventana_inicio + make_interval(mins => $2) - now()))::int AS espera`,
        [key, this.config.loginWindowMinutes],
      );
      if (rows[0].intentos > max) {
        const seconds = Math.max(1, rows[0].espera);
        this.remember(key, Date.now() + seconds * 1000);
        throw tooManyAttempts(seconds);
      }
    });
  }

  /** After a successful login: the key starts afresh; windows that ended are swept on the way. */
  async clear(key: string): Promise<void> {
    this.refusedUntil.delete(key);
    await this.counters.query(`DELETE FROM login_throttle WHERE clave = $1 OR ventana_inicio <= now() - make_interval(mins => $2)`, [
      key,
      this.config.loginWindowMinutes,
    ]);
  }

  private assertNotRefused(key: string): void {
    const until = this.refusedUntil.get(key);
    if (until === undefined) return;
    const left = until - Date.now();
    if (left > 0) throw tooManyAttempts(Math.ceil(left / 1000));
    this.refusedUntil.delete(key);
  }

  private remember(key: string, until: number): void {
    if (this.refusedUntil.size >= 10_000) {
      const now = Date.now();
      for (const [k, u] of this.refusedUntil) if (u <= now) this.refusedUntil.delete(k);
      if (this.refusedUntil.size >= 10_000) this.refusedUntil.clear(); // the database still counts; this only saves it work
    }
    this.refusedUntil.set(key, until);
  }

  /** Runs `task` after the tasks of `key` started before it have ended. */
  private oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(key) ?? Promise.resolve()).then(task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return run;
  }

  private async giveBack(key: string): Promise<void> {
    await this.counters.query(`UPDATE login_throttle SET intentos = intentos - 1 WHERE clave = $1 AND intentos > 0`, [key]);
  }
}
