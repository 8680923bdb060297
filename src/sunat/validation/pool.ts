/**
 * SUNAT's rules off the event loop: a pool of worker threads (worker.ts), each loading the compiled rule files
 * once and validating one document at a time. Documents wait in a bounded queue for a free worker; a document
 * that takes longer than the timeout fails (its worker is replaced: SaxonJS cannot be interrupted).
 */
import { availableParallelism, cpus } from 'node:os';
import * as path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { SunatRulesReport } from './engine';
import type { PoolReply, PoolRequest } from './pool-messages';
import type { SunatRulesOptions, SunatRulesTipo } from './types';

export interface SunatRulesPoolOptions {
  /** Worker threads; default CPU count − 1, at least 1. */
  size?: number;
  /** Documents waiting for a worker beyond which run() fails at once with SunatRulesBusy; default 100 per worker. */
  maxQueue?: number;
  /** Per document, from the moment a worker takes it; default 30 s. */
  timeoutMs?: number;
  /**
   * V8 young generation of each worker (MB). SaxonJS allocates a lot of short-lived objects: a larger young
   * generation halves the time spent in garbage collection (bench: invoice 55 → 45 ms). Default 192.
   */
  youngGenerationMb?: number;
  /** V8 old generation of each worker (MB): a document that needs more stops its worker (SunatRulesWorkerStopped). Default V8's. */
  oldGenerationMb?: number;
  /** Rule files every worker loads as soon as it starts (the first worker first: it compiles a cold cache). */
  warmRuleFiles?: readonly string[];
}

/** The queue is full: the service is validating more than it can. */
export class SunatRulesBusy extends Error {
  override readonly name = 'SunatRulesBusy';
}

/** A document took longer than the pool's timeout. */
export class SunatRulesTimeout extends Error {
  override readonly name = 'SunatRulesTimeout';
}

/** The worker validating the document stopped (out of memory, crash); it is replaced. */
export class SunatRulesWorkerStopped extends Error {
  override readonly name = 'SunatRulesWorkerStopped';
}

/** The pool was closed before the document was validated. */
export class SunatRulesPoolClosed extends Error {
  override readonly name = 'SunatRulesPoolClosed';
}

export function defaultPoolSize(): number {
  const n = typeof availableParallelism === 'function' ? availableParallelism() : cpus().length;
  return Math.max(1, n - 1);
}

type Request = { kind: 'run'; tipo: SunatRulesTipo; xml: string | Uint8Array; options: SunatRulesOptions } | { kind: 'warm'; ruleFiles: string[] };

interface Job {
  request: Request;
  resolve(report: SunatRulesReport | undefined): void;
  reject(error: Error): void;
  timeoutMs: number;
}

interface Slot {
  worker: Worker;
  job: (Job & { id: number; timer?: NodeJS.Timeout }) | null;
  /** Jobs only this worker may take (its warm-up), before the shared queue. */
  own: Job[];
}

const ERRORS: Record<string, new (message: string) => Error> = { RangeError, TypeError, SunatRulesTimeout, SunatRulesBusy };

function spawnWorker(youngGenerationMb: number, oldGenerationMb: number | undefined): Worker {
  const ts = __filename.endsWith('.ts');
  const file = path.join(__dirname, ts ? 'worker.ts' : 'worker.js');
  const resourceLimits: ResourceLimits = {
    maxYoungGenerationSizeMb: youngGenerationMb,
    ...(oldGenerationMb ? { maxOldGenerationSizeMb: oldGenerationMb } : {}),
  };
  if (!ts) return new Worker(file, { resourceLimits, execArgv: [] });
  // ts-node (dev, tests, bench): the worker compiles its own modules
  const code = `require('ts-node').register({ transpileOnly: true }); require(${JSON.stringify(file)});`;
  return new Worker(code, { eval: true, resourceLimits, execArgv: [] });
}

export class SunatRulesPool {
  readonly size: number;
  readonly maxQueue: number;
  readonly timeoutMs: number;
  private readonly youngGenerationMb: number;
  private readonly oldGenerationMb: number | undefined;
  private readonly warmRuleFiles: string[];
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private warmed: Promise<void>;

  constructor(options: SunatRulesPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? defaultPoolSize()));
    this.maxQueue = Math.max(0, Math.floor(options.maxQueue ?? 100 * this.size));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.youngGenerationMb = options.youngGenerationMb ?? 192;
    this.oldGenerationMb = options.oldGenerationMb;
    this.warmRuleFiles = [...(options.warmRuleFiles ?? [])];
    // the first worker warms (compiling a cold cache once), then the others start and load that cache
    const first = this.addSlot();
    this.warmed = first;
    void this.warmed.then(() => {
      while (!this.closed && this.slots.length < this.size) void this.addSlot();
    });
  }

  /** Resolves when the first worker has loaded the rule files (the others follow). */
  ready(): Promise<void> {
    return this.warmed;
  }

  /** Workers alive (the pool grows to `size` once the first is warm). */
  get workers(): number {
    return this.slots.length;
  }

  /** Documents waiting for a worker. */
  get waiting(): number {
    return this.queue.length;
  }

  run(tipo: SunatRulesTipo, xml: string | Buffer, options: SunatRulesOptions = {}): Promise<SunatRulesReport> {
    if (this.closed) return Promise.reject(new SunatRulesPoolClosed('SUNAT rules: the validation pool is closed'));
    if (this.queue.length >= this.maxQueue && !this.slots.some((s) => s.job === null && s.own.length === 0)) {
      return Promise.reject(new SunatRulesBusy(`SUNAT rules: ${this.queue.length} documents already waiting for validation`));
    }
    return new Promise<SunatRulesReport>((resolve, reject) => {
      this.queue.push({ request: { kind: 'run', tipo, xml, options }, resolve: (r) => resolve(r!), reject, timeoutMs: this.timeoutMs });
      this.dispatch();
    });
  }

  /** Stops every worker; documents not validated yet fail with SunatRulesPoolClosed. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const gone = new SunatRulesPoolClosed('SUNAT rules: the validation pool is closed');
    for (const job of this.queue.splice(0)) job.reject(gone);
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        for (const job of slot.own.splice(0)) job.reject(gone);
        if (slot.job) {
          clearTimeout(slot.job.timer);
          slot.job.reject(gone);
          slot.job = null;
        }
        return slot.worker.terminate();
      }),
    );
  }

  private addSlot(): Promise<void> {
    const slot: Slot = { worker: spawnWorker(this.youngGenerationMb, this.oldGenerationMb), job: null, own: [] };
    this.slots.push(slot);
    this.listen(slot);
    const warm = new Promise<void>((resolve) => {
      if (this.warmRuleFiles.length === 0) return resolve();
      // a cold cache compiles for minutes: the warm-up has its own, generous, limit. A warm-up that fails is
      // not fatal: the document that needs that rule file compiles it again and answers its error
      const done = () => resolve();
      slot.own.push({ request: { kind: 'warm', ruleFiles: this.warmRuleFiles }, resolve: done, reject: done, timeoutMs: 15 * 60_000 });
    });
    this.dispatch();
    return warm;
  }

  private listen(slot: Slot): void {
    slot.worker.on('message', (reply: PoolReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      clearTimeout(job.timer);
      slot.job = null;
      if (reply.error) {
        const E = ERRORS[reply.error.name] ?? Error;
        job.reject(new E(reply.error.message));
      } else job.resolve(reply.report);
      this.dispatch();
    });
    const lost = (why: string) => {
      if (!this.slots.includes(slot)) return;
      const job = slot.job;
      slot.job = null;
      if (job) {
        clearTimeout(job.timer);
        job.reject(new SunatRulesWorkerStopped(`SUNAT rules: the validation worker stopped (${why})`));
      }
      this.replace(slot);
    };
    slot.worker.on('error', (e) => lost(e.message));
    slot.worker.on('exit', (code) => lost(`exit ${code}`));
  }

  /** Drops a worker (stuck or dead) and starts another in its place. */
  private replace(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    const pending = slot.own.splice(0);
    void slot.worker.terminate();
    if (this.closed) return;
    void this.addSlot();
    // a warm-up that was waiting on the dead worker resolves with the new one's (or fails the same way)
    for (const job of pending) job.resolve(undefined);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = slot.own.shift() ?? this.queue.shift();
      if (!job) {
        slot.worker.unref(); // an idle pool never keeps the process alive
        continue;
      }
      slot.worker.ref();
      const id = this.nextId++;
      const running = { ...job, id, timer: undefined as NodeJS.Timeout | undefined };
      running.timer = setTimeout(() => {
        if (slot.job !== running) return;
        slot.job = null;
        job.reject(new SunatRulesTimeout(`SUNAT rules: the document took more than ${job.timeoutMs} ms to validate`));
        this.replace(slot);
      }, job.timeoutMs);
      slot.job = running;
      const message: PoolRequest = { id, ...job.request } as PoolRequest;
      slot.worker.postMessage(message);
    }
  }
}
