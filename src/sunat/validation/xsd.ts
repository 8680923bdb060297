import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * XSD validation of SUNAT documents with libxml2 (the validator SUNAT's own tools are checked against),
 * compiled to WebAssembly by the npm package libxml2-wasm: no xmllint binary needed.
 *
 * libxml2-wasm is an ES module with top-level await, so it cannot be require()d (nor imported under
 * jest's CommonJS runtime): it runs in a worker thread instead. That also keeps validation off the
 * event loop and lets a stuck validation be cut (the worker is terminated). Each worker compiles a
 * schema the first time it is asked for it and keeps it; the worker ends after a while without work.
 */

export type XsdKind = 'invoice' | 'creditNote' | 'debitNote' | 'despatch' | 'summary' | 'voided';

/** Main schema of each document kind, relative to an XSD folder laid out like vendor/sunat/xsd. */
export const XSD_FILES: Record<XsdKind, string> = {
  invoice: '2.1/maindoc/UBL-Invoice-2.1.xsd',
  creditNote: '2.1/maindoc/UBL-CreditNote-2.1.xsd',
  debitNote: '2.1/maindoc/UBL-DebitNote-2.1.xsd',
  despatch: '2.1/maindoc/UBL-DespatchAdvice-2.1.xsd',
  summary: '2.0/maindoc/UBLPE-SummaryDocuments-1.0.xsd',
  voided: '2.0/maindoc/UBLPE-VoidedDocuments-1.0.xsd',
};

/** The kind whose schema declares this root element (local name), if any. */
export const XSD_KIND_BY_ROOT: Record<string, XsdKind> = {
  Invoice: 'invoice',
  CreditNote: 'creditNote',
  DebitNote: 'debitNote',
  DespatchAdvice: 'despatch',
  SummaryDocuments: 'summary',
  VoidedDocuments: 'voided',
};

/** Larger inputs are refused without parsing (SUNAT's own limit for a zipped XML is far lower). */
export const MAX_XSD_INPUT_BYTES = 10 * 1024 * 1024;
const MAX_ERRORS = 50;
const DEFAULT_TIMEOUT_MS = 60_000;
const IDLE_MS = 30_000;

export interface XsdResult {
  valid: boolean;
  /** libxml2's messages, `línea N: ...`; empty when valid. */
  errors: string[];
}

export interface XsdOptions {
  /** A folder laid out like vendor/sunat/xsd (default: the vendored one). */
  xsdDir?: string;
  /** Whole round trip, worker start and schema compilation included (default 60 s). */
  timeoutMs?: number;
}

/** vendor/sunat/xsd of this checkout, found upwards from here (works from src/ and from dist/src/). */
export const VENDOR_XSD_DIR: string = (() => {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const candidate = join(dir, 'vendor', 'sunat', 'xsd');
    if (existsSync(join(candidate, XSD_FILES.invoice))) return candidate;
    if (dirname(dir) === dir) return resolve(__dirname, '../../../vendor/sunat/xsd');
  }
})();

/** Validates `xml` against the schema of `kind`. Rejects only when validation itself could not run (timeout, crash). */
export function validateXsd(kind: XsdKind, xml: string | Buffer, options: XsdOptions = {}): Promise<XsdResult> {
  if (!(kind in XSD_FILES)) return Promise.reject(new Error(`Tipo de XSD desconocido: ${kind}`));
  const bytes = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  if (bytes.length > MAX_XSD_INPUT_BYTES) {
    return Promise.resolve({ valid: false, errors: [`XML de ${bytes.length} bytes: supera el máximo de ${MAX_XSD_INPUT_BYTES}`] });
  }
  const xsdDir = resolve(options.xsdDir ?? VENDOR_XSD_DIR);
  if (!existsSync(join(xsdDir, XSD_FILES[kind]))) return Promise.reject(new Error(`No existe ${join(xsdDir, XSD_FILES[kind])}`));
  return poolFor(xsdDir).run(kind, bytes, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
}

/** Ends the validation workers now (they also end by themselves after 30 s without work). */
export async function closeXsdValidators(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close()));
}

interface Pending {
  resolve(result: XsdResult): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const pools = new Map<string, XsdWorker>();

function poolFor(xsdDir: string): XsdWorker {
  let pool = pools.get(xsdDir);
  if (!pool) pools.set(xsdDir, (pool = new XsdWorker(xsdDir)));
  return pool;
}

/** One worker thread per XSD folder, started on demand, requests answered in order. */
class XsdWorker {
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private idleTimer?: NodeJS.Timeout;

  constructor(private readonly xsdDir: string) {}

  run(kind: XsdKind, xml: Buffer, timeoutMs: number): Promise<XsdResult> {
    const worker = this.start();
    const id = this.nextId++;
    clearTimeout(this.idleTimer);
    worker.ref();
    return new Promise<XsdResult>((resolvePromise, rejectPromise) => {
      const timer = setTimeout(() => this.fail(new Error(`Validación XSD sin respuesta en ${timeoutMs} ms`)), timeoutMs);
      this.pending.set(id, { resolve: resolvePromise, reject: rejectPromise, timer });
      // A copy: the caller keeps its buffer (and Buffer.from pool slices are not transferable).
      worker.postMessage({ id, schema: join(this.xsdDir, XSD_FILES[kind]), xml: new Uint8Array(xml) });
    });
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('Validación XSD cancelada'));
      this.pending.delete(id);
    }
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { xsdDir: this.xsdDir, libUrl: pathToFileURL(require.resolve('libxml2-wasm')).href, maxErrors: MAX_ERRORS },
      stdout: false,
      stderr: false,
    });
    worker.on('message', (message: { id: number; valid: boolean; errors: string[]; failure?: string }) => {
      const p = this.pending.get(message.id);
      if (!p) return;
      this.pending.delete(message.id);
      clearTimeout(p.timer);
      if (message.failure) p.reject(new Error(`Validación XSD: ${message.failure}`));
      else p.resolve({ valid: message.valid, errors: message.errors });
      this.whenIdle();
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.fail(new Error(`El validador XSD terminó (código ${code})`));
    });
    this.worker = worker;
    return worker;
  }

  /** The worker is no longer trusted: every waiting request fails and the next one starts a new worker. */
  private fail(error: Error): void {
    const worker = this.worker;
    this.worker = undefined;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(error);
      this.pending.delete(id);
    }
    if (worker) void worker.terminate();
  }

  private whenIdle(): void {
    if (this.pending.size > 0 || !this.worker) return;
    // Idle: it must not keep the process alive, and it goes away after a while (jest loads this module
    // once per test file, so idle workers of finished files must not pile up).
    this.worker.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.close(), IDLE_MS);
    this.idleTimer.unref();
  }
}

/**
 * The worker (plain CommonJS, run with eval). libxml2 only reads files through the input provider
 * registered here: .xsd files inside the XSD folder. Documents are parsed without DTD loading, entity
 * substitution or network access.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { fileURLToPath } = require('node:url');

const root = path.resolve(workerData.xsdDir);
const ready = import(workerData.libUrl).then((lib) => {
  function local(name) {
    let file = name;
    try { if (/^file:/i.test(name)) file = fileURLToPath(name); } catch { return null; }
    if (/^[a-z][a-z0-9+.-]*:/i.test(file)) return null;
    const abs = path.resolve(root, file);
    return abs.startsWith(root + path.sep) && abs.endsWith('.xsd') ? abs : null;
  }
  lib.xmlRegisterInputProvider({
    match(name) { const abs = local(name); return !!abs && fs.existsSync(abs); },
    open(name) {
      const abs = local(name);
      if (!abs) return undefined;
      try { return lib.openBuffer(fs.readFileSync(abs)); } catch { return undefined; }
    },
    read: (fd, buf) => lib.readBuffer(fd, buf),
    close: (fd) => lib.closeBuffer(fd),
  });
  return lib;
});

const validators = new Map();
function validatorFor(lib, schema) {
  let validator = validators.get(schema);
  if (!validator) {
    const doc = lib.XmlDocument.fromBuffer(fs.readFileSync(schema), { url: schema });
    try { validator = lib.XsdValidator.fromDoc(doc); } finally { doc.dispose(); }
    validators.set(schema, validator);
  }
  return validator;
}

function messages(error) {
  const details = Array.isArray(error && error.details) && error.details.length ? error.details : [{ message: String(error && error.message || error) }];
  return details.slice(0, workerData.maxErrors).map((d) => (d.line ? 'línea ' + d.line + ': ' : '') + String(d.message).trim());
}

parentPort.on('message', async ({ id, schema, xml }) => {
  let lib;
  try {
    lib = await ready;
  } catch (error) {
    parentPort.postMessage({ id, failure: 'no se pudo cargar libxml2-wasm: ' + (error && error.message || error) });
    return;
  }
  let validator;
  try {
    validator = validatorFor(lib, schema);
  } catch (error) {
    parentPort.postMessage({ id, failure: 'XSD ' + schema + ' no compila: ' + messages(error).join('; ') });
    return;
  }
  let doc;
  try {
    doc = lib.XmlDocument.fromBuffer(xml);
  } catch (error) {
    parentPort.postMessage({ id, valid: false, errors: messages(error) });
    return;
  }
  try {
    validator.validate(doc);
    parentPort.postMessage({ id, valid: true, errors: [] });
  } catch (error) {
    parentPort.postMessage({ id, valid: false, errors: messages(error) });
  } finally {
    doc.dispose();
  }
});
`;
