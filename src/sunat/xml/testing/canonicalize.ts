import { DOMParser } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';

/** Inclusive C14N 1.0 (xml-crypto) of a whole document, used to check the builders' canonical-form claim. */
export function canonicalize(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return new C14nCanonicalization().process(doc.documentElement as unknown as Node, {});
}

export function withoutDeclaration(xml: string): string {
  return xml.replace(/^<\?xml[^?]*\?>\n?/, '');
}
