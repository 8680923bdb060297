import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { XMLDSIG_NS } from '../signature-algorithms';

export interface Verification {
  ok: boolean;
  detail: string;
}

/** Independent check #1: xml-crypto, with the certificate given out of band (not trusted from KeyInfo). */
export function verifyWithXmlCrypto(xml: string, certificatePem: string): Verification {
  try {
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const signatures = doc.getElementsByTagNameNS(XMLDSIG_NS, 'Signature');
    if (signatures.length !== 1) return { ok: false, detail: `${signatures.length} ds:Signature elements` };
    const verifier = new SignedXml({ publicCert: certificatePem });
    verifier.loadSignature(signatures[0] as unknown as Node);
    const ok = verifier.checkSignature(xml);
    return { ok, detail: ok ? 'OK' : 'a reference did not validate' };
  } catch (error) {
    return { ok: false, detail: String(error?.message ?? error) };
  }
}

/**
 * Independent check #2: xmlsec1 (libxml2 + OpenSSL). With --insecure it would verify with whatever
 * certificate KeyInfo carries, so the certificate is given as the trust anchor instead: the
 * embedded certificate must be that one (self-signed test certificates are their own anchor).
 */
export function verifyWithXmlsec(xml: string, certificatePem: string): Verification {
  const dir = mkdtempSync(join(tmpdir(), 'xmlsec-'));
  try {
    const xmlPath = join(dir, 'signed.xml');
    const certPath = join(dir, 'cert.pem');
    writeFileSync(xmlPath, xml);
    writeFileSync(certPath, certificatePem);
    const run = spawnSync(
      'xmlsec1',
      ['--verify', '--enabled-reference-uris', 'empty', '--trusted-pem', certPath, xmlPath],
      { encoding: 'utf8', timeout: 30_000 },
    );
    if (run.error) return { ok: false, detail: String(run.error.message) };
    return { ok: run.status === 0, detail: `${run.stdout}${run.stderr}`.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
