import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DomainError, sunatRulesBusy, sunatRulesRejected } from '@/common/errors/domain-error';
import { hoyLima } from '@/common/fecha';
import { activeSunatRulesPool, SunatRulesBusy, SunatRulesTimeout, validateSunatRules, type SunatFinding, type SunatRulesTipo } from '@/sunat/validation';
import { warmSunatRules } from '@/sunat/validation/engine';
import { DOC_TYPES, ruleFileFor, TIPOS } from '@/sunat/validation/tipos';

/** An observation as stored and answered: 'codigo - mensaje' (the form of a CDR note). */
export const observacionDe = (f: Pick<SunatFinding, 'codigo' | 'mensaje'>) => `${f.codigo} - ${f.mensaje}`;

/** SUNAT_RULES_REJECTED (422 `{success:false, message:'SUNAT rechazaría el comprobante.', errors:{xml:['<codigo>: <mensaje>']}}`). */
export function sunatWouldReject(errors: SunatFinding[]): DomainError {
  return sunatRulesRejected(errors.map((e) => `${e.codigo}: ${e.mensaje}`));
}

/** Every rule file the service may need: the default per tipo, plus RC 1.0.1 (CustomizationID 1.0). */
const RULE_FILES = [...new Set([...TIPOS.map((t) => DOC_TYPES[t].rules), ruleFileFor('RC', '1.0')])];

/**
 * SUNAT's own XSL rules (validation/) on every document the service signs, before anything is stored.
 * The rule files are compiled (or loaded from the disk cache) once, in the background right after boot; a
 * create arriving earlier waits for that same compilation (never a second one) and then runs normally.
 */
@Injectable()
export class SunatRulesCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('SunatRules');
  private warming: Promise<void> | undefined;
  /** Why the last compilation failed (undefined once every rule file loaded). */
  private failure: string | undefined;

  onApplicationBootstrap(): void {
    this.warming = this.warm();
  }

  /** Compiles every rule file once (native engine: well under a second each; SaxonJS: cached on disk, 5–30 s cold). */
  warm(): Promise<void> {
    this.warming ??= (async () => {
      const started = Date.now();
      this.failure = undefined;
      // With a worker pool the workers load the rules; the main thread only waits for them.
      const pool = activeSunatRulesPool();
      if (pool) {
        try {
          await pool.ready();
        } catch (error) {
          this.failure = (error as Error).message;
          this.logger.warn(`Reglas SUNAT: ${this.failure}`);
          return;
        }
        this.logger.log(`Reglas SUNAT listas en ${Date.now() - started} ms (pool)`);
        return;
      }
      for (const file of RULE_FILES) {
        try {
          await warmSunatRules([file]);
        } catch (error) {
          // the create that needs it will retry the compilation and answer its error
          this.failure = `${file}: ${(error as Error).message}`;
          this.logger.warn(`Reglas SUNAT ${this.failure}`);
        }
      }
      if (!this.failure) this.logger.log(`Reglas SUNAT listas en ${Date.now() - started} ms`);
    })();
    return this.warming;
  }

  /**
   * Whether every rule file loaded, for readiness: undefined when they did, otherwise why not. A failed
   * compilation is tried again on the next call, so a folder that comes back makes the replica ready again.
   */
  async failed(): Promise<string | undefined> {
    await this.warm();
    if (this.failure === undefined) return undefined;
    this.warming = undefined;
    await this.warm();
    return this.failure;
  }

  /** Findings of a signed document; errors are refused (SUNAT_RULES_REJECTED, 422), observations returned as 'codigo - mensaje'. */
  async check(tipo: SunatRulesTipo, xml: string, fileName: string): Promise<string[]> {
    const findings = await validateSunatRules(tipo, xml, { fileName, today: hoyLima() }).catch((error: unknown) => {
      if (error instanceof SunatRulesBusy || error instanceof SunatRulesTimeout) throw sunatRulesBusy();
      throw error;
    });
    const errors = findings.filter((f) => f.severidad === 'error');
    if (errors.length) throw sunatWouldReject(errors);
    return findings.filter((f) => f.severidad === 'observacion').map(observacionDe);
  }
}
