import { registerAs } from '@nestjs/config';
import { isProduction } from './env';
import { bool, int, readEnv } from './schema';

export interface CorreosConfig {
  /** This process sends the queued mails (off in tests unless a test turns it on, like the SUNAT sender). */
  enabled: boolean;
  /** How often an idle sender looks for mails whose turn has come. */
  intervalMs: number;
  /** Mails sent at once by this process. */
  concurrency: number;
  /** Attempts of one mail before a transient failure becomes its final error. */
  maxAttempts: number;
  /** First wait after a transient failure; it doubles with each attempt (with jitter) up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Connection, greeting and socket timeout of one SMTP conversation. */
  timeoutMs: number;
}

export const correosSchema = () => ({
  MAIL_WORKER: bool(process.env.NODE_ENV !== 'test' || isProduction()),
  MAIL_INTERVAL_MS: int(2000, { min: 50, max: 600_000 }),
  MAIL_CONCURRENCY: int(2, { min: 1, max: 50 }),
  MAIL_MAX_ATTEMPTS: int(6, { min: 1, max: 100 }),
  MAIL_BACKOFF_BASE_MS: int(30_000, { min: 10, max: 3_600_000 }),
  MAIL_BACKOFF_MAX_MS: int(1_800_000, { min: 10, max: 86_400_000 }),
  MAIL_TIMEOUT_MS: int(30_000, { min: 100, max: 600_000 }),
});

export function loadCorreosConfig(): CorreosConfig {
  const env = readEnv('correos', correosSchema());
  return {
    enabled: env.MAIL_WORKER,
    intervalMs: env.MAIL_INTERVAL_MS,
    concurrency: env.MAIL_CONCURRENCY,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    backoffBaseMs: env.MAIL_BACKOFF_BASE_MS,
    backoffMaxMs: Math.max(env.MAIL_BACKOFF_MAX_MS, env.MAIL_BACKOFF_BASE_MS),
    timeoutMs: env.MAIL_TIMEOUT_MS,
  };
}

export const correosConfig = registerAs('correos', loadCorreosConfig);
