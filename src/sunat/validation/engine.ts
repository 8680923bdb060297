/**
 * Runs SUNAT's XSL validation rules (vendor/sunat/xsl) on a UBL document with SaxonJS, giving the findings the
 * Java reference tool (shared/tools/sunat-xsl) gives: same codes, order, severities and node column.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledRules, type CompiledRules } from './compile';
import { installExtensionFunctions } from './extensions';
import { xslRoot } from './paths';
import { SV_NS } from './prepare';
import { RuleSource } from './rule-source';
import { SaxonJS, type SxNode } from './saxon';
import { DOC_TYPES, NS, ruleFileFor } from './tipos';
import type { SunatFinding, SunatRulesOptions, SunatRulesTipo } from './types';
import { checkWellFormed, decodeXml, UnreadableXml } from './xml-input';
import { nativeRules, type NativeParsed, parseDocument, runNative } from './native/run';

/** A finding with what the Java tool's -v shows besides (value found, rule file:line). */
export interface SunatFindingDetail extends SunatFinding {
  valor: string;
  regla: string;
}

export interface SunatRulesReport {
  tipo: SunatRulesTipo;
  ruleFile: string;
  fileName: string;
  findings: SunatFindingDetail[];
  /** Compatibility notes of the compiled rule file (patches, stand-ins). */
  notes: string[];
  compileMs: number;
  validateMs: number;
}

const ONE_LINE = /[ \t\n\x0B\f\r]+/g;

/** Main.clean: one line, no tabs: Java-whitespace runs become one space, trimmed. */
function clean(s: string | null | undefined): string {
  return s == null ? '' : s.replace(ONE_LINE, ' ').replace(/^ | $/g, '');
}

/** Java's String.trim(). */
function javaTrim(s: string): string {
  return s.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
}

// ------------------------------------------------------------------ catalogues and documents

let errorCatalog: Map<string, string> | undefined;

/** Code -> text of SUNAT's CatalogoErrores.xml. */
export function catalogText(code: string): string | undefined {
  if (!errorCatalog) {
    const doc = parseXml(readFileSync(path.join(xslRoot(), 'commons/cpe/catalogo/CatalogoErrores.xml'), 'utf8'));
    const pairs = SaxonJS.XPath.evaluate('array { /catalogoerrores/error ! [string(@numero), string(.)] }', doc) as unknown;
    errorCatalog = new Map();
    for (const [code, text] of toPairs(pairs)) errorCatalog.set(code, javaTrim(text));
  }
  return errorCatalog.get(code);
}

function toPairs(value: unknown): Array<[string, string]> {
  // SaxonJS gives an XDM array of arrays as a JS array of arrays
  const out: Array<[string, string]> = [];
  const outer = (value as { value?: unknown[] })?.value ?? (value as unknown[]);
  for (const item of outer as unknown[]) {
    const inner = ((item as { value?: unknown[] })?.value ?? item) as unknown[];
    const flat = inner.map((x) => String(Array.isArray(x) ? x[0] : x));
    out.push([flat[0], flat[1]]);
  }
  return out;
}

function parseXml(text: string): unknown {
  return SaxonJS.XPath.evaluate('parse-xml($text)', null, { params: { text } });
}

const parsedDocs = new Map<string, unknown>();

function loadDocument(file: string): unknown {
  let doc = parsedDocs.get(file);
  if (doc === undefined) {
    doc = parseXml(readFileSync(file, 'utf8'));
    parsedDocs.set(file, doc);
  }
  return doc;
}

function listFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(dir, rel))) {
    const r = rel ? `${rel}/${name}` : name;
    if (statSync(path.join(dir, r)).isDirectory()) out.push(...listFiles(dir, r));
    else if (name.toLowerCase().endsWith('.xml')) out.push(r);
  }
  return out;
}

const pools = new Map<string, Record<string, unknown>>();

/**
 * The documents the rules read with document(): SUNAT's catalogues and data files, as `local:///commons/cpe/...`
 * (DataPower) and relative to the compiled modules (SFS). Parsed on first use, once per process.
 */
function documentPool(compiled: CompiledRules): Record<string, unknown> {
  let pool = pools.get(compiled.workDir);
  if (!pool) {
    pool = {};
    const root = xslRoot();
    for (const rel of listFiles(root, 'commons/cpe')) {
      const file = path.join(root, ...rel.split('/'));
      const href = pathToFileURL(path.join(compiled.workDir, ...rel.split('/'))).href;
      const keys = new Set([`local:///${rel}`, href, href.replace(/^file:\/\/\//, 'file:/')]);
      for (const key of keys) {
        Object.defineProperty(pool, key, { enumerable: true, configurable: true, get: () => loadDocument(file) });
      }
    }
    pools.set(compiled.workDir, pool);
  }
  return pool;
}

// ------------------------------------------------------------------ document under test

function evalString(expr: string, doc: unknown): string {
  const v = SaxonJS.XPath.evaluate(expr, doc, { namespaceContext: { cbc: NS.cbc, cac: NS.cac } });
  return v == null ? '' : String(v);
}

/** The file name as sent to SUNAT, built from the document (FileNames.fromContent). */
function fileNameFromContent(doc: unknown, tipo: SunatRulesTipo): string {
  const party = tipo === '09' ? 'cac:DespatchSupplierParty' : 'cac:AccountingSupplierParty';
  const ruc = evalString(`normalize-space((/*/${party}/cac:Party/cac:PartyIdentification/cbc:ID, /*/${party}/cbc:CustomerAssignedAccountID)[1])`, doc);
  const id = evalString('normalize-space(/*/cbc:ID)', doc);
  return DOC_TYPES[tipo].summary ? `${ruc}-${id}.xml` : `${ruc}-${tipo}-${id}.xml`;
}

// ------------------------------------------------------------------ dates

const LIMA_OFFSET_MS = -5 * 3600 * 1000;

function clock(today: string | undefined): { today: string; now: string; nowSeconds: number } {
  if (today !== undefined) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
    const t = m ? Date.UTC(+m[1], +m[2] - 1, +m[3]) : NaN;
    if (!m || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== today) {
      throw new RangeError(`SUNAT rules: today must be a date YYYY-MM-DD, got '${today}'`);
    }
    // the Java tool fixes its clock at noon in Lima of that day
    return { today: `${today}-05:00`, now: `${today}T12:00:00-05:00`, nowSeconds: t / 1000 + 17 * 3600 };
  }
  const ms = Date.now();
  const lima = new Date(ms + LIMA_OFFSET_MS).toISOString();
  return { today: `${lima.slice(0, 10)}-05:00`, now: `${lima.slice(0, 19)}-05:00`, nowSeconds: Math.floor(ms / 1000) };
}

// ------------------------------------------------------------------ findings

const NODE = /\(nodo: "([^"]*)"(?: valor: "([\s\S]*)"| propiedad ([^:]*): "([\s\S]*)")?\)\s*$/;

interface RawFinding {
  kind: string;
  code: string;
  rule: string;
  raw: string;
}

function childElements(n: SxNode): SxNode[] {
  return Array.from(n.childNodes ?? []).filter((c) => c.nodeType === 1);
}

function readMessage(message: SxNode): RawFinding | { stray: string } {
  const el = childElements(message)[0];
  if (!el || el.namespaceURI !== SV_NS) return { stray: message.textContent ?? '' };
  return {
    kind: el.getAttribute?.('kind') ?? '',
    code: javaTrim(el.getAttribute?.('code') ?? ''),
    rule: el.getAttribute?.('rule') ?? '',
    raw: javaTrim(el.textContent ?? ''),
  };
}

function toFinding(f: RawFinding, ruleSource: RuleSource): SunatFindingDetail & { key: string } {
  let node = '';
  let value = '';
  const m = NODE.exec(f.raw);
  if (m) {
    node = m[1];
    if (m[2] !== undefined) value = m[2];
    else if (m[3] !== undefined) value = `${javaTrim(m[3])}=${m[4]}`;
  }
  const error = f.kind === 'error';
  let text = catalogText(f.code);
  if (text === undefined) text = f.raw === '' ? '(no description in CatalogoErrores.xml)' : f.raw;
  if (node === '' || node === '/') {
    const xpath = ruleSource.testedNode(f.rule);
    if (xpath !== null) node = xpath;
  }
  return {
    codigo: clean(f.code),
    mensaje: clean(text),
    severidad: error ? 'error' : 'observacion',
    ubicacion: clean(node),
    valor: value,
    regla: f.rule,
    key: [f.code, error, node, value, f.rule, f.raw].join('\t'),
  };
}

// ------------------------------------------------------------------ run

let ruleSource: RuleSource | undefined;

/** Validates one document in this thread and returns every detail (run.ts dispatches to the pool or here). */
export async function runSunatRulesHere(tipo: SunatRulesTipo, xml: string | Buffer, options: SunatRulesOptions = {}): Promise<SunatRulesReport> {
  const type = DOC_TYPES[tipo];
  if (!type) throw new RangeError(`SUNAT rules: unknown tipo '${String(tipo)}' (one of ${Object.keys(DOC_TYPES).join(', ')})`);
  const time = clock(options.today);
  installExtensionFunctions();
  ruleSource ??= new RuleSource(xslRoot());

  const useNative = (options.engine ?? rulesEngine()) === 'native';
  let doc: unknown;
  let parsed: NativeParsed | undefined;
  try {
    const text = decodeXml(xml);
    if (useNative) parsed = parseDocument(text, tipo);
    else {
      checkWellFormed(text);
      doc = parseXml(text);
    }
  } catch (e) {
    if (e instanceof RangeError) throw e;
    const detail = e instanceof UnreadableXml ? e.message : ((e as Error).message ?? String(e));
    const finding: SunatFindingDetail = {
      codigo: '0306',
      mensaje: clean(catalogText('0306') ?? ''),
      severidad: 'error',
      ubicacion: clean(detail),
      valor: '',
      regla: '',
    };
    return {
      tipo,
      ruleFile: type.rules,
      fileName: options.fileName ?? '',
      findings: [finding],
      notes: [],
      compileMs: 0,
      validateMs: 0,
    };
  }
  const root = parsed ? parsed.root : evalString("/*!('Q{' || namespace-uri() || '}' || local-name())", doc);
  const expected = `Q{${type.rootNamespace}}${type.rootName}`;
  if (root !== expected) {
    throw new Error(`SUNAT rules: tipo ${tipo} expects a ${type.rootName} document (${type.rootNamespace}), the XML holds ${root || 'no element'}`);
  }
  if (parsed) return runNativeReport(parsed, tipo, time, options);
  const customization = evalString("normalize-space(*/*[local-name()='CustomizationID'][1])", doc);
  const ruleFile = ruleFileFor(tipo, customization);
  const compiled = await compiledRules(ruleFile);
  const fileName = options.fileName ?? fileNameFromContent(doc, tipo);

  const started = Date.now();
  const findings: SunatFindingDetail[] = [];
  const stray: string[] = [];
  const seen = new Set<string>();
  let stopped = false;
  try {
    SaxonJS.transform(
      {
        stylesheetInternal: compiled.sef,
        sourceNode: doc,
        destination: 'raw',
        documentPool: documentPool(compiled),
        stylesheetParams: {
          // the driver's own termination (sv:stop) is not used: SaxonJS prints a stack trace on terminate;
          // messages after the first error are ignored instead (same findings, a little more time)
          [`Q{${SV_NS}}stop`]: false,
          [`Q{${SV_NS}}fileName`]: fileName,
          [`Q{${SV_NS}}today`]: time.today,
          [`Q{${SV_NS}}now`]: time.now,
          [`Q{${SV_NS}}nowSeconds`]: time.nowSeconds,
          nombreArchivoEnviado: fileName,
        },
        deliverMessage: (message) => {
          if (stopped) return;
          const r = readMessage(message);
          if ('stray' in r) {
            stray.push(r.stray);
            return;
          }
          const f = toFinding(r, ruleSource!);
          if (!seen.has(f.key)) {
            seen.add(f.key);
            const { key: _key, ...rest } = f;
            findings.push(rest);
          }
          // SUNAT mode: the first rejection ends the validation (DataPower's xsl:message terminate="yes"):
          // nothing after it counts (not even a rule that fails to evaluate)
          if (options.stopAtFirst === true && f.severidad === 'error') stopped = true;
        },
      },
      'sync',
    );
  } catch (e) {
    const terminatedByRule = stopped;
    if (!terminatedByRule) {
      const at = e as { xsltModule?: string; xsltLineNr?: string };
      const where = at.xsltModule ? ` (at ${at.xsltModule}:${at.xsltLineNr ?? '?'})` : '';
      throw new Error(`SUNAT rules: rule evaluation failed (${ruleFile}): ${(e as Error).message ?? String(e)}${where}`, { cause: e });
    }
  }
  for (const s of stray) {
    // a rule file wrote its own xsl:message: keep it visible rather than lose it
    findings.push({ codigo: '????', mensaje: clean(s), severidad: 'observacion', ubicacion: '', valor: '', regla: '' });
  }
  return {
    tipo,
    ruleFile,
    fileName,
    findings,
    notes: compiled.notes,
    compileMs: compiled.compileMs,
    validateMs: Date.now() - started,
  };
}

function runNativeReport(parsed: NativeParsed, tipo: SunatRulesTipo, time: ReturnType<typeof clock>, options: SunatRulesOptions): SunatRulesReport {
  const started = Date.now();
  let out: ReturnType<typeof runNative>;
  try {
    out = runNative(parsed, tipo, { fileName: options.fileName, clock: time, stopAtFirst: options.stopAtFirst === true });
  } catch (e) {
    throw new Error(`SUNAT rules: rule evaluation failed (${parsed.ruleFile}): ${(e as Error).message ?? String(e)}`, { cause: e });
  }
  const findings: SunatFindingDetail[] = [];
  const seen = new Set<string>();
  for (const r of out.findings) {
    const f = toFinding({ kind: r.kind, code: javaTrim(r.code), rule: r.rule, raw: javaTrim(r.raw) }, ruleSource!);
    if (seen.has(f.key)) continue;
    seen.add(f.key);
    const { key: _key, ...rest } = f;
    findings.push(rest);
  }
  for (const s of out.stray) findings.push({ codigo: '????', mensaje: clean(s), severidad: 'observacion', ubicacion: '', valor: '', regla: '' });
  return {
    tipo,
    ruleFile: parsed.ruleFile,
    fileName: out.fileName,
    findings,
    notes: out.notes,
    compileMs: out.compileMs,
    validateMs: Date.now() - started,
  };
}

/** The engine that runs the rules: native (default) or SaxonJS (SUNAT_RULES_ENGINE=saxon, the cross-check). */
export function rulesEngine(): 'native' | 'saxon' {
  return process.env.SUNAT_RULES_ENGINE === 'saxon' ? 'saxon' : 'native';
}

/**
 * Loads what a validation needs before the first document arrives: the rule files (compiled by the engine in
 * use), the error catalogue and, for SaxonJS, every document the rules read (catalogues), so the first create
 * does not pay for them.
 */
export async function warmSunatRules(ruleFiles: readonly string[], engine: 'native' | 'saxon' = rulesEngine()): Promise<void> {
  ruleSource ??= new RuleSource(xslRoot());
  catalogText('0306');
  if (engine === 'native') {
    for (const file of ruleFiles) nativeRules(file);
    return;
  }
  installExtensionFunctions();
  for (const file of ruleFiles) {
    const pool = documentPool(await compiledRules(file));
    for (const key of Object.keys(pool)) void pool[key];
  }
}
