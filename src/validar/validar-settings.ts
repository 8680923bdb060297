import { int, readEnv } from '@/config/schema';

export interface ValidarSettings {
  /** Worker threads of validar's own rules pool (never the pool that checks documents being issued). */
  workers: number;
  /** Requests waiting for a worker beyond which a new one is refused at once (503 with Retry-After). */
  cola: number;
  /** Per document, from the moment a worker takes it; the worker is then stopped and replaced. */
  timeoutMs: number;
  /** Heap (old generation, MB) of each worker: a document that needs more stops its worker. */
  memoriaMb: number;
  /** Requests per user inside a window, beyond which 429 with Retry-After. */
  maxPorVentana: number;
  ventanaSegundos: number;
}

/**
 * VALIDAR_WORKERS (1), VALIDAR_QUEUE (3), VALIDAR_TIMEOUT_MS (10 s), VALIDAR_WORKER_MEMORY_MB (512),
 * VALIDAR_RATE_MAX (60) per VALIDAR_RATE_WINDOW_SECONDS (60). Per process, like the issuing pool; the rate is
 * counted in PostgreSQL, so every process of a cluster shares it.
 */
export function validarSettings(env: NodeJS.ProcessEnv = process.env): ValidarSettings {
  const v = readEnv(
    'validar',
    {
      VALIDAR_WORKERS: int(1, { min: 1, max: 64 }),
      VALIDAR_QUEUE: int(3, { min: 0, max: 1000 }),
      VALIDAR_TIMEOUT_MS: int(10_000, { min: 100, max: 600_000 }),
      VALIDAR_WORKER_MEMORY_MB: int(512, { min: 128, max: 16_384 }),
      VALIDAR_RATE_MAX: int(60, { min: 1, max: 100_000 }),
      VALIDAR_RATE_WINDOW_SECONDS: int(60, { min: 1, max: 86_400 }),
    },
    env,
  );
  return {
    workers: v.VALIDAR_WORKERS,
    cola: v.VALIDAR_QUEUE,
    timeoutMs: v.VALIDAR_TIMEOUT_MS,
    memoriaMb: v.VALIDAR_WORKER_MEMORY_MB,
    maxPorVentana: v.VALIDAR_RATE_MAX,
    ventanaSegundos: v.VALIDAR_RATE_WINDOW_SECONDS,
  };
}
