import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { defaultPoolSize, SunatRulesPool, useSunatRulesPool, type SunatRulesPoolOptions } from '@/sunat/validation';
import { DOC_TYPES, ruleFileFor, TIPOS } from '@/sunat/validation/tipos';

/** Every rule file the service may need: the default per tipo, plus RC 1.0.1 (CustomizationID 1.0). */
const RULE_FILES = [...new Set([...TIPOS.map((t) => DOC_TYPES[t].rules), ruleFileFor('RC', '1.0')])];

function whole(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got '${value}'`);
  return n;
}

/**
 * The pool's settings from the environment: SUNAT_RULES_WORKERS (worker threads; 0 validates on the event
 * loop; default CPU count − 1, at least 1, and 0 under jest, where each test app would start its own),
 * SUNAT_RULES_QUEUE (documents waiting beyond which a create fails at once), SUNAT_RULES_TIMEOUT_MS.
 */
export function sunatRulesPoolSettings(env: NodeJS.ProcessEnv = process.env): { workers: number; options: SunatRulesPoolOptions } {
  const workers = whole('SUNAT_RULES_WORKERS', env.SUNAT_RULES_WORKERS, 0) ?? (env.JEST_WORKER_ID ? 0 : defaultPoolSize());
  return {
    workers,
    options: {
      size: workers,
      maxQueue: whole('SUNAT_RULES_QUEUE', env.SUNAT_RULES_QUEUE, 0),
      timeoutMs: whole('SUNAT_RULES_TIMEOUT_MS', env.SUNAT_RULES_TIMEOUT_MS, 1),
      warmRuleFiles: RULE_FILES,
    },
  };
}

/**
 * Starts the SUNAT rules worker pool at boot (the workers load the rule files right away) and routes every
 * validateSunatRules of the process through it, so validating never blocks the event loop; stops it on shutdown.
 */
@Injectable()
export class SunatRulesPoolLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SunatRules');
  private pool: SunatRulesPool | null = null;

  onApplicationBootstrap(): void {
    const { workers, options } = sunatRulesPoolSettings();
    if (workers === 0) return;
    this.pool = new SunatRulesPool(options);
    useSunatRulesPool(this.pool);
    const started = Date.now();
    void this.pool.ready().then(() => this.logger.log(`Reglas SUNAT: ${workers} worker(s), el primero listo en ${Date.now() - started} ms`));
  }

  async onApplicationShutdown(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    if (!pool) return;
    useSunatRulesPool(null);
    await pool.close();
  }
}
