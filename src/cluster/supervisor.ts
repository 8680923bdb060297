import cluster, { Worker } from 'node:cluster';
import { Logger } from '@nestjs/common';

/** A worker that dies within this long of its start counts as a failed start (restarted with a growing delay). */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Workers that may die before any worker ever listened before the service gives up (a wrong configuration, no database). */
const MAX_FAILED_BOOTS = 3;

/**
 * Keeps `count` workers running: a worker that dies is replaced (at once, or after 1, 2, 4 … 30 s when workers keep
 * dying right after starting). While no worker has ever listened, the third worker that dies means the service cannot
 * start (configuration, database): `onBootFailure` then, instead of a restart loop.
 */
export class WorkerSupervisor {
  private stopping = false;
  private anyListening = false;
  private quickDeaths = 0;
  private failedBoots = 0;
  private readonly startedAt = new Map<number, number>();

  constructor(
    private readonly count: number,
    private readonly env: Record<string, string>,
    private readonly logger: Logger,
    private readonly onBootFailure: () => void,
  ) {}

  start(): void {
    cluster.on('listening', (worker, address) => {
      this.anyListening = true;
      this.logger.log(`Worker ${worker.process.pid} escuchando en el puerto ${address.port}`);
    });
    cluster.on('exit', (worker, code, signal) => this.exited(worker, code, signal));
    for (let i = 0; i < this.count; i++) this.fork();
  }

  /**
   * SIGTERM to every worker (each drains its requests within SHUTDOWN_TIMEOUT_MS, see main.ts); those still running
   * after `deadlineMs` get SIGKILL. True when all stopped by themselves.
   */
  async stop(deadlineMs: number): Promise<boolean> {
    this.stopping = true;
    const workers = this.workers();
    const exits = Promise.all(workers.map((w) => (w.isDead() ? Promise.resolve() : new Promise<void>((resolve) => w.once('exit', () => resolve())))));
    for (const w of workers) if (!w.isDead()) w.process.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([exits.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), deadlineMs)))]);
    clearTimeout(timer);
    if (!inTime) {
      this.logger.warn(`Workers sin terminar tras ${deadlineMs} ms: se detienen a la fuerza`);
      this.kill();
      await exits;
    }
    return inTime;
  }

  /** SIGKILL to every worker (a second signal, or a lost database). */
  kill(): void {
    this.stopping = true;
    for (const w of this.workers()) if (!w.isDead()) w.process.kill('SIGKILL');
  }

  private workers(): Worker[] {
    return Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  }

  private fork(): void {
    const worker = cluster.fork(this.env);
    this.startedAt.set(worker.id, Date.now());
    this.logger.log(`Worker ${worker.process.pid} iniciado`);
  }

  private exited(worker: Worker, code: number, signal: string | null): void {
    const startedAt = this.startedAt.get(worker.id) ?? 0;
    this.startedAt.delete(worker.id);
    if (this.stopping) return;
    const how = signal ? `señal ${signal}` : `código ${code}`;
    if (!this.anyListening && ++this.failedBoots >= MAX_FAILED_BOOTS) {
      this.logger.error(`Worker ${worker.process.pid} terminó (${how}) antes de que alguno arrancara, ${this.failedBoots} veces: el servicio no puede iniciar`);
      this.onBootFailure();
      return;
    }
    this.quickDeaths = !this.anyListening || Date.now() - startedAt < QUICK_DEATH_MS ? this.quickDeaths + 1 : 0;
    const delay = this.quickDeaths ? Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (this.quickDeaths - 1)) : 0;
    this.logger.warn(`Worker ${worker.process.pid} terminó (${how}): se reemplaza${delay ? ` en ${delay} ms` : ''}`);
    setTimeout(() => {
      if (!this.stopping) this.fork();
    }, delay);
  }
}
