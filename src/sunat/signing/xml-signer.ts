import { createHash, sign as rsaSign } from 'node:crypto';
import { SIGNATURE_ID } from '@/sunat/documents/signature';
import { rootNamespaces } from './root-namespaces';
import { ALGORITHMS, C14N_INCLUSIVE, ENVELOPED_SIGNATURE, type SignatureAlgorithm } from './signature-algorithms';
import type { SigningCredentials } from './signing-credentials';
import { CertificateUnreadableError } from './certificates/certificate-errors';
import { InvalidXmlForSigningError } from './signing-errors';

export interface XmlSignerOptions {
  /** 'sha1' (default, what SUNAT documents and issuers use) or 'sha256'. */
  algorithm?: SignatureAlgorithm;
}

export interface SignedXml {
  /** The input document with ds:Signature inside its ExtensionContent; still canonical after the declaration. */
  xml: string;
  /** Base64 DigestValue of the document: SUNAT's hash_cpe. */
  digestValue: string;
}

const EMPTY_EXTENSION = '<ext:ExtensionContent></ext:ExtensionContent>';
const EXTENSION_OPEN = '<ext:ExtensionContent>';

/**
 * Enveloped XMLDSig written as strings instead of through a DOM: the builders already emit inclusive
 * Canonical XML 1.0, so the bytes after the declaration are exactly what a verifier digests once it
 * removes ds:Signature (enveloped transform), and SignedInfo can be written in its canonical form.
 *
 * Contract for the input: canonical XML apart from an optional leading XML declaration, all namespace
 * declarations on the root element, no comments, and an empty ext:ExtensionContent for the signature.
 */
export class XmlSigner {
  private readonly hash: SignatureAlgorithm;
  /** SignedInfo children up to the DigestValue: fixed per algorithm. */
  private readonly referenceHead: string;
  private readonly keyInfo: string;

  constructor(
    private readonly credentials: SigningCredentials,
    options: XmlSignerOptions = {},
  ) {
    const uris = ALGORITHMS[options.algorithm ?? 'sha1'];
    this.hash = uris.hash;
    this.referenceHead =
      '<ds:CanonicalizationMethod Algorithm="' +
      C14N_INCLUSIVE +
      '"></ds:CanonicalizationMethod>' +
      '<ds:SignatureMethod Algorithm="' +
      uris.signatureMethod +
      '"></ds:SignatureMethod>' +
      '<ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="' +
      ENVELOPED_SIGNATURE +
      '"></ds:Transform></ds:Transforms>' +
      '<ds:DigestMethod Algorithm="' +
      uris.digestMethod +
      '"></ds:DigestMethod>';
    // Written verbatim into a canonical document, so it must be bare base64 (no PEM armour or breaks).
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credentials.certificateDerBase64)) {
      throw new CertificateUnreadableError('el certificado debe darse en base64 DER sin saltos de línea.');
    }
    this.keyInfo = '<ds:KeyInfo><ds:X509Data><ds:X509Certificate>' + credentials.certificateDerBase64 + '</ds:X509Certificate></ds:X509Data></ds:KeyInfo>';
  }

  sign(xml: string): SignedXml {
    const rootStart = findRootStart(xml);
    const rootTag = xml.slice(rootStart, findTagEnd(xml, rootStart) + 1);
    const slot = xml.indexOf(EMPTY_EXTENSION, rootStart);
    if (slot < 0) throw new InvalidXmlForSigningError('falta un ext:ExtensionContent vacío para la firma.');
    if (xml.includes('<!--', rootStart)) throw new InvalidXmlForSigningError('no debe contener comentarios.');

    const { signedInfoDeclarations, signatureDeclaration } = rootNamespaces(rootTag);
    const digestValue = createHash(this.hash)
      .update(xml.slice(rootStart, rootEnd(xml)), 'utf8')
      .digest('base64');

    const signedInfoBody = this.referenceHead + '<ds:DigestValue>' + digestValue + '</ds:DigestValue></ds:Reference></ds:SignedInfo>';
    // Canonicalized on its own, SignedInfo carries every namespace in scope; inside the document it
    // inherits them from the root, so only the signed bytes spell them out.
    const canonicalSignedInfo = '<ds:SignedInfo' + signedInfoDeclarations + '>' + signedInfoBody;
    const signatureValue = rsaSign(this.hash, Buffer.from(canonicalSignedInfo, 'utf8'), this.credentials.privateKey).toString('base64');

    // No whitespace around ds:Signature: whatever stays after the enveloped transform removes it must
    // be the very bytes that were digested.
    const signature =
      '<ds:Signature' +
      signatureDeclaration +
      ' Id="' +
      SIGNATURE_ID +
      '">' +
      '<ds:SignedInfo>' +
      signedInfoBody +
      '<ds:SignatureValue>' +
      signatureValue +
      '</ds:SignatureValue>' +
      this.keyInfo +
      '</ds:Signature>';
    const insertAt = slot + EXTENSION_OPEN.length;
    return { xml: xml.slice(0, insertAt) + signature + xml.slice(insertAt), digestValue };
  }
}

/** Function form for one-off use; prefer a long-lived XmlSigner per company. */
export function signXml(xml: string, credentials: SigningCredentials, options?: XmlSignerOptions): SignedXml {
  return new XmlSigner(credentials, options).sign(xml);
}

/** Index of the root element's '<', after an optional declaration and whitespace. */
function findRootStart(xml: string): number {
  let i = 0;
  if (xml.charCodeAt(0) === 0xfeff) i = 1;
  if (xml.startsWith('<?xml', i)) {
    const end = xml.indexOf('?>', i);
    if (end < 0) throw new InvalidXmlForSigningError('la declaración XML no está cerrada.');
    i = end + 2;
  }
  while (i < xml.length && isXmlSpace(xml.charCodeAt(i))) i++;
  const next = xml.charCodeAt(i + 1);
  // '?' and '!' would be a processing instruction, comment or DTD: not what the builders emit.
  if (xml.charCodeAt(i) !== 0x3c || next === 0x3f || next === 0x21 || Number.isNaN(next)) {
    throw new InvalidXmlForSigningError('no empieza con el elemento raíz.');
  }
  return i;
}

/** Index of the '>' closing the start tag at `start`; C14N leaves '>' unescaped inside attribute values. */
function findTagEnd(xml: string, start: number): number {
  let quoted = false;
  for (let i = start + 1; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (c === 0x22) quoted = !quoted;
    else if (c === 0x3e && !quoted) return i;
  }
  throw new InvalidXmlForSigningError('el elemento raíz no está cerrado.');
}

/** End of the root element: C14N drops whitespace after it, so a trailing newline is not digested. */
function rootEnd(xml: string): number {
  let end = xml.length;
  while (end > 0 && isXmlSpace(xml.charCodeAt(end - 1))) end--;
  return end;
}

function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}
