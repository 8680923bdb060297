import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import type { SunatRulesTipo } from '../../validation';
import { dumpSignedXml } from '../../signing/testing/xml-dump';
import { canonicalize, withoutDeclaration } from './canonicalize';
import { signForTests, testCredentials } from './test-signer';
import { type XSD, validateSunatXsl, validateXsd } from './validators';

/** Everything SUNAT-facing a builder's output must pass, as one reusable set of expectations. */
export async function expectSunatReady(opts: { xml: string; fileName: string; xsd: keyof typeof XSD; tipo: SunatRulesTipo }): Promise<{
  signed: string;
  xslOutput: string;
}> {
  expect(canonicalize(opts.xml)).toBe(withoutDeclaration(opts.xml));
  const signed = signForTests(opts.xml);
  dumpSignedXml({ fileName: opts.fileName, xml: signed, tipo: opts.tipo, certificatePem: testCredentials().certificatePem });
  const xsd = await validateXsd(signed, opts.xsd);
  expect(xsd.output).toBe('validates');
  expect(xsd.status).toBe(0);
  const xsl = await validateSunatXsl(opts.tipo, signed, opts.fileName);
  expect(xsl.output).toMatch(/(^|\n)(OK|0 errors, \d+ warnings)$/);
  expect(xsl.status).toBe(0);
  return { signed, xslOutput: xsl.output };
}

/** The signed document verifies with an independent implementation (xml-crypto). */
export function verifiesWithXmlCrypto(signed: string): boolean {
  const doc = new DOMParser().parseFromString(signed, 'text/xml');
  const signature = doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0];
  const verifier = new SignedXml({ publicCert: testCredentials().certificatePem });
  verifier.loadSignature(signature as unknown as Node);
  return verifier.checkSignature(signed);
}
