/**
 * XPath 1.0 compatibility for SaxonJS.
 *
 * SUNAT's rule modules are XSLT 1.0 (version="1.0"). Saxon-Java runs them in XSLT 3.0 "backwards compatible"
 * mode, whose XPath 1.0 rules (first item of a node-set where one value is expected, number()/string()
 * conversions, comparisons with booleans and numbers) the rules rely on, e.g. `$expresion = true()` with
 * $expresion a node-set, `name($node)` with several nodes, `round($nodes)`. SaxonJS applies those rules only
 * where the compiler knows the static types; through template parameters it raises type errors instead
 * (FORG0001, XPTY0004). This module parses every XPath expression of a module (select, test, match, use) and
 * makes the XPath 1.0 semantics explicit, the way Saxon-Java's compatibility mode does:
 *
 * - general comparisons whose operand types are not both known to compare alike call sv:cmp (driver.ts),
 *   which implements the XPath 1.0 compatibility rules of XPath 2.0 §3.5.2 at run time;
 * - arithmetic operands become number((E)[1]) (doubles, NaN for empty or non-numeric);
 * - arguments of the core functions expecting one string / number / node get string((E)[1]) /
 *   number((E)[1]) / (E)[1];
 * - xsl:value-of selects the first item of a node-set.
 *
 * An expression the parser does not understand is left as it is (and reported in the notes).
 */

import { SV_NS } from './sv-ns';

type Kind = 'nodes' | 'string' | 'number' | 'boolean' | 'unknown';

export type Expr =
  | { t: 'bin'; op: string; l: Expr; r: Expr }
  | { t: 'neg'; e: Expr }
  | { t: 'union'; parts: Expr[] }
  | { t: 'path'; abs: string; filter: Expr | null; steps: Array<{ sep: string; step: Step }> }
  | { t: 'filter'; primary: Expr; preds: Expr[] }
  | { t: 'var'; name: string }
  | { t: 'str'; raw: string }
  | { t: 'num'; raw: string }
  | { t: 'paren'; e: Expr }
  | { t: 'call'; name: string; args: Expr[] };

export interface Step {
  axis: string;
  test: string;
  preds: Expr[];
}

interface Token {
  k: 'name' | 'op' | 'str' | 'num' | 'var' | 'eof';
  v: string;
}

const NAME_START = /[A-Za-z_\u00C0-\uFFFF]/;
const NAME_CHAR = /[A-Za-z0-9_.\-\u00B7\u00C0-\uFFFF]/;

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const prevAllowsOperator = (): boolean => {
    const p = out[out.length - 1];
    if (!p) return false;
    if (p.k === 'op') return [')', ']', '.', '..', '*name'].includes(p.v);
    return true;
  };
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = src.indexOf(c, i + 1);
      if (end < 0) throw new Error('unterminated literal');
      out.push({ k: 'str', v: src.slice(i, end + 1) });
      i = end + 1;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(src.slice(i))!;
      out.push({ k: 'num', v: m[0] });
      i += m[0].length;
      continue;
    }
    if (c === '$') {
      const m = /^\$([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)/.exec(src.slice(i));
      if (!m) throw new Error('bad variable reference');
      out.push({ k: 'var', v: m[1] });
      i += m[0].length;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (['!=', '<=', '>=', '//', '::', '..'].includes(two)) {
      out.push({ k: 'op', v: two });
      i += 2;
      continue;
    }
    if (c === '*') {
      // XPath 1.0 §3.7: after an operand, * is the multiplication operator
      out.push({ k: 'op', v: prevAllowsOperator() ? '*' : '*name' });
      i++;
      continue;
    }
    if ('()[]@,|+-=<>/.'.includes(c)) {
      out.push({ k: 'op', v: c });
      i++;
      continue;
    }
    if (NAME_START.test(c)) {
      let j = i + 1;
      while (j < src.length && NAME_CHAR.test(src[j])) j++;
      // QName prefix:local or prefix:*
      if (src[j] === ':' && src[j + 1] !== ':') {
        if (src[j + 1] === '*') j += 2;
        else if (NAME_START.test(src[j + 1] ?? '')) {
          j += 2;
          while (j < src.length && NAME_CHAR.test(src[j])) j++;
        }
      }
      const name = src.slice(i, j);
      // a trailing '.' or '-' belongs to the name in XPath; keep as is
      if (prevAllowsOperator() && ['and', 'or', 'div', 'mod'].includes(name)) {
        out.push({ k: 'op', v: name });
      } else {
        out.push({ k: 'name', v: name });
      }
      i = j;
      continue;
    }
    throw new Error(`unexpected character ${c}`);
  }
  out.push({ k: 'eof', v: '' });
  return out;
}

const NODE_TYPES = new Set(['node', 'text', 'comment', 'processing-instruction']);

class Parser {
  private p = 0;
  constructor(private readonly toks: Token[]) {}

  private peek(o = 0): Token {
    return this.toks[this.p + o];
  }
  private isOp(v: string, o = 0): boolean {
    const t = this.peek(o);
    return t.k === 'op' && t.v === v;
  }
  private next(): Token {
    return this.toks[this.p++];
  }
  private expect(v: string): void {
    const t = this.next();
    if (t.k !== 'op' || t.v !== v) throw new Error(`expected ${v}, got ${t.v || t.k}`);
  }

  parseAll(): Expr {
    const e = this.expr();
    if (this.peek().k !== 'eof') throw new Error(`unexpected ${this.peek().v}`);
    return e;
  }

  expr(): Expr {
    return this.binary(0);
  }

  private static LEVELS: string[][] = [['or'], ['and'], ['=', '!='], ['<', '>', '<=', '>='], ['+', '-'], ['*', 'div', 'mod']];

  private binary(level: number): Expr {
    if (level === Parser.LEVELS.length) return this.unary();
    let l = this.binary(level + 1);
    for (;;) {
      const t = this.peek();
      if (t.k === 'op' && Parser.LEVELS[level].includes(t.v)) {
        this.next();
        const r = this.binary(level + 1);
        l = { t: 'bin', op: t.v, l, r };
      } else return l;
    }
  }

  private unary(): Expr {
    if (this.isOp('-')) {
      this.next();
      return { t: 'neg', e: this.unary() };
    }
    return this.union();
  }

  private union(): Expr {
    const first = this.pathExpr();
    if (!this.isOp('|')) return first;
    const parts = [first];
    while (this.isOp('|')) {
      this.next();
      parts.push(this.pathExpr());
    }
    return { t: 'union', parts };
  }

  private startsPrimary(): boolean {
    const t = this.peek();
    if (t.k === 'var' || t.k === 'str' || t.k === 'num') return true;
    if (t.k === 'op' && t.v === '(') return true;
    if (t.k === 'name' && this.isOp('(', 1) && !NODE_TYPES.has(t.v)) return true;
    return false;
  }

  private pathExpr(): Expr {
    if (this.startsPrimary()) {
      const primary = this.primary();
      const preds = this.predicates();
      const filter: Expr = preds.length ? { t: 'filter', primary, preds } : primary;
      if (this.isOp('/') || this.isOp('//')) {
        const steps: Array<{ sep: string; step: Step }> = [];
        while (this.isOp('/') || this.isOp('//')) {
          const sep = this.next().v;
          steps.push({ sep, step: this.step() });
        }
        return { t: 'path', abs: '', filter, steps };
      }
      return filter;
    }
    // location path
    let abs = '';
    const steps: Array<{ sep: string; step: Step }> = [];
    if (this.isOp('/') || this.isOp('//')) {
      abs = this.next().v;
      if (abs === '/' && !this.startsStep()) return { t: 'path', abs, filter: null, steps };
    }
    steps.push({ sep: '', step: this.step() });
    while (this.isOp('/') || this.isOp('//')) {
      const sep = this.next().v;
      steps.push({ sep, step: this.step() });
    }
    return { t: 'path', abs, filter: null, steps };
  }

  private startsStep(): boolean {
    const t = this.peek();
    return t.k === 'name' || (t.k === 'op' && ['@', '.', '..', '*name'].includes(t.v));
  }

  private step(): Step {
    if (this.isOp('.') || this.isOp('..')) return { axis: '', test: this.next().v, preds: [] };
    let axis = '';
    if (this.isOp('@')) {
      this.next();
      axis = '@';
    } else if (this.peek().k === 'name' && this.isOp('::', 1)) {
      axis = this.next().v + '::';
      this.next();
    }
    const t = this.next();
    let test: string;
    if (t.k === 'op' && t.v === '*name') test = '*';
    else if (t.k === 'name') {
      test = t.v;
      if (NODE_TYPES.has(t.v) && this.isOp('(')) {
        this.next();
        let arg = '';
        if (this.peek().k === 'str') arg = this.next().v;
        this.expect(')');
        test = `${t.v}(${arg})`;
      }
    } else throw new Error(`expected a step, got ${t.v || t.k}`);
    return { axis, test, preds: this.predicates() };
  }

  private predicates(): Expr[] {
    const preds: Expr[] = [];
    while (this.isOp('[')) {
      this.next();
      preds.push(this.expr());
      this.expect(']');
    }
    return preds;
  }

  private primary(): Expr {
    const t = this.next();
    if (t.k === 'var') return { t: 'var', name: t.v };
    if (t.k === 'str') return { t: 'str', raw: t.v };
    if (t.k === 'num') return { t: 'num', raw: t.v };
    if (t.k === 'op' && t.v === '(') {
      const e = this.expr();
      this.expect(')');
      return { t: 'paren', e };
    }
    if (t.k === 'name') {
      this.expect('(');
      const args: Expr[] = [];
      if (!this.isOp(')')) {
        args.push(this.expr());
        while (this.isOp(',')) {
          this.next();
          args.push(this.expr());
        }
      }
      this.expect(')');
      return { t: 'call', name: t.v, args };
    }
    throw new Error(`unexpected ${t.v || t.k}`);
  }
}

const STRING_FUNCS = new Set([
  'string',
  'concat',
  'substring',
  'substring-before',
  'substring-after',
  'normalize-space',
  'translate',
  'name',
  'local-name',
  'namespace-uri',
  'format-number',
  'upper-case',
  'lower-case',
  'dp:variable',
  'date:date',
  'date:date-time',
  'date:difference',
  'dp:radix-convert',
  'dp:get-cert-serial',
  'regexp:replace',
  'generate-id',
]);
const NUMBER_FUNCS = new Set(['number', 'sum', 'count', 'string-length', 'round', 'floor', 'ceiling', 'position', 'last', 'date:seconds']);
const BOOLEAN_FUNCS = new Set([
  'not',
  'boolean',
  'true',
  'false',
  'contains',
  'starts-with',
  'ends-with',
  'lang',
  'matches',
  'regexp:test',
  'gemfunc:is-blank',
  'function-available',
  'element-available',
]);
const NODE_FUNCS = new Set(['document', 'key', 'current', 'regexp:match', 'id']);

/** Per function: the conversion of each argument (s string, n number, 1 single node, '' none). */
const ARG_CONVERSIONS: Record<string, string[] | 'all-s'> = {
  string: ['s'],
  concat: 'all-s',
  substring: ['s', 'n', 'n'],
  'substring-before': ['s', 's'],
  'substring-after': ['s', 's'],
  contains: ['s', 's'],
  'starts-with': ['s', 's'],
  'ends-with': ['s', 's'],
  'string-length': ['s'],
  'normalize-space': ['s'],
  translate: ['s', 's', 's'],
  'upper-case': ['s'],
  'lower-case': ['s'],
  number: ['n'],
  round: ['n'],
  floor: ['n'],
  ceiling: ['n'],
  'format-number': ['n', 's', 's'],
  name: ['1'],
  'local-name': ['1'],
  'namespace-uri': ['1'],
};

function kind(e: Expr): Kind {
  switch (e.t) {
    case 'bin':
      return ['or', 'and', '=', '!=', '<', '>', '<=', '>='].includes(e.op) ? 'boolean' : 'number';
    case 'neg':
      return 'number';
    case 'union':
      return 'nodes';
    case 'path':
      if (e.filter && e.steps.length === 0) return kind(e.filter);
      if (e.filter) return kind(e.filter) === 'nodes' || kind(e.filter) === 'unknown' ? 'nodes' : 'unknown';
      return 'nodes';
    case 'filter': {
      const k = kind(e.primary);
      return k === 'nodes' ? 'nodes' : 'unknown';
    }
    case 'var':
      return 'unknown';
    case 'str':
      return 'string';
    case 'num':
      return 'number';
    case 'paren':
      return kind(e.e);
    case 'call':
      if (STRING_FUNCS.has(e.name)) return 'string';
      if (NUMBER_FUNCS.has(e.name)) return 'number';
      if (BOOLEAN_FUNCS.has(e.name)) return 'boolean';
      if (NODE_FUNCS.has(e.name)) return 'nodes';
      return 'unknown';
  }
}

/** True when the expression surely yields at most one item. */
function single(e: Expr): boolean {
  const k = kind(e);
  return (k === 'string' || k === 'number' || k === 'boolean') && !(e.t === 'call' && e.name === 'regexp:match');
}

const SV = `Q{${SV_NS}}`;
const XS = 'Q{http://www.w3.org/2001/XMLSchema}';

function ser(e: Expr): string {
  switch (e.t) {
    case 'bin': {
      if (['=', '!=', '<', '>', '<=', '>='].includes(e.op)) return serCompare(e.op, e.l, e.r);
      if (['+', '-', '*', 'div', 'mod'].includes(e.op)) return `${num(e.l)} ${e.op} ${num(e.r)}`;
      return `${ser(e.l)} ${e.op} ${ser(e.r)}`;
    }
    case 'neg':
      return `-${num(e.e)}`;
    case 'union':
      return e.parts.map(ser).join(' | ');
    case 'path': {
      let s = e.filter ? ser(e.filter) : e.abs;
      for (const { sep, step } of e.steps) s += sep + serStep(step);
      return s;
    }
    case 'filter':
      return ser(e.primary) + e.preds.map((p) => `[${ser(p)}]`).join('');
    case 'var':
      return `$${e.name}`;
    case 'str':
    case 'num':
      return e.raw;
    case 'paren':
      return `(${ser(e.e)})`;
    case 'call':
      return serCall(e);
  }
}

function serStep(s: Step): string {
  return s.axis + s.test + s.preds.map((p) => `[${ser(p)}]`).join('');
}

/** An arithmetic operand as XPath 1.0 sees it: a double (first item, number()). */
function num(e: Expr): string {
  if (e.t === 'num') return /[eE]/.test(e.raw) ? e.raw : `${e.raw}e0`;
  if ((e.t === 'bin' && ['+', '-', '*', 'div', 'mod'].includes(e.op)) || e.t === 'neg') return `(${ser(e)})`;
  if (e.t === 'paren') return num(e.e) === ser(e.e) ? `(${ser(e.e)})` : num(e.e);
  if (e.t === 'call' && e.name === 'number') return ser(e);
  return single(e) ? `number(${ser(e)})` : `number((${ser(e)})[1])`;
}

function serCompare(op: string, l: Expr, r: Expr): string {
  const kl = kind(l);
  const kr = kind(r);
  const stringish = (k: Kind) => k === 'nodes' || k === 'string';
  const native =
    op === '=' || op === '!='
      ? (stringish(kl) && stringish(kr)) || (kl === 'number' && kr === 'number') || (kl === 'boolean' && kr === 'boolean')
      : kl === 'number' && kr === 'number';
  // numbers: not(=) for != (SaxonJS 2.7 evaluates NaN != x as false; XPath says true)
  if (native && op === '!=' && kl === 'number' && kr === 'number') return `not(${ser(l)} = ${ser(r)})`;
  if (native) return `${ser(l)} ${op} ${ser(r)}`;
  // Node-set or string against a variable (catalogue look-ups such as c[@id = $idCatalogo]): when the variable
  // holds nodes or strings, XPath 1.0 compares strings, which the native comparison does; decide at run time,
  // without a function call per node when the common case holds.
  if ((op === '=' || op === '!=') && ((stringish(kl) && r.t === 'var') || (stringish(kr) && l.t === 'var'))) {
    const v = r.t === 'var' ? r : (l as Extract<Expr, { t: 'var' }>);
    return (
      `(if (every $sv_i in $${v.name} satisfies ($sv_i instance of node() or $sv_i instance of ${XS}string or $sv_i instance of ${XS}untypedAtomic)) ` +
      `then ${ser(l)} ${op} ${ser(r)} else ${SV}cmp(${ser(l)}, ${ser(r)}, '${op}'))`
    );
  }
  return `${SV}cmp(${ser(l)}, ${ser(r)}, '${op}')`;
}

function serCall(e: Extract<Expr, { t: 'call' }>): string {
  // matches(x, re, '!'): Saxon-Java's java.util.regex flag, see java-regex.ts
  if (e.name === 'matches' && e.args.length === 3 && e.args[2].t === 'str' && e.args[2].raw.slice(1, -1) === '!') {
    return `${SV}java-find(${ser(e.args[0])}, ${ser(e.args[1])})`;
  }
  // concat(x) with one argument: SaxonJS requires two
  const args = e.name === 'concat' && e.args.length === 1 ? [...e.args, { t: 'str', raw: "''" } as Expr] : e.args;
  const conv = ARG_CONVERSIONS[e.name];
  const parts = args.map((a, i) => {
    const c = conv === 'all-s' ? 's' : (conv?.[i] ?? '');
    const self = e.name === 'string' || e.name === 'number'; // they convert their one item themselves
    if (c === 's') {
      if (kind(a) === 'string') return ser(a);
      if (single(a)) return self ? ser(a) : `string(${ser(a)})`;
      return self ? `(${ser(a)})[1]` : `string((${ser(a)})[1])`;
    }
    if (c === 'n') {
      if (kind(a) === 'number' || a.t === 'num') return ser(a);
      if (single(a)) return self ? ser(a) : `number(${ser(a)})`;
      return self ? `(${ser(a)})[1]` : `number((${ser(a)})[1])`;
    }
    if (c === '1') return a.t === 'path' && a.steps.length === 1 && a.steps[0].step.test === '.' ? ser(a) : `(${ser(a)})[1]`;
    return ser(a);
  });
  return `${e.name}(${parts.join(', ')})`;
}

export function parseXPath(src: string): Expr {
  return new Parser(tokenize(src)).parseAll();
}

/** The expression rewritten with explicit XPath 1.0 semantics; firstItem: xsl:value-of (first item only). */
export function compatXPath(src: string, firstItem = false): string {
  const e = parseXPath(src);
  const out = ser(e);
  if (firstItem && !single(e)) return `(${out})[1]`;
  return out;
}

function unescapeAttr(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(x?)([0-9a-fA-F]+);/g, (_m, x: string, d: string) => String.fromCodePoint(parseInt(d, x ? 16 : 10)))
    .replace(/&amp;/g, '&');
}

function escapeAttr(s: string, quote: string): string {
  let out = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  out = quote === '"' ? out.replace(/"/g, '&quot;') : out.replace(/'/g, '&apos;');
  return out;
}

/**
 * Rewrites the XPath attributes (select, test, match, use) of the xsl: elements of a module, outside the
 * given opaque ranges (comments, CDATA). Line numbers are kept: the newlines of a value stay in it.
 */
export function rewriteModuleXPath(text: string, isOpaque: (at: number) => boolean): { text: string; rewritten: number; failures: string[] } {
  const failures: string[] = [];
  let rewritten = 0;
  const re = /<xsl:([a-z-]+)((?:\s+[^\s=>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/g;
  let out = '';
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (isOpaque(m.index)) continue;
    const element = m[1];
    const tag = m[0];
    const newTag = tag.replace(
      /(\s)(select|test|match|use)(\s*=\s*)(["'])([\s\S]*?)\4/g,
      (all, sp: string, name: string, eq: string, q: string, raw: string) => {
        const src = unescapeAttr(raw);
        try {
          const res = compatXPath(src, element === 'value-of' && name === 'select');
          if (res === src) return all;
          rewritten++;
          const newlines = (raw.match(/\n/g) ?? []).length;
          return `${sp}${name}${eq}${q}${escapeAttr(res, q)}${'\n'.repeat(newlines)}${q}`;
        } catch (e) {
          failures.push(`${element}/@${name} "${src.slice(0, 80)}": ${(e as Error).message}`);
          return all;
        }
      },
    );
    out += text.slice(last, m.index) + newTag;
    last = m.index + tag.length;
  }
  return { text: out + text.slice(last), rewritten, failures };
}
