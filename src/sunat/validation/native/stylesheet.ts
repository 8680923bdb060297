/**
 * Compiles the modules of one SUNAT rule file into closures: templates (named and matching, by mode), keys,
 * global variables, and the instructions the modules use (call-template, apply-templates, if, choose,
 * variable, param, for-each, value-of, text, copy-of, element, attribute, message, literal elements).
 * Variables are resolved at compile time to slots of their template's frame (static scoping) and evaluated
 * lazily, as Saxon does. rejectCall and addWarning, the reporting templates of error_utils.xsl, become
 * findings, as the driver stylesheet of the SaxonJS engine does.
 */
import * as path from 'node:path';
import { standInValue } from '../driver';
import { parseXPath, type Expr } from '../xpath-compat';
import { Runtime, type Clock, type KeyDef } from './runtime';
import { appendText, attr, elementChildren, Kind, newDocument, newElement, parseTree, stringValue, type XNode } from './tree';
import { isNodes, toBool, toNodes, toStr, type Val, XPathError } from './values';
import { compile, type Compiled, type Ctx, nodeTest, type StaticScope } from './xpath';

const XSL = 'http://www.w3.org/1999/XSL/Transform';

/** Modules whose call-templates are not rule locations (the Java tool skips their frames). */
const UTILITY_MODULES = new Set(['commons/error/validate_utils.xsl', 'commons/error/error_utils.xsl']);

export interface RawFinding {
  kind: 'error' | 'warning';
  code: string;
  rule: string;
  raw: string;
}

/** Thrown to end a run at its first error (SUNAT's terminate="yes"). */
export class StopRun extends Error {}

export interface RunState {
  /** The rule location (module:line of the last rule-module call-template): the driver's sv:loc tunnel. */
  loc: string;
  findings: RawFinding[];
  stray: string[];
  stopAtFirst: boolean;
}

type Instr = (ctx: Ctx, st: RunState, out: XNode | null) => void;

class Lazy {
  private value: Val | undefined;
  private running = false;
  constructor(
    private readonly expr: Compiled,
    private readonly ctx: Ctx,
  ) {}
  force(): Val {
    if (this.value !== undefined) return this.value;
    if (this.running) throw new XPathError('XTDE0640: circular variable definition');
    this.running = true;
    this.value = this.expr(this.ctx);
    this.running = false;
    return this.value;
  }
}

function read(v: Val | Lazy | undefined): Val {
  if (v instanceof Lazy) return v.force();
  if (v === undefined) throw new XPathError('variable read before it was bound');
  return v;
}

interface ParamDef {
  name: string;
  slot: number;
  value: Compiled;
}

interface Template {
  name?: string;
  mode: string;
  module: string;
  params: ParamDef[];
  body: Instr;
  frameSize: number;
}

interface Rule {
  template: Template;
  matches: (n: XNode, rt: Runtime) => boolean;
  priority: number;
  order: number;
}

interface Env {
  name: string;
  slot: number;
  next: Env | null;
}

interface Global {
  slot: number;
  value: Compiled;
  param: boolean;
}

/** One module's compile-time state for a template body. */
class TemplateScope {
  frameSize = 0;
  constructor(
    readonly module: string,
    readonly globals: (name: string) => Compiled,
  ) {}
  slot(): number {
    return this.frameSize++;
  }
}

function hasContent(el: XNode): boolean {
  return el.children.some((c) => c.kind === Kind.Element || (c.kind === Kind.Text && c.value.trim() !== ''));
}

/** Items joined by spaces: an XSLT 3.0 xsl:value-of / attribute value template (the driver's reporting). */
function joined(v: Val): string {
  return isNodes(v) ? v.map(stringValue).join(' ') : toStr(v);
}

function copyInto(out: XNode, n: XNode): void {
  if (n.kind === Kind.Document) {
    for (const c of n.children) copyInto(out, c);
  } else if (n.kind === Kind.Element) {
    const el = newElement(out, n.ns, n.name);
    for (const a of n.attrs) el.attrs.push({ ...a, parent: el, root: el.root });
    for (const c of n.children) copyInto(el, c);
  } else if (n.kind === Kind.Text) appendText(out, n.value);
  else if (n.kind === Kind.Attribute) out.attrs.push({ ...n, parent: out, root: out.root });
}

export interface CompiledStylesheet {
  ruleFile: string;
  /** Undeclared variables given stand-ins, as the SaxonJS compile reports them. */
  notes: string[];
  run(
    doc: XNode,
    options: { fileName: string; clock: Clock; params: Record<string, string>; stopAtFirst: boolean },
  ): {
    findings: RawFinding[];
    stray: string[];
  };
}

export function compileStylesheet(ruleFile: string, modules: Map<string, string>): CompiledStylesheet {
  const rules: Map<string, Rule[]> = new Map();
  const named = new Map<string, Template>();
  const keys = new Map<string, KeyDef[]>();
  const globals = new Map<string, Global>();
  const globalDecls: Array<{ el: XNode; module: string; global: Global }> = [];
  let ruleOrder = 0;
  const loaded = new Set<string>();

  const standIns = new Map<string, Compiled>();
  const notes: string[] = [];
  /** module:line of the expression being compiled (for the notes on undeclared variables). */
  let compiling = '';
  function globalReader(name: string): Compiled {
    const g = globals.get(name);
    if (g) {
      const slot = g.slot;
      return (ctx) => read(ctx.rt.globals[slot] as Val | Lazy);
    }
    // an undeclared variable: the Java tool's stand-in (driver.ts), '' for most names
    let s = standIns.get(name);
    if (!s) {
      const expr = compile(parseXPath(standInValue(name)), {
        ns: {
          cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
          cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
        },
        module: ruleFile,
        variable: () => {
          throw new XPathError('stand-in refers to a variable');
        },
      });
      s = (ctx) => expr({ ...ctx, node: ctx.node.root ?? ctx.node, pos: 1, size: 1 });
      standIns.set(name, s);
      notes.push(`undeclared variable $${name}${compiling ? ` (first use ${compiling})` : ''} declared globally as ${standInValue(name)}`);
    }
    return s;
  }

  function xpath(el: XNode, attrName: string, scope: StaticScope): Compiled {
    const src = attr(el, attrName);
    if (src === undefined) throw new XPathError(`${scope.module}:${el.line}: xsl:${el.local} needs @${attrName}`);
    let fn: Compiled;
    compiling = `${scope.module}:${el.line}`;
    try {
      fn = compile(parseXPath(src), scope);
    } catch (e) {
      throw new XPathError(`${scope.module}:${el.line}: ${attrName}="${src.slice(0, 120)}": ${(e as Error).message}`);
    }
    const where = ` (at ${scope.module}:${el.line})`;
    return (ctx) => {
      try {
        return fn(ctx);
      } catch (e) {
        if (e instanceof XPathError && !e.located) {
          e.message += where;
          e.located = true;
        }
        throw e;
      }
    };
  }

  function localScope(el: XNode, t: TemplateScope, env: Env | null): StaticScope {
    return {
      ns: el.nsMap ?? {},
      module: t.module,
      variable: (name) => {
        for (let e = env; e; e = e.next) {
          if (e.name === name) {
            const slot = e.slot;
            return (ctx) => read(ctx.frame[slot] as Val | Lazy);
          }
        }
        return t.globals(name);
      },
    };
  }

  /** The value of a variable/param/with-param element: select, content (a temporary tree) or ''. */
  function bindingValue(el: XNode, t: TemplateScope, env: Env | null): Compiled {
    if (attr(el, 'select') !== undefined) return xpath(el, 'select', localScope(el, t, env));
    if (!hasContent(el)) return () => '';
    const body = sequence(el, t, env);
    return (ctx) => {
      const doc = newDocument();
      body(ctx, ctx.rt.state as RunState, doc);
      return [doc];
    };
  }

  /** Compiles the children of el as a sequence constructor. */
  function sequence(el: XNode, t: TemplateScope, envIn: Env | null): Instr {
    let env = envIn;
    const instrs: Instr[] = [];
    for (const c of el.children) {
      if (c.kind === Kind.Text) {
        if (c.value.trim() === '') continue;
        const text = c.value;
        instrs.push((_ctx, _st, out) => {
          if (out) appendText(out, text);
        });
        continue;
      }
      if (c.kind !== Kind.Element) continue;
      if (c.ns === XSL && c.local === 'variable') {
        const value = bindingValue(c, t, env);
        const slot = t.slot();
        env = { name: attr(c, 'name')!, slot, next: env };
        instrs.push((ctx) => {
          ctx.frame[slot] = new Lazy(value, ctx) as unknown as Val;
        });
        continue;
      }
      if (c.ns === XSL && c.local === 'param') continue; // template params, handled by the template
      instrs.push(instruction(c, t, env));
    }
    if (instrs.length === 1) return instrs[0];
    return (ctx, st, out) => {
      for (const i of instrs) i(ctx, st, out);
    };
  }

  function withParams(el: XNode, t: TemplateScope, env: Env | null): Array<{ name: string; value: Compiled }> {
    return elementChildren(el)
      .filter((c) => c.ns === XSL && c.local === 'with-param')
      .map((c) => ({ name: attr(c, 'name')!, value: bindingValue(c, t, env) }));
  }

  function invoke(tpl: Template, ctx: Ctx, st: RunState, out: XNode | null, passed: Map<string, Val | Lazy>, loc: string): void {
    const frame: Val[] = new Array(tpl.frameSize);
    const inner: Ctx = { node: ctx.node, pos: ctx.pos, size: ctx.size, frame, current: ctx.current, rt: ctx.rt };
    for (const p of tpl.params) {
      const v = passed.get(p.name);
      frame[p.slot] = (v !== undefined ? v : new Lazy(p.value, inner)) as Val;
    }
    const saved = st.loc;
    st.loc = loc;
    try {
      tpl.body(inner, st, out);
    } finally {
      st.loc = saved;
    }
  }

  function report(kind: 'error' | 'warning', codeParam: string, messageParam: string, st: RunState, params: Map<string, Val | Lazy>): void {
    const code = params.get(codeParam);
    const message = params.get(messageParam);
    st.findings.push({
      kind,
      code: code === undefined ? '' : joined(read(code)),
      rule: st.loc,
      raw: message === undefined ? '' : joined(read(message)),
    });
    if (kind === 'error' && st.stopAtFirst) throw new StopRun();
  }

  function applyTemplates(nodes: XNode[], mode: string, ctx: Ctx, st: RunState, out: XNode | null, passed: Map<string, Val | Lazy>): void {
    const list = rules.get(mode) ?? [];
    const size = nodes.length;
    for (let i = 0; i < size; i++) {
      const n = nodes[i];
      const c: Ctx = { node: n, pos: i + 1, size, frame: ctx.frame, current: n, rt: ctx.rt };
      const rule = list.find((r) => r.matches(n, ctx.rt));
      if (rule) invoke(rule.template, c, st, out, passed, st.loc);
      else if (n.kind === Kind.Element || n.kind === Kind.Document) applyTemplates(n.children, mode, c, st, out, passed);
      else if (out && (n.kind === Kind.Text || n.kind === Kind.Attribute)) appendText(out, n.value);
    }
  }

  function instruction(el: XNode, t: TemplateScope, env: Env | null): Instr {
    const scope = localScope(el, t, env);
    if (el.ns !== XSL) {
      // literal result element (only inside temporary trees)
      const body = sequence(el, t, env);
      return (ctx, st, out) => {
        if (!out) return;
        const made = newElement(out, el.ns, el.name);
        body(ctx, st, made);
      };
    }
    switch (el.local) {
      case 'call-template': {
        const name = attr(el, 'name')!;
        const params = withParams(el, t, env);
        const location = UTILITY_MODULES.has(t.module) ? null : `${t.module}:${el.line}`;
        if (name === 'rejectCall' || name === 'addWarning') {
          const error = name === 'rejectCall';
          return (ctx, st) => {
            const passed = new Map<string, Val | Lazy>();
            for (const p of params) passed.set(p.name, new Lazy(p.value, ctx));
            const saved = st.loc;
            if (location) st.loc = location;
            try {
              report(error ? 'error' : 'warning', error ? 'errorCode' : 'warningCode', error ? 'errorMessage' : 'warningMessage', st, passed);
            } finally {
              st.loc = saved;
            }
          };
        }
        let target: Template | undefined;
        return (ctx, st, out) => {
          target ??= named.get(name);
          if (!target) throw new XPathError(`XTSE0650: no template named ${name}`);
          const passed = new Map<string, Val | Lazy>();
          for (const p of params) passed.set(p.name, new Lazy(p.value, ctx));
          invoke(target, ctx, st, out, passed, location ?? st.loc);
        };
      }
      case 'apply-templates': {
        const select = attr(el, 'select') !== undefined ? xpath(el, 'select', scope) : (ctx: Ctx) => ctx.node.children;
        const mode = attr(el, 'mode') ?? '#default';
        const params = withParams(el, t, env);
        return (ctx, st, out) => {
          const nodes = toNodes(select(ctx), 'apply-templates');
          const passed = new Map<string, Val | Lazy>();
          for (const p of params) passed.set(p.name, new Lazy(p.value, ctx));
          applyTemplates(nodes, mode, ctx, st, out, passed);
        };
      }
      case 'if': {
        const test = xpath(el, 'test', scope);
        const body = sequence(el, t, env);
        return (ctx, st, out) => {
          if (toBool(test(ctx))) body(ctx, st, out);
        };
      }
      case 'choose': {
        const branches: Array<{ test: Compiled | null; body: Instr }> = [];
        for (const c of elementChildren(el)) {
          if (c.ns !== XSL) continue;
          if (c.local === 'when') branches.push({ test: xpath(c, 'test', localScope(c, t, env)), body: sequence(c, t, env) });
          else if (c.local === 'otherwise') branches.push({ test: null, body: sequence(c, t, env) });
        }
        return (ctx, st, out) => {
          for (const b of branches) {
            if (b.test === null || toBool(b.test(ctx))) {
              b.body(ctx, st, out);
              return;
            }
          }
        };
      }
      case 'for-each': {
        const select = xpath(el, 'select', scope);
        const body = sequence(el, t, env);
        return (ctx, st, out) => {
          const nodes = toNodes(select(ctx), 'for-each');
          const size = nodes.length;
          for (let i = 0; i < size; i++) body({ node: nodes[i], pos: i + 1, size, frame: ctx.frame, current: nodes[i], rt: ctx.rt }, st, out);
        };
      }
      case 'value-of': {
        // version="1.0" modules: the string value of the first item
        const select = xpath(el, 'select', scope);
        return (ctx, _st, out) => {
          if (out) appendText(out, toStr(select(ctx)));
        };
      }
      case 'text': {
        const text = stringValue(el);
        return (_ctx, _st, out) => {
          if (out) appendText(out, text);
        };
      }
      case 'copy-of': {
        const select = xpath(el, 'select', scope);
        return (ctx, _st, out) => {
          if (!out) return;
          const v = select(ctx);
          if (isNodes(v)) for (const n of v) copyInto(out, n);
          else appendText(out, toStr(v));
        };
      }
      case 'element': {
        const name = attr(el, 'name')!;
        const ns = attr(el, 'namespace');
        const body = sequence(el, t, env);
        const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : '';
        const uri = ns ?? (el.nsMap ?? {})[prefix] ?? '';
        return (ctx, st, out) => {
          if (!out) return;
          body(ctx, st, newElement(out, uri, name));
        };
      }
      case 'attribute': {
        const name = attr(el, 'name')!;
        const body = sequence(el, t, env);
        return (ctx, st, out) => {
          if (!out) return;
          const holder = newDocument();
          body(ctx, st, holder);
          out.attrs.push({ ...newElement(holder, '', name), kind: Kind.Attribute, value: stringValue(holder), parent: out, children: [] });
        };
      }
      case 'message': {
        const body = sequence(el, t, env);
        return (ctx, st) => {
          const holder = newDocument();
          body(ctx, st, holder);
          st.stray.push(stringValue(holder));
        };
      }
      default:
        throw new XPathError(`${t.module}:${el.line}: xsl:${el.local} is not supported by the native rules engine`);
    }
  }

  function compileTemplate(el: XNode, module: string): Template {
    const t = new TemplateScope(module, globalReader);
    let env: Env | null = null;
    const params: ParamDef[] = [];
    for (const c of elementChildren(el)) {
      if (c.ns !== XSL || c.local !== 'param') continue;
      const value = bindingValue(c, t, env);
      const slot = t.slot();
      const name = attr(c, 'name')!;
      params.push({ name, slot, value });
      env = { name, slot, next: env };
    }
    const body = sequence(el, t, env);
    return {
      name: attr(el, 'name'),
      mode: attr(el, 'mode') ?? '#default',
      module,
      params,
      body,
      get frameSize() {
        return t.frameSize;
      },
    };
  }

  function loadModule(rel: string): void {
    if (loaded.has(rel)) return; // included twice: the second copy is ignored (dp:ignore-multiple)
    loaded.add(rel);
    const text = modules.get(rel);
    if (text === undefined) throw new XPathError(`SUNAT rule module not found: ${rel}`);
    const doc = parseTree(text, { stylesheet: true });
    const root = elementChildren(doc)[0];
    for (const el of elementChildren(root)) {
      if (el.ns !== XSL) continue;
      switch (el.local) {
        case 'include':
        case 'import':
          loadModule(resolveInclude(attr(el, 'href')!, rel));
          break;
        case 'template': {
          const tpl = compileTemplate(el, rel);
          if (tpl.name !== undefined) {
            if (named.has(tpl.name) && tpl.name !== 'rejectCall' && tpl.name !== 'addWarning') {
              throw new XPathError(`XTSE0660: two templates named ${tpl.name}`);
            }
            named.set(tpl.name, tpl);
          }
          const match = attr(el, 'match');
          if (match !== undefined) {
            const explicit = attr(el, 'priority');
            for (const alt of alternatives(parseXPath(match))) {
              const list = rules.get(tpl.mode) ?? [];
              list.push({
                template: tpl,
                matches: compilePattern(alt, { ns: el.nsMap ?? {}, module: rel, variable: globalReader }),
                priority: explicit !== undefined ? Number(explicit) : defaultPriority(alt),
                order: ruleOrder++,
              });
              rules.set(tpl.mode, list);
            }
          }
          break;
        }
        case 'key': {
          const scope = { ns: el.nsMap ?? {}, module: rel, variable: globalReader };
          const name = attr(el, 'name')!;
          const alts = alternatives(parseXPath(attr(el, 'match')!)).map((a) => compilePattern(a, scope));
          const def: KeyDef = { matches: (n, rt) => alts.some((m) => m(n, rt)), use: xpath(el, 'use', scope) };
          keys.set(name, [...(keys.get(name) ?? []), def]);
          break;
        }
        case 'variable':
        case 'param': {
          const name = attr(el, 'name')!;
          const global: Global = { slot: globals.size, value: () => '', param: el.local === 'param' };
          if (!globals.has(name)) {
            globals.set(name, global);
            globalDecls.push({ el, module: rel, global });
          }
          break;
        }
        case 'output':
        case 'strip-space':
        case 'preserve-space':
        case 'decimal-format':
        case 'namespace-alias':
        case 'attribute-set':
          break;
        default:
          throw new XPathError(`${rel}:${el.line}: top-level xsl:${el.local} is not supported by the native rules engine`);
      }
    }
  }

  loadModule(ruleFile);
  // globals are compiled once every declaration is known (they may refer to each other)
  for (const { el, module, global } of globalDecls) {
    const t = new TemplateScope(module, globalReader);
    global.value = bindingValue(el, t, null);
    if (t.frameSize > 0) {
      const inner = global.value;
      const size = t.frameSize;
      global.value = (ctx) => inner({ ...ctx, frame: new Array(size) });
    }
  }
  for (const list of rules.values()) list.sort((a, b) => b.priority - a.priority || b.order - a.order);
  const root = rules.get('#default') ?? [];

  return {
    ruleFile,
    notes,
    run(doc, options) {
      const rt = new Runtime(options.fileName, options.clock, keys);
      const st: RunState = { loc: '', findings: [], stray: [], stopAtFirst: options.stopAtFirst };
      rt.state = st;
      const ctx: Ctx = { node: doc, pos: 1, size: 1, frame: [], current: doc, rt };
      for (const [name, g] of globals) {
        const given = g.param ? options.params[name] : undefined;
        rt.globals[g.slot] = given !== undefined ? given : (new Lazy(g.value, ctx) as unknown as Val);
      }
      void root;
      try {
        applyTemplates([doc], '#default', ctx, st, null, new Map());
      } catch (e) {
        if (!(e instanceof StopRun)) throw e;
      }
      return { findings: st.findings, stray: st.stray };
    },
  };
}

function resolveInclude(href: string, from: string): string {
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), href));
}

function alternatives(e: Expr): Expr[] {
  return e.t === 'union' ? e.parts : [e];
}

function defaultPriority(e: Expr): number {
  if (e.t !== 'path' || e.filter) return 0.5;
  if (e.abs === '/' && e.steps.length === 0) return -0.5;
  if (e.abs !== '' || e.steps.length !== 1) return 0.5;
  const s = e.steps[0].step;
  if (s.preds.length > 0) return 0.5;
  if (s.axis !== '' && s.axis !== '@' && s.axis !== 'child::' && s.axis !== 'attribute::') return 0.5;
  if (s.test === '*' || s.test.endsWith('()')) return -0.5;
  if (s.test.endsWith(':*')) return -0.25;
  return 0;
}

/** A location-path pattern as a test of one node (matched right to left). */
function compilePattern(e: Expr, scope: StaticScope): (n: XNode, rt: Runtime) => boolean {
  if (e.t !== 'path' || e.filter) throw new XPathError(`pattern not supported: ${JSON.stringify(e).slice(0, 80)}`);
  if (e.abs === '/' && e.steps.length === 0) return (n) => n.kind === Kind.Document;
  const steps = e.steps.map(({ sep, step }) => {
    const attribute = step.axis === '@' || step.axis === 'attribute::';
    // reuse the XPath compiler for the step's node test and predicates: the candidates are the nodes of the
    // parent the step would select, the node matches when it is among them
    const select = compile({ t: 'path', abs: '', filter: null, steps: [{ sep: '', step }] }, scope);
    const plain = step.preds.length === 0 && (step.axis === '' || step.axis === '@' || step.axis === 'child::' || step.axis === 'attribute::');
    const test = plain && step.test !== '.' && step.test !== '..' ? nodeTest(step.test, attribute ? Kind.Attribute : Kind.Element, scope) : null;
    return { sep, attribute, select, test };
  });
  const matchAt = (n: XNode, i: number, rt: Runtime): boolean => {
    const { attribute, select, test } = steps[i];
    if (attribute !== (n.kind === Kind.Attribute)) return false;
    const parent = n.parent;
    if (!parent) return false;
    if (test) {
      if (!test(n)) return false;
    } else if (!toNodes(select({ node: parent, pos: 1, size: 1, frame: [], current: parent, rt }), 'pattern').includes(n)) return false;
    if (i === 0) return e.abs === '' || (e.abs === '/' && parent.kind === Kind.Document) || e.abs === '//';
    if (steps[i].sep === '//') {
      for (let a: XNode | null = parent; a; a = a.parent) if (matchAt(a, i - 1, rt)) return true;
      return false;
    }
    return matchAt(parent, i - 1, rt);
  };
  return (n, rt) => (n.kind === Kind.Document ? false : matchAt(n, steps.length - 1, rt));
}
