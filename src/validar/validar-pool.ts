import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DomainError } from '@/common/errors/domain-error';
import { SunatRulesPool, type SunatRulesOptions, type SunatRulesReport, type SunatRulesTipo } from '@/sunat/validation';
import { ALL_RULE_FILES } from '@/sunat/validation/tipos';
import { validarSettings, type ValidarSettings } from './validar-settings';

export const VALIDAR_OCUPADO = 'Hay demasiadas validaciones de XML en curso; intente nuevamente en unos momentos.';

/**
 * /api/validar's own budget, apart from the pool that checks the documents being issued: a small pool of worker
 * threads started on the first request, at most `workers + cola` requests admitted at once (the rest refused at
 * once: 503 with Retry-After), each document stopped after `timeoutMs` once a worker takes it (the worker is
 * terminated and replaced: the rules engine cannot be interrupted otherwise).
 */
@Injectable()
export class ValidarPool implements OnApplicationShutdown {
  private readonly logger = new Logger('Validar');
  readonly settings: ValidarSettings = validarSettings();
  private pool: SunatRulesPool | null = null;
  private admitidas = 0;
  private cerrado = false;
  /** Moving average of how long an admitted request takes, for Retry-After. */
  private promedioMs = 2000;

  async run(tipo: SunatRulesTipo, xml: string, options: SunatRulesOptions): Promise<SunatRulesReport> {
    const { workers, cola } = this.settings;
    if (this.cerrado || this.admitidas >= workers + cola) {
      throw new DomainError('SUNAT_RULES_BUSY', VALIDAR_OCUPADO, {}, this.reintentarEn());
    }
    this.admitidas++;
    const inicio = Date.now();
    try {
      return await this.iniciado().run(tipo, xml, options);
    } finally {
      this.admitidas--;
      this.promedioMs = 0.8 * this.promedioMs + 0.2 * (Date.now() - inicio);
    }
  }

  /** Requests admitted (validating or waiting for a worker), and of them waiting. */
  get ocupacion(): { admitidas: number; enEspera: number } {
    return { admitidas: this.admitidas, enEspera: this.pool?.waiting ?? 0 };
  }

  async onApplicationShutdown(): Promise<void> {
    this.cerrado = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.close();
  }

  private iniciado(): SunatRulesPool {
    if (!this.pool) {
      const { workers, timeoutMs, memoriaMb } = this.settings;
      // admission above bounds what waits: the pool's own queue never refuses
      this.pool = new SunatRulesPool({
        size: workers,
        maxQueue: workers + this.settings.cola,
        timeoutMs,
        oldGenerationMb: memoriaMb,
        warmRuleFiles: ALL_RULE_FILES,
      });
      this.logger.log(`Validar: ${workers} worker(s), ${this.settings.cola} en cola, ${timeoutMs} ms por documento`);
    }
    return this.pool;
  }

  /** Seconds until a place is likely free: the requests ahead of this one, by the recent time each takes (1..60 s). */
  private reintentarEn(): number {
    const rondas = this.admitidas / this.settings.workers;
    return Math.min(60, Math.max(1, Math.ceil((rondas * this.promedioMs) / 1000)));
  }
}
