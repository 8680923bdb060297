import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SIGNATURE_ID } from '@/sunat/documents/signature';
import { validateXsd } from '@/sunat/validation/xsd';
import { canonicalize } from '@/sunat/xml/testing/canonicalize';
import { generateTestCertificate, type GeneratedCertificate } from './certificates/generate-test-certificate';
import { CertificateUnreadableError } from './certificates/certificate-errors';
import { InvalidXmlForSigningError } from './signing-errors';
import { sharedTestCertificate } from './testing/test-credentials';
import { verifyWithXmlCrypto } from './testing/verify-signature';
import { dumpSignedXml } from './testing/xml-dump';
import { signXml, XmlSigner } from './xml-signer';

const fixture = (name: string) => readFileSync(join(__dirname, '__fixtures__', name), 'utf8');
const CREDIT_NOTE = fixture('credit-note.canonical.xml'); // indented, root declares xmlns:ds
const COMPACT = fixture('credit-note.compact.canonical.xml'); // no whitespace, no xmlns:ds, escapes, non-ASCII
const FILE_NAME = '12345678912-07-FC01-1.xml'; // the fixtures' issuer and number

const withoutDeclaration = (xml: string) => xml.replace(/^<\?xml[^>]*\?>\s*/, '');
/** xml-crypto here; xmlsec1 in CI, on the same documents (SUNAT_XML_DUMP_DIR, scripts/ci-extras/xmlsec-verify.sh). */
const expectVerified = (xml: string, pem: string) => {
  expect(verifyWithXmlCrypto(xml, pem)).toEqual({ ok: true, detail: 'OK' });
  dumpSignedXml({ fileName: FILE_NAME, xml, tipo: '07', certificatePem: pem });
};
const expectRejected = (xml: string, pem: string) => {
  expect(verifyWithXmlCrypto(xml, pem).ok).toBe(false);
};

describe('XmlSigner', () => {
  let cert: GeneratedCertificate;
  let signer: XmlSigner;

  beforeAll(async () => {
    cert = await sharedTestCertificate();
    signer = new XmlSigner(cert.loaded);
  });

  it.each([
    ['an indented document whose root declares ds', CREDIT_NOTE],
    ['a compact document with escaped text, non-ASCII and no ds declaration', COMPACT],
  ])('signs %s so that xml-crypto accepts it (and xmlsec1 in CI)', (_, xml) => {
    expectVerified(signer.sign(xml).xml, cert.certificatePem);
  });

  it('writes the signature SUNAT expects inside the empty ExtensionContent', () => {
    const { xml } = signer.sign(CREDIT_NOTE);
    const signature = /<ext:ExtensionContent>(<ds:Signature[\s\S]*<\/ds:Signature>)<\/ext:ExtensionContent>/.exec(xml)?.[1];
    expect(signature).toBeDefined();
    expect(signature).toMatch(new RegExp(`^<ds:Signature Id="${SIGNATURE_ID}"><ds:SignedInfo>`));
    expect(signature).toContain('<ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315">');
    expect(signature).toContain('<ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1">');
    expect(signature).toContain(
      '<ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"></ds:Transform></ds:Transforms>',
    );
    expect(signature).toContain('<ds:DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1">');
    expect(signature).toContain(`<ds:X509Certificate>${cert.loaded.certificate.raw.toString('base64')}</ds:X509Certificate>`);
    expect(xml.match(/<ds:Signature[ >]/g)).toHaveLength(1);
  });

  it('declares the ds namespace on ds:Signature only when the root does not', () => {
    expect(signer.sign(CREDIT_NOTE).xml).toContain(`<ds:Signature Id="${SIGNATURE_ID}">`);
    expect(signer.sign(COMPACT).xml).toContain(`<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="${SIGNATURE_ID}">`);
  });

  it('returns as hash_cpe the SHA-1 of the canonical document, which is the DigestValue written', () => {
    const { xml, digestValue } = signer.sign(COMPACT);
    expect(digestValue).toBe(createHash('sha1').update(withoutDeclaration(COMPACT)).digest('base64'));
    expect(xml).toContain(`<ds:DigestValue>${digestValue}</ds:DigestValue>`);
  });

  it('keeps the document canonical, only adding the signature', () => {
    const { xml } = signer.sign(COMPACT);
    // Inclusive C14N 1.0 by xml-crypto on an @xmldom parse, independent of the signer's own serialisation.
    expect(canonicalize(xml)).toBe(withoutDeclaration(xml));
    expect(xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')).toBe(COMPACT);
  });

  it('produces a credit note valid against the UBL 2.1 schema', async () => {
    expect(await validateXsd('creditNote', signer.sign(CREDIT_NOTE).xml)).toEqual({ valid: true, errors: [] });
  });

  it.each([
    ['a character of the content', (xml: string) => xml.replace('Item1', 'Item2')],
    ['an amount', (xml: string) => xml.replace('>2360.00<', '>2361.00<')],
    ['the DigestValue', (xml: string) => xml.replace(/<ds:DigestValue>./, (m) => m.slice(0, -1) + (m.endsWith('A') ? 'B' : 'A'))],
    ['the SignatureValue', (xml: string) => xml.replace(/<ds:SignatureValue>./, (m) => m.slice(0, -1) + (m.endsWith('A') ? 'B' : 'A'))],
  ])('is rejected after changing %s', (_, tamper) => {
    const { xml } = signer.sign(CREDIT_NOTE);
    const tampered = tamper(xml);
    expect(tampered).not.toBe(xml);
    expectRejected(tampered, cert.certificatePem);
  });

  it('is rejected when checked against another certificate', async () => {
    const other = await generateTestCertificate({ ruc: '20999999999' });
    expectRejected(signer.sign(CREDIT_NOTE).xml, other.certificatePem);
  });

  it('signs with RSA-SHA256 and a SHA-256 digest when asked', () => {
    const { xml, digestValue } = new XmlSigner(cert.loaded, { algorithm: 'sha256' }).sign(COMPACT);
    expect(xml).toContain('<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256">');
    expect(xml).toContain('<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256">');
    expect(digestValue).toBe(createHash('sha256').update(withoutDeclaration(COMPACT)).digest('base64'));
    expectVerified(xml, cert.certificatePem);
    expectRejected(xml.replace('Item1', 'Item3'), cert.certificatePem);
  });

  it('accepts a document without XML declaration and with a trailing newline', () => {
    const { xml } = signer.sign(withoutDeclaration(COMPACT) + '\n');
    expectVerified(xml, cert.certificatePem);
  });

  it('offers a function form with the same output (PKCS#1 v1.5 signatures are deterministic)', () => {
    expect(signXml(COMPACT, cert.loaded)).toEqual(signer.sign(COMPACT));
  });

  it('refuses a certificate that is not bare base64, since it is written verbatim', () => {
    const pem = { ...cert.loaded, certificateDerBase64: cert.certificatePem };
    expect(() => new XmlSigner(pem)).toThrow(CertificateUnreadableError);
  });

  it.each([
    [
      'has no empty ExtensionContent',
      CREDIT_NOTE.replace('<ext:ExtensionContent></ext:ExtensionContent>', '<ext:ExtensionContent><x></x></ext:ExtensionContent>'),
    ],
    ['contains comments', CREDIT_NOTE.replace('<cbc:UBLVersionID>', '<!-- c --><cbc:UBLVersionID>')],
    ['binds ds to another namespace', COMPACT.replace('<CreditNote ', '<CreditNote xmlns:ds="urn:otro" ')],
    ['does not start with an element', 'texto'],
  ])('refuses a document that %s', (_, xml) => {
    expect(() => signer.sign(xml)).toThrow(InvalidXmlForSigningError);
  });
});
