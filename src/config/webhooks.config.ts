import { registerAs } from '@nestjs/config';
import { isProduction } from './env';
import { bool, int, readEnv } from './schema';

export interface WebhooksConfig {
  /** This process delivers webhooks (off in tests unless a test turns it on, like the send queue). */
  enabled: boolean;
  /** How often an idle sender looks for deliveries whose turn has come. */
  intervalMs: number;
  /** Deliveries at once in this process (each holds one database connection of its own while it runs). */
  concurrency: number;
  /** The longest one delivery may take, connection and answer included. */
  timeoutMs: number;
  /** First wait after a failed attempt; it doubles with each attempt (with jitter) up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** An endpoint failing for this long (no 2xx since its first failure) is disabled. */
  disableAfterSeconds: number;
  /** Endpoints may point at loopback, private or link-local addresses (on-premise installations). */
  allowPrivate: boolean;
  /** How often the deadline and certificate checks run (each event is emitted once whatever the replicas). */
  checkIntervalMs: number;
}

export const webhooksSchema = () => ({
  WEBHOOKS_WORKER: bool(process.env.NODE_ENV !== 'test' || isProduction()),
  WEBHOOKS_INTERVAL_MS: int(1000, { min: 20, max: 600_000 }),
  WEBHOOKS_CONCURRENCY: int(4, { min: 1, max: 50 }),
  WEBHOOKS_TIMEOUT_MS: int(10_000, { min: 100, max: 60_000 }),
  WEBHOOKS_BACKOFF_BASE_MS: int(10_000, { min: 10, max: 3_600_000 }),
  WEBHOOKS_BACKOFF_MAX_MS: int(6 * 3_600_000, { min: 10, max: 86_400_000 }),
  WEBHOOKS_DISABLE_AFTER_SECONDS: int(3 * 86_400, { min: 1, max: 30 * 86_400 }),
  WEBHOOKS_ALLOW_PRIVATE: bool(!isProduction()),
  WEBHOOKS_CHECK_INTERVAL_MS: int(3_600_000, { min: 1000, max: 86_400_000 }),
});

export function loadWebhooksConfig(): WebhooksConfig {
  const env = readEnv('webhooks', webhooksSchema());
  return {
    enabled: env.WEBHOOKS_WORKER,
    intervalMs: env.WEBHOOKS_INTERVAL_MS,
    concurrency: env.WEBHOOKS_CONCURRENCY,
    timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
    backoffBaseMs: env.WEBHOOKS_BACKOFF_BASE_MS,
    backoffMaxMs: Math.max(env.WEBHOOKS_BACKOFF_MAX_MS, env.WEBHOOKS_BACKOFF_BASE_MS),
    disableAfterSeconds: env.WEBHOOKS_DISABLE_AFTER_SECONDS,
    allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
    checkIntervalMs: env.WEBHOOKS_CHECK_INTERVAL_MS,
  };
}

export const webhooksConfig = registerAs('webhooks', loadWebhooksConfig);
