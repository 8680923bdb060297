/**
 * Values of the native engine and their conversions, with the semantics Saxon gives SUNAT's version="1.0"
 * modules (XSLT 2.0+ backwards-compatible mode): a node-set is a sorted, duplicate-free array of nodes; strings,
 * numbers (doubles) and booleans are single items. Strings become numbers by xs:double casting (NaN when not
 * a number), numbers print as XPath 2.0 doubles.
 */
import { stringValue, type XNode } from './tree';

export type Val = XNode[] | string | number | boolean;

export class XPathError extends Error {
  /** The message already names the rule module and line. */
  located = false;
}

export function isNodes(v: Val): v is XNode[] {
  return Array.isArray(v);
}

const DOUBLE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** xs:double cast of a string, NaN when it is not one (fn:number). */
export function parseDouble(s: string): number {
  const t = s.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, '');
  if (DOUBLE.test(t)) return Number(t);
  if (t === 'INF' || t === '+INF') return Infinity;
  if (t === '-INF') return -Infinity;
  return NaN;
}

/** xs:double as a string (XPath 2.0 casting rules, Saxon's shortest round-trip digits). */
export function formatDouble(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'INF';
  if (x === -Infinity) return '-INF';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const abs = Math.abs(x);
  if (abs >= 1e-6 && abs < 1e6) {
    const s = String(x);
    if (!/e/i.test(s)) return s;
    // JS prints 1e-6 .. 1e-7 ranges in exponent form: expand
    return expand(x);
  }
  const [mant, exp] = x.toExponential().split('e');
  const m = mant.includes('.') ? mant : `${mant}.0`;
  return `${m}E${Number(exp)}`;
}

function expand(x: number): string {
  const [mant, exp] = x.toExponential().split('e');
  const e = Number(exp);
  const neg = mant.startsWith('-');
  const digits = mant.replace(/^-/, '').replace('.', '');
  const s = e < 0 ? `0.${'0'.repeat(-e - 1)}${digits}` : digits.padEnd(e + 1, '0');
  return (neg ? '-' : '') + s;
}

export function toStr(v: Val): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatDouble(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return v.length === 0 ? '' : stringValue(v[0]);
}

export function toNum(v: Val): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return parseDouble(toStr(v));
}

export function toBool(v: Val): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'string') return v.length > 0;
  return v.length > 0;
}

export function toNodes(v: Val, what: string): XNode[] {
  if (Array.isArray(v)) return v;
  throw new XPathError(`XPTY0019: ${what}: the value is not a node-set (${typeof v})`);
}

type Atom = string | number | boolean;

function atoms(v: Val): Atom[] {
  if (Array.isArray(v)) return v.map(stringValue);
  return [v];
}

function numCmp(x: number, y: number, op: string): boolean {
  switch (op) {
    case '=':
      return x === y;
    case '!=':
      return x !== y;
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    default:
      return x >= y;
  }
}

function atomCmp(x: Atom, y: Atom, op: string): boolean {
  if (op !== '=' && op !== '!=') return numCmp(toNum(x), toNum(y), op);
  if (typeof x === 'boolean' || typeof y === 'boolean') return (toBool(x) === toBool(y)) === (op === '=');
  if (typeof x === 'number' || typeof y === 'number') return numCmp(toNum(x), toNum(y), op);
  return (x === y) === (op === '=');
}

/**
 * General comparison with the XPath 1.0 compatibility rules (XPath 2.0 §3.5.2): a boolean operand makes both
 * booleans; otherwise some pair of atomized items compares, as numbers for relational operators or when one
 * is a number, else as strings.
 */
export function compare(a: Val, b: Val, op: string): boolean {
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const x = toBool(a);
    const y = toBool(b);
    if (op === '=' || op === '!=') return (x === y) === (op === '=');
    return numCmp(x ? 1 : 0, y ? 1 : 0, op);
  }
  if (!Array.isArray(a) && !Array.isArray(b)) return atomCmp(a, b, op);
  const xs = atoms(a);
  const ys = atoms(b);
  for (const x of xs) for (const y of ys) if (atomCmp(x, y, op)) return true;
  return false;
}

/** Merges node-sets into one in document order without duplicates. */
export function union(sets: XNode[][]): XNode[] {
  const nonEmpty = sets.filter((s) => s.length > 0);
  if (nonEmpty.length === 0) return [];
  if (nonEmpty.length === 1) return nonEmpty[0];
  return sortUnique(nonEmpty.flat());
}

export function sortUnique(nodes: XNode[]): XNode[] {
  if (nodes.length < 2) return nodes;
  const sorted = [...nodes].sort((x, y) => x.order - y.order);
  const out = [sorted[0]];
  for (let i = 1; i < sorted.length; i++) if (sorted[i] !== sorted[i - 1]) out.push(sorted[i]);
  return out;
}
