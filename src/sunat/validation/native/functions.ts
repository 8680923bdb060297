/**
 * The functions SUNAT's rule modules call, natively: the XPath 1.0 core library with backwards-compatible
 * argument conversions (first item of a node-set), XSLT's key(), document() and current(), and the extension
 * functions the Java reference tool provides (EXSLT regexp/dates, DataPower dp:*, gemfunc:is-blank), sharing
 * their implementations with the SaxonJS engine (extensions.ts, java-regex.ts).
 */
import type { Expr } from '../xpath-compat';
import { catalogHas, certSerial, dateOf, difference, radixConvert, seconds } from '../extensions';
import { javaFind, javaMatchParts, javaReplace } from '../java-regex';
import { NATIVE_NS } from './namespace';
import { appendText, Kind, newDocument, newElement, stringValue, type XNode } from './tree';
import { compare, isNodes, parseDouble, toBool, toNodes, toNum, toStr, type Val, XPathError } from './values';
import type { Compiled, Ctx, StaticScope } from './xpath';

export interface FunctionImpl {
  min: number;
  max: number;
  fn: (ctx: Ctx, args: Compiled[], scope: StaticScope) => Val;
}

const EXSLT_REGEXP = 'http://exslt.org/regular-expressions';
const EXSLT_DATE = 'http://exslt.org/dates-and-times';
const EXSLT_DYN = 'http://exslt.org/dynamic';
const DATAPOWER = 'http://www.datapower.com/extensions';
const GEMFUNC = 'http://www.sunat.gob.pe/gem/functions';

function codePoints(s: string): string[] {
  return Array.from(s);
}

const str = (ctx: Ctx, a: Compiled | undefined): string => (a ? toStr(a(ctx)) : stringValue(ctx.node));
const num = (ctx: Ctx, a: Compiled): number => toNum(a(ctx));

/** XPath round(): nearest integer, halves towards positive infinity. */
function round(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  if (x < 0 && x >= -0.5) return -0;
  return Math.floor(x + 0.5);
}

function substring(s: string, start: number, len?: number): string {
  const chars = codePoints(s);
  const b = round(start);
  const e = len === undefined ? Infinity : b + round(len);
  let out = '';
  for (let p = 1; p <= chars.length; p++) if (p >= b && p < e) out += chars[p - 1];
  return out;
}

function firstNode(ctx: Ctx, a: Compiled | undefined, what: string): XNode | null {
  if (!a) return ctx.node;
  const v = toNodes(a(ctx), what);
  return v.length ? v[0] : null;
}

function matchNodes(parts: string[]): XNode[] {
  if (parts.length === 0) return [];
  const doc = newDocument();
  const root = newElement(doc, '', 'matches');
  return parts.map((p) => {
    const m = newElement(root, '', 'match');
    appendText(m, p);
    return m;
  });
}

function sum(nodes: Val): number {
  let total = 0;
  for (const n of toNodes(nodes, 'sum()')) {
    const v = parseDouble(stringValue(n));
    if (Number.isNaN(v) && stringValue(n).trim() !== 'NaN') {
      throw new XPathError(`Supplied value "${stringValue(n)}" is not a valid xs:double`);
    }
    total += v;
  }
  return total;
}

/** format-number() for the simple pictures SUNAT uses ('#####0.00'): half-even rounding, no grouping. */
export function formatNumber(x: number, picture: string): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x < 0 ? '-Infinity' : 'Infinity';
  const m = /^([#,]*)(0*)(?:\.(0*)(#*))?$/.exec(picture);
  if (!m) throw new XPathError(`format-number picture '${picture}' is not supported`);
  const minInt = m[2].length;
  const minFrac = (m[3] ?? '').length;
  const maxFrac = minFrac + (m[4] ?? '').length;
  const neg = x < 0;
  const [int, frac = ''] = expandDecimal(Math.abs(x)).split('.');
  let digits = int + frac.padEnd(maxFrac, '0').slice(0, maxFrac);
  const rest = frac.slice(maxFrac);
  const last = Number(digits[digits.length - 1] ?? '0');
  const up = rest !== '' && (rest[0] > '5' || (rest[0] === '5' && (/[1-9]/.test(rest.slice(1)) || last % 2 === 1)));
  if (up) digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  let i = digits.slice(0, digits.length - maxFrac).replace(/^0+/, '');
  let f = digits.slice(digits.length - maxFrac);
  while (f.length > minFrac && f.endsWith('0')) f = f.slice(0, -1);
  i = i.padStart(minInt, '0');
  const out = f ? `${i}.${f}` : i;
  return neg && /[1-9]/.test(out) ? `-${out}` : out;
}

function expandDecimal(x: number): string {
  const s = String(x);
  if (!/e/i.test(s)) return s;
  const [mant, exp] = s.split(/e/i);
  const e = Number(exp);
  const [a, b = ''] = mant.split('.');
  const all = a + b;
  const point = a.length + e;
  if (point <= 0) return `0.${'0'.repeat(-point)}${all}`;
  if (point >= all.length) return all.padEnd(point, '0');
  return `${all.slice(0, point)}.${all.slice(point)}`;
}

const F: Record<string, FunctionImpl> = {
  'format-number': { min: 2, max: 2, fn: (c, a) => formatNumber(num(c, a[0]), str(c, a[1])) },
  string: { min: 0, max: 1, fn: (c, a) => str(c, a[0]) },
  concat: { min: 1, max: Infinity, fn: (c, a) => a.map((x) => toStr(x(c))).join('') },
  substring: { min: 2, max: 3, fn: (c, a) => substring(str(c, a[0]), num(c, a[1]), a[2] ? num(c, a[2]) : undefined) },
  'substring-before': {
    min: 2,
    max: 2,
    fn: (c, a) => {
      const s = str(c, a[0]);
      const i = s.indexOf(str(c, a[1]));
      return i < 0 ? '' : s.slice(0, i);
    },
  },
  'substring-after': {
    min: 2,
    max: 2,
    fn: (c, a) => {
      const s = str(c, a[0]);
      const t = str(c, a[1]);
      const i = s.indexOf(t);
      return i < 0 ? '' : s.slice(i + t.length);
    },
  },
  contains: { min: 2, max: 2, fn: (c, a) => str(c, a[0]).includes(str(c, a[1])) },
  'starts-with': { min: 2, max: 2, fn: (c, a) => str(c, a[0]).startsWith(str(c, a[1])) },
  'ends-with': { min: 2, max: 2, fn: (c, a) => str(c, a[0]).endsWith(str(c, a[1])) },
  'string-length': { min: 0, max: 1, fn: (c, a) => codePoints(str(c, a[0])).length },
  'normalize-space': {
    min: 0,
    max: 1,
    fn: (c, a) =>
      str(c, a[0])
        .replace(/[ \t\n\r]+/g, ' ')
        .replace(/^ | $/g, ''),
  },
  translate: {
    min: 3,
    max: 3,
    fn: (c, a) => {
      const from = codePoints(str(c, a[1]));
      const to = codePoints(str(c, a[2]));
      let out = '';
      for (const ch of codePoints(str(c, a[0]))) {
        const i = from.indexOf(ch);
        if (i < 0) out += ch;
        else if (i < to.length) out += to[i];
      }
      return out;
    },
  },
  number: { min: 0, max: 1, fn: (c, a) => (a[0] ? toNum(a[0](c)) : parseDouble(stringValue(c.node))) },
  sum: { min: 1, max: 1, fn: (c, a) => sum(a[0](c)) },
  count: { min: 1, max: 1, fn: (c, a) => ((v) => (isNodes(v) ? v.length : 1))(a[0](c)) },
  round: { min: 1, max: 1, fn: (c, a) => round(num(c, a[0])) },
  floor: { min: 1, max: 1, fn: (c, a) => Math.floor(num(c, a[0])) },
  ceiling: { min: 1, max: 1, fn: (c, a) => Math.ceil(num(c, a[0])) },
  not: { min: 1, max: 1, fn: (c, a) => !toBool(a[0](c)) },
  boolean: { min: 1, max: 1, fn: (c, a) => toBool(a[0](c)) },
  true: { min: 0, max: 0, fn: () => true },
  false: { min: 0, max: 0, fn: () => false },
  position: { min: 0, max: 0, fn: (c) => c.pos },
  last: { min: 0, max: 0, fn: (c) => c.size },
  name: { min: 0, max: 1, fn: (c, a) => firstNode(c, a[0], 'name()')?.name ?? '' },
  'local-name': { min: 0, max: 1, fn: (c, a) => firstNode(c, a[0], 'local-name()')?.local ?? '' },
  'namespace-uri': { min: 0, max: 1, fn: (c, a) => firstNode(c, a[0], 'namespace-uri()')?.ns ?? '' },
  current: { min: 0, max: 0, fn: (c) => [c.current] },
  key: { min: 2, max: 2, fn: (c, a) => c.rt.key(str(c, a[0]), a[1](c), c.node.root ?? c.node) },
  document: {
    min: 1,
    max: 1,
    fn: (c, a, scope) => {
      const v = a[0](c);
      const hrefs = isNodes(v) ? v.map(stringValue) : [toStr(v)];
      return hrefs.map((h) => c.rt.document(h, scope.module));
    },
  },
  matches: {
    min: 2,
    max: 3,
    fn: (c, a) => {
      const flags = a[2] ? str(c, a[2]) : '';
      // '!' is Saxon-Java's "use java.util.regex" flag, the only form SUNAT's modules use
      if (flags !== '!') throw new XPathError(`matches() with flags '${flags}' is not supported`);
      return javaFind(str(c, a[0]), str(c, a[1]));
    },
  },
  'function-available': { min: 1, max: 2, fn: () => false },
};

const X: Record<string, FunctionImpl> = {
  [`{${EXSLT_REGEXP}}match`]: { min: 2, max: 3, fn: (c, a) => matchNodes(javaMatchParts(str(c, a[0]), str(c, a[1]), a[2] ? str(c, a[2]) : '')) },
  [`{${EXSLT_REGEXP}}test`]: {
    min: 2,
    max: 3,
    fn: (c, a) => javaMatchParts(str(c, a[0]), str(c, a[1]), (a[2] ? str(c, a[2]) : '').replace(/g/g, '')).length > 0,
  },
  [`{${EXSLT_REGEXP}}replace`]: { min: 4, max: 4, fn: (c, a) => javaReplace(str(c, a[0]), str(c, a[1]), str(c, a[2]), str(c, a[3])) },
  [`{${EXSLT_DATE}}date`]: { min: 0, max: 1, fn: (c, a) => (a[0] ? dateOf(str(c, a[0])) : c.rt.clock.today) },
  [`{${EXSLT_DATE}}date-time`]: { min: 0, max: 0, fn: (c) => c.rt.clock.now },
  [`{${EXSLT_DATE}}seconds`]: { min: 0, max: 1, fn: (c, a) => (a[0] ? seconds(str(c, a[0])) : c.rt.clock.nowSeconds) },
  [`{${EXSLT_DATE}}difference`]: { min: 2, max: 2, fn: (c, a) => difference(str(c, a[0]), str(c, a[1])) },
  [`{${EXSLT_DYN}}evaluate`]: {
    min: 1,
    max: 1,
    fn: () => {
      throw new XPathError('dyn:evaluate is outside the rules engines on purpose (no SUNAT rule file calls it, nor does the Java reference tool implement it)');
    },
  },
  [`{${DATAPOWER}}variable`]: {
    min: 1,
    max: 1,
    fn: (c, a) => (str(c, a[0]) === 'var://context/cpe/nombreArchivoEnviado' ? c.rt.fileName : ''),
  },
  [`{${DATAPOWER}}get-cert-serial`]: { min: 1, max: 1, fn: (c, a) => certSerial(str(c, a[0])) },
  [`{${DATAPOWER}}radix-convert`]: { min: 3, max: 3, fn: (c, a) => radixConvert(str(c, a[0]), num(c, a[1]), num(c, a[2])) },
  [`{${GEMFUNC}}is-blank`]: { min: 0, max: 1, fn: (c, a) => (a[0] ? javaFind(str(c, a[0]), '^[\\s]*$') : true) },
  // count(document($url)/l/c[@id = $id]) >= 1, through a set of the catalogue's ids (cat_25 has ~50,000)
  [`{${NATIVE_NS}}catalog-has`]: {
    min: 2,
    max: 2,
    fn: (c, a) => {
      const url = str(c, a[0]);
      const id = a[1](c);
      if (typeof id === 'string' || isNodes(id)) {
        const ids = typeof id === 'string' ? [id] : id.map(stringValue);
        return ids.some((v) => catalogHas(url, v));
      }
      const doc = c.rt.document(url, 'commons/error/validate_utils.xsl');
      const entries = doc.children.find((x) => x.kind === Kind.Element)?.children ?? [];
      return entries.some((e) => e.kind === Kind.Element && e.local === 'c' && e.attrs.some((at) => at.local === 'id' && compare([at], id, '=')));
    },
  },
};

export function lookupFunction(key: string, arity: number, written: string): FunctionImpl {
  const f = F[key] ?? X[key];
  if (!f) throw new XPathError(`XPST0017: unknown function ${written}#${arity}`);
  if (arity < f.min || arity > f.max) throw new XPathError(`XPST0017: ${written} does not take ${arity} argument(s)`);
  return f;
}

export function callFunction(f: FunctionImpl, args: Compiled[], scope: StaticScope, _e: Expr): Compiled {
  const fn = f.fn;
  return (ctx) => fn(ctx, args, scope);
}
