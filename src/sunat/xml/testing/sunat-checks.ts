import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { canonicalize, withoutDeclaration } from './canonicalize';
import { signForTests, testCredentials } from './test-signer';
import { type XSD, validateSunatXsl, validateXsd, writeTemp } from './validators';

/** Everything SUNAT-facing a builder's output must pass, as one reusable set of expectations. */
export function expectSunatReady(opts: { xml: string; fileName: string; xsd: keyof typeof XSD; tipo: string }): {
  signed: string;
  xslOutput: string;
} {
  expect(canonicalize(opts.xml)).toBe(withoutDeclaration(opts.xml));
  const signed = signForTests(opts.xml);
  const file = writeTemp(opts.fileName, signed);
  const xsd = validateXsd(file, opts.xsd);
  expect(xsd.output).toMatch(/ validates$/);
  expect(xsd.status).toBe(0);
  const xsl = validateSunatXsl(opts.tipo, file);
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
