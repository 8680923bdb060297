/**
 * validateSunatRules / runSunatRules: in the SUNAT rules pool when one is in use (useSunatRulesPool; the
 * service starts one at boot), in this thread otherwise (scripts, most tests).
 */
import { runSunatRulesHere, type SunatRulesReport } from './engine';
import type { SunatRulesPool } from './pool';
import { DOC_TYPES } from './tipos';
import type { SunatFinding, SunatRulesOptions, SunatRulesTipo } from './types';
import { MAX_XML_BYTES } from './xml-input';

let active: SunatRulesPool | null = null;

/** Routes every validation of this process through `pool` (null: back to this thread). */
export function useSunatRulesPool(pool: SunatRulesPool | null): void {
  active = pool;
}

export function activeSunatRulesPool(): SunatRulesPool | null {
  return active;
}

/** Validates one document and returns every detail (see validateSunatRules). */
export function runSunatRules(tipo: SunatRulesTipo, xml: string | Buffer, options: SunatRulesOptions = {}): Promise<SunatRulesReport> {
  if (!active) return runSunatRulesHere(tipo, xml, options);
  // what fails at once fails here, without copying the document to a worker
  if (!DOC_TYPES[tipo]) return runSunatRulesHere(tipo, xml, options);
  const bytes = typeof xml === 'string' ? Buffer.byteLength(xml, 'utf8') : xml.length;
  if (bytes > MAX_XML_BYTES) return runSunatRulesHere(tipo, xml, options);
  return active.run(tipo, xml, options);
}

/**
 * Runs SUNAT's own XSL validation rules for this tipo on the document, as the Java reference tool
 * shared/tools/sunat-xsl does. A document that is not well-formed gives the single finding 0306.
 */
export async function validateSunatRules(tipo: SunatRulesTipo, xml: string | Buffer, options: SunatRulesOptions = {}): Promise<SunatFinding[]> {
  const report = await runSunatRules(tipo, xml, options);
  return report.findings.map(({ codigo, mensaje, severidad, ubicacion }) => ({ codigo, mensaje, severidad, ubicacion }));
}
