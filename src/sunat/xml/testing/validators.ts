import { type SunatFinding, type SunatRulesTipo, validateSunatRules } from '../../validation';
import { validateXsd as validateWithLibxml2, XSD_FILES, type XsdKind } from '../../validation/xsd';

/** The schema of each document kind (under vendor/sunat/xsd). */
export const XSD = XSD_FILES;

export interface ToolResult {
  /** 0 when the check passed. */
  status: number;
  output: string;
}

/** XSD validation with libxml2 (WebAssembly, src/sunat/validation/xsd.ts); output "validates" or libxml2's messages. */
export async function validateXsd(xml: string, xsd: XsdKind): Promise<ToolResult> {
  const result = await validateWithLibxml2(xsd, xml);
  return result.valid ? { status: 0, output: 'validates' } : { status: 1, output: result.errors.join('\n') };
}

/**
 * SUNAT's own XSL rules, run in Node (src/sunat/validation). Status 0 means no finding of severity
 * 'error' (observations allowed); the output lists every finding (`codigo<TAB>severidad<TAB>mensaje<TAB>ubicacion`) and ends with "OK" or
 * "<n> errors, <m> warnings". `fileName` is the SUNAT file name (the rules compare it with the content).
 */
export async function validateSunatXsl(tipo: SunatRulesTipo, xml: string, fileName: string): Promise<ToolResult & { findings: SunatFinding[] }> {
  const findings = await validateSunatRules(tipo, xml, { fileName });
  const errors = findings.filter((f) => f.severidad === 'error').length;
  const lines = findings.map((f) => [f.codigo, f.severidad, f.mensaje, f.ubicacion].join('\t'));
  lines.push(findings.length === 0 ? 'OK' : `${errors} errors, ${findings.length - errors} warnings`);
  return { status: errors === 0 ? 0 : 1, output: lines.join('\n'), findings };
}
