/**
 * Compiles the XPath 1.0 expressions of SUNAT's rule modules (parsed by xpath-compat.ts's parser) into
 * JavaScript closures over the native tree, with the backwards-compatible semantics of values.ts.
 */
import { parseXPath, type Expr, type Step } from '../xpath-compat';
import { callFunction, type FunctionImpl, lookupFunction } from './functions';
import type { Runtime } from './runtime';
import { Kind, type XNode } from './tree';
import { compare, sortUnique, toBool, toNodes, toNum, union, type Val, XPathError } from './values';

export interface Ctx {
  node: XNode;
  pos: number;
  size: number;
  /** Slots of the template (or global) frame the expression's variables live in. */
  frame: Val[];
  /** The node xsl:for-each / the template made current (current()). */
  current: XNode;
  rt: Runtime;
}

export type Compiled = (ctx: Ctx) => Val;

/** What a compiled expression may refer to: namespaces in scope, variables, the module it was written in. */
export interface StaticScope {
  ns: Record<string, string>;
  /** Resolves $name to a reader, at compile time (template slots, globals, stand-ins). */
  variable(name: string): Compiled;
  /** Module (path relative to the xsl tree) of the expression, base for document(). */
  module: string;
}

export function compileXPath(src: string, scope: StaticScope): Compiled {
  return compile(parseXPath(src), scope);
}

function expandName(qname: string, scope: StaticScope, isElement: boolean): { ns: string; local: string } {
  const i = qname.indexOf(':');
  if (i < 0) return { ns: isElement ? '' : '', local: qname };
  const prefix = qname.slice(0, i);
  const uri = scope.ns[prefix];
  if (uri === undefined) throw new XPathError(`XPST0081: namespace prefix ${prefix} is not declared`);
  return { ns: uri, local: qname.slice(i + 1) };
}

type Test = (n: XNode) => boolean;

export function nodeTest(test: string, principal: Kind, scope: StaticScope): Test {
  if (test === 'node()') return () => true;
  if (test === 'text()') return (n) => n.kind === Kind.Text;
  if (test === 'comment()') return (n) => n.kind === Kind.Comment;
  if (test.startsWith('processing-instruction(')) {
    const arg = test.slice('processing-instruction('.length, -1).replace(/^['"]|['"]$/g, '');
    return (n) => n.kind === Kind.Pi && (arg === '' || n.local === arg);
  }
  if (test === '*') return (n) => n.kind === principal;
  if (test.endsWith(':*')) {
    const uri = scope.ns[test.slice(0, -2)];
    if (uri === undefined) throw new XPathError(`XPST0081: namespace prefix ${test.slice(0, -2)} is not declared`);
    return (n) => n.kind === principal && n.ns === uri;
  }
  const { ns, local } = expandName(test, scope, true);
  return (n) => n.kind === principal && n.local === local && n.ns === ns;
}

const REVERSE = new Set(['parent::', 'ancestor::', 'ancestor-or-self::', 'preceding::', 'preceding-sibling::']);

function descendants(n: XNode, out: XNode[]): void {
  for (const c of n.children) {
    out.push(c);
    if (c.children.length) descendants(c, out);
  }
}

/** Nodes of an axis from n, in axis order (reverse axes nearest first). */
function axisNodes(axis: string, n: XNode): XNode[] {
  switch (axis) {
    case 'child::':
      return n.children;
    case 'attribute::':
      return n.attrs;
    case 'self::':
      return [n];
    case 'parent::':
      return n.parent ? [n.parent] : [];
    case 'descendant::': {
      const out: XNode[] = [];
      descendants(n, out);
      return out;
    }
    case 'descendant-or-self::': {
      const out: XNode[] = [n];
      descendants(n, out);
      return out;
    }
    case 'ancestor::':
    case 'ancestor-or-self::': {
      const out: XNode[] = axis === 'ancestor-or-self::' ? [n] : [];
      for (let p = n.parent; p; p = p.parent) out.push(p);
      return out;
    }
    case 'following-sibling::':
    case 'preceding-sibling::': {
      if (!n.parent || n.kind === Kind.Attribute) return [];
      const sibs = n.parent.children;
      const i = sibs.indexOf(n);
      return axis === 'following-sibling::' ? sibs.slice(i + 1) : sibs.slice(0, i).reverse();
    }
    case 'following::':
    case 'preceding::': {
      const all: XNode[] = [];
      const root = n.root ?? n;
      descendants(root, all);
      const ancestors = new Set<XNode>();
      for (let p = n.parent; p; p = p.parent) ancestors.add(p);
      const anchor = n.kind === Kind.Attribute ? n.parent! : n;
      if (axis === 'following::') {
        const end = lastDescendantOrder(anchor);
        return all.filter((x) => x.order > end);
      }
      return all.filter((x) => x.order < anchor.order && !ancestors.has(x)).reverse();
    }
    default:
      throw new XPathError(`axis ${axis} is not supported`);
  }
}

function lastDescendantOrder(n: XNode): number {
  let x = n;
  while (x.children.length) x = x.children[x.children.length - 1];
  return x.order;
}

/** Applies predicates to nodes in axis order (positions count in that order). */
function filterPredicates(nodes: XNode[], preds: Compiled[], ctx: Ctx): XNode[] {
  let cur = nodes;
  for (const p of preds) {
    const size = cur.length;
    const out: XNode[] = [];
    for (let i = 0; i < size; i++) {
      const v = p({ node: cur[i], pos: i + 1, size, frame: ctx.frame, current: ctx.current, rt: ctx.rt });
      if (typeof v === 'number' ? v === i + 1 : toBool(v)) out.push(cur[i]);
    }
    cur = out;
  }
  return cur;
}

function compileStep(step: Step, scope: StaticScope): (n: XNode, ctx: Ctx) => XNode[] {
  if (step.test === '.') return (n) => [n];
  if (step.test === '..') return (n) => (n.parent ? [n.parent] : []);
  const axis = step.axis === '@' ? 'attribute::' : step.axis === '' ? 'child::' : step.axis;
  const test = nodeTest(step.test, axis === 'attribute::' ? Kind.Attribute : Kind.Element, scope);
  const preds = step.preds.map((p) => compile(p, scope));
  const reverse = REVERSE.has(axis);
  return (n, ctx) => {
    const matched = axisNodes(axis, n).filter(test);
    const kept = preds.length ? filterPredicates(matched, preds, ctx) : matched;
    return reverse ? kept.reverse() : kept;
  };
}

function compilePath(e: Extract<Expr, { t: 'path' }>, scope: StaticScope): Compiled {
  const start: Compiled | null = e.filter ? compile(e.filter, scope) : null;
  const steps: Array<(n: XNode, ctx: Ctx) => XNode[]> = [];
  const descendantOrSelf = compileStep({ axis: 'descendant-or-self::', test: 'node()', preds: [] }, scope);
  if (e.abs === '//') steps.push(descendantOrSelf);
  for (const { sep, step } of e.steps) {
    if (sep === '//') steps.push(descendantOrSelf);
    steps.push(compileStep(step, scope));
  }
  const abs = e.abs !== '';
  return (ctx) => {
    let nodes: XNode[];
    if (start) nodes = toNodes(start(ctx), 'path start');
    else if (abs) nodes = [ctx.node.root ?? ctx.node];
    else nodes = [ctx.node];
    for (const s of steps) {
      if (nodes.length === 1) {
        nodes = s(nodes[0], ctx);
        continue;
      }
      const parts: XNode[][] = [];
      for (const n of nodes) parts.push(s(n, ctx));
      nodes = sortUnique(parts.flat());
    }
    return nodes;
  };
}

const ARITH: Record<string, (x: number, y: number) => number> = {
  '+': (x, y) => x + y,
  '-': (x, y) => x - y,
  '*': (x, y) => x * y,
  div: (x, y) => x / y,
  mod: (x, y) => x % y,
};

export function compile(e: Expr, scope: StaticScope): Compiled {
  switch (e.t) {
    case 'str': {
      const s = e.raw.slice(1, -1);
      return () => s;
    }
    case 'num': {
      const n = Number(e.raw);
      return () => n;
    }
    case 'paren':
      return compile(e.e, scope);
    case 'var':
      return scope.variable(e.name);
    case 'neg': {
      const x = compile(e.e, scope);
      return (ctx) => -toNum(x(ctx));
    }
    case 'union': {
      const parts = e.parts.map((p) => compile(p, scope));
      return (ctx) => union(parts.map((p) => toNodes(p(ctx), 'union operand')));
    }
    case 'bin': {
      const l = compile(e.l, scope);
      const r = compile(e.r, scope);
      if (e.op === 'and') return (ctx) => toBool(l(ctx)) && toBool(r(ctx));
      if (e.op === 'or') return (ctx) => toBool(l(ctx)) || toBool(r(ctx));
      const arith = ARITH[e.op];
      if (arith) return (ctx) => arith(toNum(l(ctx)), toNum(r(ctx)));
      const op = e.op;
      return (ctx) => compare(l(ctx), r(ctx), op);
    }
    case 'filter': {
      const primary = compile(e.primary, scope);
      const preds = e.preds.map((p) => compile(p, scope));
      return (ctx) => {
        const v = primary(ctx);
        if (Array.isArray(v)) return filterPredicates(v, preds, ctx);
        // a single atomic item is a sequence of one (XPath 2.0): kept when every predicate holds at position 1
        for (const p of preds) {
          const r = p({ ...ctx, pos: 1, size: 1 });
          if (typeof r === 'number' ? r !== 1 : !toBool(r)) return [];
        }
        return v;
      };
    }
    case 'path':
      return compilePath(e, scope);
    case 'call': {
      const args = e.args.map((a) => compile(a, scope));
      const i = e.name.indexOf(':');
      let key = e.name;
      if (i >= 0) {
        const uri = scope.ns[e.name.slice(0, i)];
        if (uri === undefined) throw new XPathError(`XPST0081: namespace prefix of ${e.name} is not declared`);
        key = `{${uri}}${e.name.slice(i + 1)}`;
      }
      const fn: FunctionImpl = lookupFunction(key, args.length, e.name);
      return callFunction(fn, args, scope, e);
    }
  }
}
