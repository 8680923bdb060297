/**
 * What one validation run of the native engine reads besides the document: the file name and clock the rules
 * see, the documents they open with document() (SUNAT's catalogues, parsed once per process) and the indexes
 * of xsl:key, built on first use per document.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { xslRoot } from '../paths';
import { Kind, parseTree, stringValue, type XNode } from './tree';
import { isNodes, toStr, type Val, XPathError } from './values';
import type { Compiled } from './xpath';

export interface Clock {
  today: string;
  now: string;
  nowSeconds: number;
}

export interface KeyDef {
  matches: (n: XNode, rt: Runtime) => boolean;
  use: Compiled;
}

const documents = new Map<string, XNode>();

/** A document of the xsl tree (catalogues, data files), by its path relative to the tree. */
function treeDocument(rel: string): XNode {
  let doc = documents.get(rel);
  if (!doc) {
    let text: string;
    try {
      text = readFileSync(path.join(xslRoot(), ...rel.split('/')), 'utf8');
    } catch {
      throw new XPathError(`FODC0002: document('${rel}') cannot be read`);
    }
    doc = parseTree(text);
    documents.set(rel, doc);
  }
  return doc;
}

/** Path in the xsl tree of a document() URI written in `module`: local:///X (DataPower) or relative. */
export function resolveDocument(href: string, module: string): string {
  if (href.startsWith('local:///')) return path.posix.normalize(href.slice('local:///'.length));
  const rel = path.posix.normalize(path.posix.join(path.posix.dirname(module), href));
  if (rel.startsWith('..') || /^[a-z][a-z0-9+.-]*:/i.test(href)) throw new XPathError(`FODC0002: document('${href}') is outside the rules' tree`);
  return rel;
}

function allNodes(doc: XNode): XNode[] {
  const out: XNode[] = [];
  const walk = (n: XNode): void => {
    out.push(n);
    for (const a of n.attrs) out.push(a);
    for (const c of n.children) walk(c);
  };
  walk(doc);
  return out;
}

export class Runtime {
  private readonly indexes = new Map<string, Map<XNode, Map<string, XNode[]>>>();
  /** Slots of the global variables (see stylesheet.ts). */
  globals: Val[] = [];
  /** The run's findings and rule location (stylesheet.ts RunState). */
  state: unknown;

  constructor(
    readonly fileName: string,
    readonly clock: Clock,
    private readonly keys: Map<string, KeyDef[]>,
  ) {}

  document(href: string, module: string): XNode {
    return treeDocument(resolveDocument(href, module));
  }

  key(name: string, value: Val, doc: XNode): XNode[] {
    const defs = this.keys.get(name);
    if (!defs) throw new XPathError(`XTDE1260: no xsl:key named ${name}`);
    let perDoc = this.indexes.get(name);
    if (!perDoc) this.indexes.set(name, (perDoc = new Map()));
    let index = perDoc.get(doc);
    if (!index) {
      index = new Map();
      for (const n of allNodes(doc)) {
        for (const d of defs) {
          if (n.kind === Kind.Document || !d.matches(n, this)) continue;
          const v = d.use({ node: n, pos: 1, size: 1, frame: [], current: n, rt: this });
          // backwards-compatible keys compare strings
          const values = isNodes(v) ? v.map(stringValue) : [toStr(v)];
          for (const k of values) {
            const list = index.get(k);
            if (!list) index.set(k, [n]);
            else if (list[list.length - 1] !== n) list.push(n);
          }
        }
      }
      perDoc.set(doc, index);
    }
    const wanted = isNodes(value) ? value.map(stringValue) : [toStr(value)];
    if (wanted.length === 1) return index.get(wanted[0]) ?? [];
    const found = new Set<XNode>();
    for (const w of wanted) for (const n of index.get(w) ?? []) found.add(n);
    return [...found].sort((a, b) => a.order - b.order);
  }
}
