import { SignedXml } from 'xml-crypto';
import * as xpath from 'xpath';
import { parseXml } from '@/sunat/cdr/safe-xml';
import { KeyAndCert } from './self-signed';

const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

export interface SignOptions {
  /** Id of the ds:Signature element (SUNAT issuers use the cac:Signature ID, e.g. 'SignSUNAT'). */
  signatureId: string;
  algorithm?: 'sha1' | 'sha256';
}

const ALGORITHMS = {
  sha1: { signature: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1', digest: 'http://www.w3.org/2000/09/xmldsig#sha1' },
  sha256: { signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', digest: 'http://www.w3.org/2001/04/xmlenc#sha256' },
} as const;

/** Enveloped XMLDSig with Reference URI="" in the first ext:ExtensionContent, as SUNAT documents carry. */
export function signXml(xml: string, key: KeyAndCert, options: SignOptions): string {
  const algorithm = ALGORITHMS[options.algorithm ?? 'sha1'];
  const signer = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: key.certPem,
    signatureAlgorithm: algorithm.signature,
    canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  });
  signer.addReference({
    xpath: '/*',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315'],
    digestAlgorithm: algorithm.digest,
    isEmptyUri: true,
  });
  signer.computeSignature(xml, {
    prefix: 'ds',
    attrs: { Id: options.signatureId },
    location: { reference: "(//*[local-name()='ExtensionContent'])[1]", action: 'append' },
  });
  return signer.getSignedXml();
}

export type SignatureCheck = { valid: true } | { valid: false; reason: string };

/** Verifies against the certificate in KeyInfo: the simulator checks integrity, not who signed. */
export function verifyXmlSignature(xml: string): SignatureCheck {
  const doc = parseXml(xml);
  const signatures = xpath.select(`//*[local-name()='Signature' and namespace-uri()='${DSIG_NS}']`, doc) as Node[];
  if (signatures.length !== 1) return { valid: false, reason: signatures.length ? 'más de una firma' : 'sin firma' };
  const verifier = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
  try {
    verifier.loadSignature(signatures[0]);
    if (!verifier.checkSignature(xml)) return { valid: false, reason: 'firma inválida' };
  } catch (error) {
    return { valid: false, reason: (error as Error).message };
  }
  return { valid: true };
}
