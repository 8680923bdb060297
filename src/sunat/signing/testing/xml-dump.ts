import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { embeddedCertificatePem } from './verify-signature';

/**
 * When SUNAT_XML_DUMP_DIR is set, every signed document a test checks is also written there for the
 * CI-only checkers (xmlsec1: scripts/ci-extras/xmlsec-verify.sh; SUNAT's Java XSL tool: .ci/run):
 * `$SUNAT_XML_DUMP_DIR/<tipo>/<SUNAT file name>` plus the certificate that must verify it beside it,
 * `<file>.cert.pem`. Another, different document with a name already taken goes to `<tipo>/<k>/<name>`
 * (k = 2, 3, …), since SUNAT's rules compare the file name with the content. A no-op otherwise.
 * Returns the path written, if any.
 */
export function dumpSignedXml(opts: { fileName: string; xml: string; tipo?: string; certificatePem?: string }): string | undefined {
  const root = process.env.SUNAT_XML_DUMP_DIR;
  if (!root) return undefined;
  const name = basename(opts.fileName).replace(/\.zip$/i, '.xml');
  const tipo = opts.tipo ?? /^\d{11}-([0-9A-Z]{2})-/.exec(name)?.[1];
  if (!tipo) throw new Error(`dumpSignedXml: no se deduce el tipo de ${opts.fileName}`);
  const certificatePem = opts.certificatePem ?? embeddedCertificatePem(opts.xml);
  for (let k = 1; k < 10_000; k++) {
    const dir = k === 1 ? join(root, tipo) : join(root, tipo, String(k));
    const file = join(dir, name);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(file, opts.xml, { flag: 'wx' }); // exclusive: jest workers may dump the same name at once
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (readFileSync(file, 'utf8') === opts.xml) return file;
      continue;
    }
    writeFileSync(`${file}.cert.pem`, certificatePem);
    return file;
  }
  throw new Error(`dumpSignedXml: demasiados ${tipo}/${name}`);
}
