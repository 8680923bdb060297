import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const SCHEMAS: Record<string, string> = {
  Invoice: '2.1/maindoc/UBL-Invoice-2.1.xsd',
  CreditNote: '2.1/maindoc/UBL-CreditNote-2.1.xsd',
  DebitNote: '2.1/maindoc/UBL-DebitNote-2.1.xsd',
  DespatchAdvice: '2.1/maindoc/UBL-DespatchAdvice-2.1.xsd',
  SummaryDocuments: '2.0/maindoc/UBLPE-SummaryDocuments-1.0.xsd',
  VoidedDocuments: '2.0/maindoc/UBLPE-VoidedDocuments-1.0.xsd',
};

/** xmllint in a child process: libxml2 is the validator SUNAT's own tools are checked against. */
export function validateXsd(xsdDir: string, root: string, xml: Buffer): Promise<string | undefined> {
  const schema = SCHEMAS[root] && join(xsdDir, SCHEMAS[root]);
  if (!schema || !existsSync(schema)) return Promise.resolve(`sin XSD para ${root}`);
  return new Promise((resolve) => {
    const child = execFile('xmllint', ['--noout', '--nonet', '--schema', schema, '-'], { timeout: 20_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve(undefined);
      const firstError = stderr.split('\n').find((line) => line.includes('error')) ?? stderr.trim() ?? error.message;
      resolve(firstError.replace(/^-:/, 'línea ').slice(0, 300));
    });
    child.stdin?.end(xml);
  });
}
