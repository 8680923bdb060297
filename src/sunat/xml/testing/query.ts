import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { NS } from '../namespaces';

const select = xpath.useNamespaces({ ...NS });

/** Text of every node an XPath selects (prefixes cac, cbc, ds, ext, sac; the root via /*). */
export function texts(xml: string, expression: string): string[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const nodes = select(expression, doc as unknown as Node) as Node[];
  return nodes.map((n) => n.textContent ?? '');
}
