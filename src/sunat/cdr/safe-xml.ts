import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';

/** Real CDRs and SOAP answers are a few KB; this only bounds the damage of a hostile answer. */
const MAX_XML_CHARS = 10 * 1024 * 1024;

export class UnsafeXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeXmlError';
  }
}

export class XmlParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlParseError';
  }
}

/**
 * Bytes to text honouring the declared encoding: older SUNAT CDRs are ISO-8859-1, and decoding them
 * as UTF-8 would turn 'Comunicación' into replacement characters.
 */
export function decodeXml(input: string | Buffer | Uint8Array): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const head = bytes.subarray(0, 200).toString('latin1');
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  const latin = declared && /^(iso-8859-1|latin1|l1|windows-1252|cp1252|us-ascii)$/.test(declared);
  return new TextDecoder(latin ? 'windows-1252' : 'utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/**
 * DTDs are refused outright, before any parser sees them: nothing SUNAT sends carries one, and this
 * closes XXE and entity-expansion bombs whatever the parser would do with them.
 */
export function assertSafeXml(text: string): void {
  if (text.length > MAX_XML_CHARS) throw new UnsafeXmlError('XML demasiado grande');
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw new UnsafeXmlError('XML con DOCTYPE o ENTITY rechazado');
  }
}

export function parseXml(input: string | Buffer | Uint8Array): Document {
  const text = decodeXml(input);
  assertSafeXml(text);
  if (!text.trim()) throw new XmlParseError('XML vacío');
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new XmlParseError(`XML mal formado: ${message}`);
    },
  });
  let doc;
  try {
    doc = parser.parseFromString(text, 'text/xml');
  } catch (error) {
    if (error instanceof XmlParseError) throw error;
    throw new XmlParseError(`XML mal formado: ${(error as Error).message}`);
  }
  if (!doc?.documentElement) throw new XmlParseError('XML sin elemento raíz');
  return doc as unknown as Document;
}

/** Namespace-agnostic path: 'DocumentResponse/Response/ResponseCode' -> local-name() steps. */
export function localPath(path: string): string {
  return path
    .split('/')
    .map((step) => (step === '' || step === '.' || step === '..' || step === '*' ? step : `*[local-name()='${step}']`))
    .join('/');
}

export function nodes(context: Node, path: string): Node[] {
  const result = xpath.select(localPath(path), context);
  return Array.isArray(result) ? result : [];
}

export function text(context: Node, path: string): string | undefined {
  const node = nodes(context, path)[0];
  const value = node?.textContent?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function texts(context: Node, path: string): string[] {
  return nodes(context, path)
    .map((node) => node.textContent?.trim() ?? '')
    .filter((value) => value !== '');
}
