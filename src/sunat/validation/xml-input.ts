/**
 * Turns the document under test (string or bytes) into text the way an XML parser would (BOM, then the
 * encoding of the XML declaration), refusing what the Java reference tool's parser refuses (malformed UTF-8,
 * unknown encodings): those give SUNAT's 0306.
 */

/** Documents larger than this are refused before parsing (SUNAT's own limit for a zip is far below). */
export const MAX_XML_BYTES = 10 * 1024 * 1024;

export class UnreadableXml extends Error {}

const SINGLE_BYTE: Record<string, string> = {
  'iso-8859-1': 'latin1',
  'iso8859-1': 'latin1',
  'iso_8859-1': 'latin1',
  latin1: 'latin1',
  l1: 'latin1',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'iso-8859-15': 'iso-8859-15',
  'iso8859-15': 'iso-8859-15',
};

function declaredEncoding(head: string): string | null {
  const m = /^<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(head);
  return m ? m[1].toLowerCase() : null;
}

/** Decodes the document's bytes; UnreadableXml when a conforming parser would refuse them. */
export function decodeXml(input: string | Buffer): string {
  if (typeof input === 'string') {
    if (Buffer.byteLength(input, 'utf8') > MAX_XML_BYTES) throw tooLarge(Buffer.byteLength(input, 'utf8'));
    return input.replace(/^\uFEFF/, '');
  }
  if (input.length > MAX_XML_BYTES) throw tooLarge(input.length);
  if (input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) return utf8(input.subarray(3));
  if (input[0] === 0xfe && input[1] === 0xff) return new TextDecoder('utf-16be').decode(input.subarray(2));
  if (input[0] === 0xff && input[1] === 0xfe) return new TextDecoder('utf-16le').decode(input.subarray(2));
  const enc = declaredEncoding(input.subarray(0, 256).toString('latin1'));
  if (enc === null || enc === 'utf-8' || enc === 'utf8') return utf8(input);
  if (enc === 'us-ascii' || enc === 'ascii') {
    const bad = input.findIndex((b) => b > 0x7f);
    if (bad >= 0) throw new UnreadableXml(`byte 0x${input[bad].toString(16)} at offset ${bad} is not US-ASCII`);
    return input.toString('latin1');
  }
  const single = SINGLE_BYTE[enc];
  if (single === 'latin1') return input.toString('latin1');
  if (single) return new TextDecoder(single).decode(input);
  if (enc === 'utf-16' || enc === 'utf-16le' || enc === 'utf-16be') {
    throw new UnreadableXml(`encoding ${enc} declared but the document has no UTF-16 byte order mark`);
  }
  throw new UnreadableXml(`unsupported encoding ${enc}`);
}

function utf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UnreadableXml('Invalid byte sequence for UTF-8');
  }
}

function tooLarge(n: number): Error {
  return new RangeError(`SUNAT rules: the XML is ${n} bytes, more than the ${MAX_XML_BYTES} accepted`);
}

/**
 * Strict well-formedness check (XML 1.0 + namespaces) before SaxonJS parses the text: SaxonJS's own parser
 * accepts some documents a conforming parser (the Java tool's, SUNAT's) refuses, e.g. two root elements,
 * control characters, duplicate attributes. Entities declared in a DTD are not expanded (UBL documents have
 * no DTD): such a document is reported as unreadable.
 */
export function checkWellFormed(text: string): void {
  const { SaxesParser } = require('saxes') as typeof import('saxes');
  const parser = new SaxesParser({ xmlns: true, position: true });
  let first: string | null = null;
  parser.on('error', (e: Error) => {
    first ??= e.message;
  });
  parser.write(text).close();
  if (first !== null) throw new UnreadableXml(first);
}
