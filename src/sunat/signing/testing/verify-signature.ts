import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { XMLDSIG_NS } from '../signature-algorithms';
import { errorMessage } from '@/common/errors/error-detail';

export interface Verification {
  ok: boolean;
  detail: string;
}

/**
 * Independent check: xml-crypto, with the certificate given out of band (not trusted from KeyInfo).
 * (xmlsec1 checks the same documents in CI: see xml-dump.ts and scripts/ci-extras/xmlsec-verify.sh.)
 */
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
    return { ok: false, detail: errorMessage(error) };
  }
}

/** The certificate a signed document carries in KeyInfo, as PEM (self-signed test certificates anchor themselves). */
export function embeddedCertificatePem(xml: string): string {
  const base64 = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(xml)?.[1];
  if (!base64) throw new Error('El XML no lleva ds:X509Certificate');
  return `-----BEGIN CERTIFICATE-----\n${base64
    .replace(/\s+/g, '')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END CERTIFICATE-----\n`;
}
