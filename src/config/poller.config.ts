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
}

export const pollerSchema = () => ({
  TICKET_POLLER: bool(process.env.NODE_ENV !== 'test' || isProduction()),
  TICKET_POLL_DELAY_SECONDS: int(10, { min: 0, max: 24 * 3600 }),
  TICKET_POLL_MAX_ATTEMPTS: int(20, { min: 1, max: 1000 }),
  TICKET_POLL_INTERVAL_SECONDS: int(2, { min: 1, max: 3600 }),
});

export function loadPollerConfig(): PollerConfig {
  const env = readEnv('poller', pollerSchema());
  return {
    enabled: env.TICKET_POLLER,
    delaySeconds: env.TICKET_POLL_DELAY_SECONDS,
    maxAttempts: env.TICKET_POLL_MAX_ATTEMPTS,
    pollingIntervalSeconds: env.TICKET_POLL_INTERVAL_SECONDS,
  };
}

export const pollerConfig = registerAs('poller', loadPollerConfig);
