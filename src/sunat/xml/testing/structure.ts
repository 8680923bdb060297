import * as fs from 'node:fs';
import * as path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { VENDOR_SUNAT_DIR } from './paths';

/*
 * A UBL document as the ordered list of its elements (path from the root, e.g.
 * 'Invoice/cac:Signature/cbc:ID') with the text of leaves, ignoring ds:Signature and whitespace.
 * Used to compare our output with the real samples element by element.
 */

interface XmlNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<XmlNode>;
}

export interface ElementEntry {
  path: string;
  /** Trimmed text of a leaf element; undefined for elements with children. */
  value?: string;
}

export function elements(xml: string): ElementEntry[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as { documentElement: XmlNode };
  const out: ElementEntry[] = [];
  const walk = (node: XmlNode, parent: string): void => {
    if (node.nodeName === 'ds:Signature') return;
    const here = parent ? `${parent}/${node.nodeName}` : node.nodeName;
    const children: XmlNode[] = [];
    for (let i = 0; i < node.childNodes.length; i++) if (node.childNodes[i].nodeType === 1) children.push(node.childNodes[i]);
    out.push(children.length ? { path: here } : { path: here, value: (node.textContent ?? '').trim() });
    for (const child of children) walk(child, here);
  };
  walk(doc.documentElement, '');
  return out;
}

export function readSample(relative: string): string {
  return fs.readFileSync(path.join(VENDOR_SUNAT_DIR, 'samples', relative), 'utf8');
}

function distinct(entries: readonly ElementEntry[]): string[] {
  return [...new Set(entries.map((e) => e.path))];
}

const normalize = (value: string): string => (/^-?\d+(\.\d+)?$/.test(value) ? String(Number(value)) : value);

function valuesByPath(entries: readonly ElementEntry[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const e of entries) {
    if (e.value === undefined) continue;
    const list = map.get(e.path) ?? [];
    list.push(normalize(e.value));
    map.set(e.path, list);
  }
  return map;
}

export interface SampleComparison {
  /** Paths present in both, in our order and in the sample's order (must be equal). */
  commonInOurOrder: string[];
  commonInSampleOrder: string[];
  /** Paths only the sample has / only we have. */
  missing: string[];
  extra: string[];
  /** Leaf paths present in both whose values differ (numbers compared as numbers). */
  differentValues: { path: string; ours: string[]; sample: string[] }[];
}

export function compareWithSample(ours: string, sample: string, ignoreValuesUnder: readonly string[] = []): SampleComparison {
  const a = elements(ours);
  const b = elements(sample);
  const pa = distinct(a);
  const pb = distinct(b);
  const inA = new Set(pa);
  const inB = new Set(pb);
  const va = valuesByPath(a);
  const vb = valuesByPath(b);
  const differentValues: SampleComparison['differentValues'] = [];
  for (const [p, values] of va) {
    const other = vb.get(p);
    if (!other || ignoreValuesUnder.some((prefix) => p.startsWith(prefix))) continue;
    if (JSON.stringify(values) !== JSON.stringify(other)) differentValues.push({ path: p, ours: values, sample: other });
  }
  return {
    commonInOurOrder: pa.filter((p) => inB.has(p)),
    commonInSampleOrder: pb.filter((p) => inA.has(p)),
    missing: pb.filter((p) => !inA.has(p)),
    extra: pa.filter((p) => !inB.has(p)),
    differentValues,
  };
}
