import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SHARED_DIR, SUNAT_XSL_TOOL } from './paths';

export const XSD = {
  invoice: 'xsd/2.1/maindoc/UBL-Invoice-2.1.xsd',
  creditNote: 'xsd/2.1/maindoc/UBL-CreditNote-2.1.xsd',
  debitNote: 'xsd/2.1/maindoc/UBL-DebitNote-2.1.xsd',
  despatch: 'xsd/2.1/maindoc/UBL-DespatchAdvice-2.1.xsd',
  summary: 'xsd/2.0/maindoc/UBLPE-SummaryDocuments-1.0.xsd',
  voided: 'xsd/2.0/maindoc/UBLPE-VoidedDocuments-1.0.xsd',
} as const;

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunat-xml-'));

/** Writes `xml` under its SUNAT file name in a temporary folder (the XSL rules compare the name). */
export function writeTemp(fileName: string, xml: string): string {
  const file = path.join(workDir, fileName);
  fs.writeFileSync(file, xml);
  return file;
}

export interface ToolResult {
  status: number | null;
  output: string;
}

/** xmllint schema validation of one file. */
export function validateXsd(file: string, xsd: keyof typeof XSD): ToolResult {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', path.join(SHARED_DIR, 'sunat', XSD[xsd]), file], {
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

/** SUNAT's own XSL rules (shared/tools/sunat-xsl); status 0 means no errors. */
export function validateSunatXsl(tipo: string, file: string): ToolResult {
  const run = spawnSync(SUNAT_XSL_TOOL, [tipo, file], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}
