import type { SendLimiterSettings } from '@/sunat/gateway/send-limiter';
import { databaseSchema } from './database.config';
import { int, readEnv } from './schema';

/** 8, or half the pool when that is smaller (at least 1): sends never take every connection reads need. */
export const defaultMaxConcurrentSends = (poolSize: number) => Math.max(1, Math.min(8, Math.floor(poolSize / 2)));

/**
 * SUNAT_MAX_CONCURRENT_SENDS (below DB_POOL_SIZE; default defaultMaxConcurrentSends), SUNAT_SEND_QUEUE (64) and
 * SUNAT_SEND_QUEUE_WAIT_MS (30 s): per process, like the pool.
 */
export function loadSunatSendsSettings(env: NodeJS.ProcessEnv = process.env): SendLimiterSettings {
  const { DB_POOL_SIZE: pool } = readEnv('database', { DB_POOL_SIZE: databaseSchema.DB_POOL_SIZE }, env);
  const v = readEnv(
    'envios',
    {
      SUNAT_MAX_CONCURRENT_SENDS: int(defaultMaxConcurrentSends(pool), { min: 1, max: Math.max(1, pool - 1) }),
      SUNAT_SEND_QUEUE: int(64, { min: 0, max: 10_000 }),
      SUNAT_SEND_QUEUE_WAIT_MS: int(30_000, { min: 0, max: 600_000 }),
    },
    env,
  );
  return { max: v.SUNAT_MAX_CONCURRENT_SENDS, queue: v.SUNAT_SEND_QUEUE, waitMs: v.SUNAT_SEND_QUEUE_WAIT_MS };
}
