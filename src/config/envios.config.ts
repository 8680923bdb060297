import { registerAs } from '@nestjs/config';
import { isProduction } from './env';
import { bool, int, readEnv } from './schema';

export interface EnviosConfig {
  /** This process sends the queued documents (off in tests unless a test turns it on, like the ticket poller). */
  enabled: boolean;
  /** How often an idle sender looks for documents whose turn has come. */
  intervalMs: number;
  /** First wait after a transient failure; it doubles with each attempt (with jitter) up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Transient failures in a row that mark a SUNAT service down (the breaker opens). */
  breakerFailures: number;
  /** While a service is down, one document probes it this often. */
  breakerProbeMs: number;
  /** How often claims a crash left behind, and sends whose outcome was lost, are settled with SUNAT. */
  sweepMs: number;
  /** How often the companies' automatic daily summary (resumen_automatico) is checked: due ones are sent. */
  summaryCheckMs: number;
  /** Once a day, each active company's documents of the day before are reconciled with SUNAT. */
  conciliacionDiaria: boolean;
}

export const enviosSchema = () => ({
  AUTOSEND_WORKER: bool(process.env.NODE_ENV !== 'test' || isProduction()),
  AUTOSEND_INTERVAL_MS: int(1000, { min: 50, max: 600_000 }),
  AUTOSEND_BACKOFF_BASE_MS: int(5000, { min: 10, max: 3_600_000 }),
  AUTOSEND_BACKOFF_MAX_MS: int(300_000, { min: 10, max: 86_400_000 }),
  AUTOSEND_BREAKER_FAILURES: int(3, { min: 1, max: 1000 }),
  AUTOSEND_BREAKER_PROBE_MS: int(15_000, { min: 10, max: 3_600_000 }),
  AUTOSEND_SWEEP_MS: int(60_000, { min: 100, max: 86_400_000 }),
  AUTOSEND_SUMMARY_CHECK_MS: int(60_000, { min: 100, max: 3_600_000 }),
  CONCILIACION_DIARIA: bool(process.env.NODE_ENV !== 'test' || isProduction()),
});

export function loadEnviosConfig(): EnviosConfig {
  const env = readEnv('envios', enviosSchema());
  return {
    enabled: env.AUTOSEND_WORKER,
    intervalMs: env.AUTOSEND_INTERVAL_MS,
    backoffBaseMs: env.AUTOSEND_BACKOFF_BASE_MS,
    backoffMaxMs: Math.max(env.AUTOSEND_BACKOFF_MAX_MS, env.AUTOSEND_BACKOFF_BASE_MS),
    breakerFailures: env.AUTOSEND_BREAKER_FAILURES,
    breakerProbeMs: env.AUTOSEND_BREAKER_PROBE_MS,
    sweepMs: env.AUTOSEND_SWEEP_MS,
    summaryCheckMs: env.AUTOSEND_SUMMARY_CHECK_MS,
    conciliacionDiaria: env.CONCILIACION_DIARIA,
  };
}

export const enviosConfig = registerAs('envios', loadEnviosConfig);
