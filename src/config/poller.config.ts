import { registerAs } from '@nestjs/config';
import { envBool, envInt, isProduction } from './env';

export interface PollerConfig {
  enabled: boolean;
  /** First query of a new ticket, and the base of the exponential backoff between queries. */
  delaySeconds: number;
  /** Queries before giving up on a ticket (it can still be queried by hand). */
  maxAttempts: number;
  pollingIntervalSeconds: number;
}

export function loadPollerConfig(): PollerConfig {
  return {
    enabled: envBool('TICKET_POLLER', process.env.NODE_ENV !== 'test' || isProduction()),
    delaySeconds: envInt('TICKET_POLL_DELAY_SECONDS', 10),
    maxAttempts: envInt('TICKET_POLL_MAX_ATTEMPTS', 20),
    pollingIntervalSeconds: envInt('TICKET_POLL_INTERVAL_SECONDS', 2),
  };
}

export const pollerConfig = registerAs('poller', loadPollerConfig);
