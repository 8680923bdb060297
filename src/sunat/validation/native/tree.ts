/**
 * The XPath data model the native rules engine works on: documents parsed once with saxes into plain objects
 * (document, element, attribute, text, comment, processing instruction), each with a global document-order
 * number so node-sets can be sorted and merged without walking the tree.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';

export enum Kind {
  Document = 9,
  Element = 1,
  Attribute = 2,
  Text = 3,
  Comment = 8,
  Pi = 7,
}

export interface XNode {
  kind: Kind;
  /** Namespace URI ('' for none). */
  ns: string;
  /** Local name (target of a processing instruction). */
  local: string;
  /** Name as written (prefix:local), what name() returns. */
  name: string;
  /** Text of attributes, text nodes, comments and processing instructions. */
  value: string;
  parent: XNode | null;
  children: XNode[];
  attrs: XNode[];
  /** Position in document order, unique across every document of the process. */
  order: number;
  /** In-scope namespaces (prefix -> URI; '' the default), for elements of a stylesheet. */
  nsMap?: Record<string, string>;
  /** Line of the end of the start tag (stylesheets only, where a SAX locator reports an element). */
  line?: number;
  stringValue?: string;
  /** The root (document node) of this node's tree. */
  root?: XNode;
}

let nextOrder = 0;

function node(kind: Kind, parent: XNode | null, ns = '', local = '', name = '', value = ''): XNode {
  return { kind, ns, local, name, value, parent, children: [], attrs: [], order: nextOrder++ };
}

export function newDocument(): XNode {
  const doc = node(Kind.Document, null);
  doc.root = doc;
  return doc;
}

export function newElement(parent: XNode, ns: string, name: string): XNode {
  const i = name.indexOf(':');
  const el = node(Kind.Element, parent, ns, i >= 0 ? name.slice(i + 1) : name, name);
  el.root = parent.root;
  parent.children.push(el);
  return el;
}

export function appendText(parent: XNode, text: string): void {
  if (text === '') return;
  const last = parent.children[parent.children.length - 1];
  if (last && last.kind === Kind.Text) {
    last.value += text;
    return;
  }
  const t = node(Kind.Text, parent, '', '', '', text);
  t.root = parent.root;
  parent.children.push(t);
}

export interface ParseOptions {
  /** Keep line numbers and in-scope namespaces (stylesheets). */
  stylesheet?: boolean;
}

/** Parses a well-formed document; throws with the parser's first message otherwise. */
export function parseTree(text: string, options: ParseOptions = {}): XNode {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const doc = newDocument();
  let current = doc;
  let error: Error | null = null;
  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const el = node(Kind.Element, current, tag.uri ?? '', tag.local, tag.name);
    el.root = doc;
    if (options.stylesheet) {
      el.line = parser.line;
      const inherited = current.nsMap ?? { xml: 'http://www.w3.org/XML/1998/namespace' };
      el.nsMap = tag.ns && Object.keys(tag.ns).length > 0 ? { ...inherited, ...tag.ns } : inherited;
    }
    for (const a of Object.values(tag.attributes)) {
      if (a.prefix === 'xmlns' || (a.prefix === '' && a.local === 'xmlns')) continue;
      const at = node(Kind.Attribute, el, a.uri ?? '', a.local, a.name, a.value);
      at.root = doc;
      el.attrs.push(at);
    }
    current.children.push(el);
    current = el;
  });
  parser.on('closetag', () => {
    current = current.parent ?? doc;
  });
  const onText = (t: string): void => {
    if (current !== doc) appendText(current, t);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('comment', (c) => {
    const n = node(Kind.Comment, current, '', '', '', c);
    n.root = doc;
    current.children.push(n);
  });
  parser.on('processinginstruction', (pi) => {
    const n = node(Kind.Pi, current, '', pi.target, pi.target, pi.body);
    n.root = doc;
    current.children.push(n);
  });
  parser.write(text).close();
  if (error) throw error;
  return doc;
}

/** XPath string value (cached: the trees never change once built). */
export function stringValue(n: XNode): string {
  if (n.kind === Kind.Attribute || n.kind === Kind.Text || n.kind === Kind.Comment || n.kind === Kind.Pi) return n.value;
  if (n.stringValue !== undefined) return n.stringValue;
  let s = '';
  const walk = (x: XNode): void => {
    for (const c of x.children) {
      if (c.kind === Kind.Text) s += c.value;
      else if (c.kind === Kind.Element) walk(c);
    }
  };
  walk(n);
  n.stringValue = s;
  return s;
}

/** The element children of a stylesheet element. */
export function elementChildren(n: XNode): XNode[] {
  return n.children.filter((c) => c.kind === Kind.Element);
}

export function attr(n: XNode, name: string): string | undefined {
  for (const a of n.attrs) if (a.ns === '' && a.local === name) return a.value;
  return undefined;
}
