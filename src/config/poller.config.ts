import { registerAs } from '@nestjs/config';
import { isProduction } from './env';
import { bool, int, readEnv } from './schema';

export interface PollerConfig {
  enabled: boolean;
  /** First query of a new ticket, and the base of the exponential backoff between queries. */
  delaySeconds: number;
  /** Queries before giving up on a ticket (it can still be queried by hand). */
  maxAttempts: number;
  pollingIntervalSeconds: number;
  /** Tickets queried at once. */
  batchSize: number;
  /** The longest one ticket query may stay active before pg-boss fails it (a crashed process's job). */
  jobExpireSeconds: number;
  /** How often pg-boss expires such jobs. */
  maintenanceSeconds: number;
  /** How often the batches and guides still waiting for SUNAT get a ticket job again when they have none. */
  sweepSeconds: number;
}

export const pollerSchema = () => ({
  TICKET_POLLER: bool(process.env.NODE_ENV !== 'test' || isProduction()),
  TICKET_POLL_DELAY_SECONDS: int(10, { min: 0, max: 24 * 3600 }),
  TICKET_POLL_MAX_ATTEMPTS: int(20, { min: 1, max: 1000 }),
  TICKET_POLL_INTERVAL_SECONDS: int(2, { min: 1, max: 3600 }),
  TICKET_POLL_BATCH: int(10, { min: 1, max: 100 }),
  TICKET_JOB_EXPIRE_SECONDS: int(120, { min: 10, max: 3600 }),
  TICKET_MAINTENANCE_SECONDS: int(30, { min: 5, max: 3600 }),
  TICKET_SWEEP_SECONDS: int(60, { min: 1, max: 86_400 }),
});

export function loadPollerConfig(): PollerConfig {
  const env = readEnv('poller', pollerSchema());
  return {
    enabled: env.TICKET_POLLER,
    delaySeconds: env.TICKET_POLL_DELAY_SECONDS,
    maxAttempts: env.TICKET_POLL_MAX_ATTEMPTS,
    pollingIntervalSeconds: env.TICKET_POLL_INTERVAL_SECONDS,
    batchSize: env.TICKET_POLL_BATCH,
    jobExpireSeconds: env.TICKET_JOB_EXPIRE_SECONDS,
    maintenanceSeconds: env.TICKET_MAINTENANCE_SECONDS,
    sweepSeconds: env.TICKET_SWEEP_SECONDS,
  };
}

export const pollerConfig = registerAs('poller', loadPollerConfig);
