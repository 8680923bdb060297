import { availableParallelism } from 'node:os';
import { int, readEnv } from '@/config/schema';

/** WEB_CONCURRENCY: worker processes of `npm run start:prod` (default: one per CPU). */
export function loadClusterConfig(env: NodeJS.ProcessEnv = process.env): { workers: number } {
  return { workers: readEnv('cluster', { WEB_CONCURRENCY: int(availableParallelism(), { min: 1, max: 256 }) }, env).WEB_CONCURRENCY };
}
