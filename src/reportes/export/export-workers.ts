import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { int, readEnv } from '@/config/schema';

/** Every export worker is rendering and the queue is full (or a waiting export waited too long): 503. */
export class ExportacionesOcupadas extends Error {
  override readonly name = 'ExportacionesOcupadas';
}

export interface ExportWorkersSettings {
  /** Exports rendered at once, each in its own worker thread; 0 renders on the event loop (as before issue 21). */
  workers: number;
  /** Exports waiting for a worker beyond which a new one is refused at once. */
  cola: number;
  /** The longest an export waits in the queue before it is refused. */
  esperaMs: number;
}

/** EXPORT_WORKERS (default CPU count − 1, at least 1), EXPORT_QUEUE (8), EXPORT_QUEUE_WAIT_MS (30 s). */
export function exportWorkersSettings(env: NodeJS.ProcessEnv = process.env): ExportWorkersSettings {
  const v = readEnv(
    'exportaciones',
    {
      EXPORT_WORKERS: int(Math.max(1, availableParallelism() - 1), { min: 0, max: 64 }),
      EXPORT_QUEUE: int(8, { min: 0, max: 1000 }),
      EXPORT_QUEUE_WAIT_MS: int(30_000, { min: 0, max: 600_000 }),
    },
    env,
  );
  return { workers: v.EXPORT_WORKERS, cola: v.EXPORT_QUEUE, esperaMs: v.EXPORT_QUEUE_WAIT_MS };
}

function spawnWorker(): Worker {
  const ts = __filename.endsWith('.ts');
  const file = path.join(__dirname, ts ? 'export-worker.ts' : 'export-worker.js');
  if (!ts) return new Worker(file, { execArgv: [] });
  // ts-node (dev, tests, bench): the worker compiles its own modules and resolves the '@/' alias itself
  const root = path.resolve(__dirname, '../../..');
  const code = [
    `require('ts-node').register({ transpileOnly: true, project: ${JSON.stringify(path.join(root, 'tsconfig.json'))} });`,
    `require('tsconfig-paths').register({ baseUrl: ${JSON.stringify(root)}, paths: { '@/*': ['./src/*'] } });`,
    `require(${JSON.stringify(file)});`,
  ].join('\n');
  return new Worker(code, { eval: true, execArgv: [] });
}

interface Espera {
  resolve(worker: Worker): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * A bounded set of worker threads for exports. A worker is started on first need and kept (idle workers do not
 * keep the process alive); at most `workers` exports render at once, up to `cola` more wait in order, and beyond
 * that, or after `esperaMs` in the queue, an export is refused with ExportacionesOcupadas.
 */
export class ExportWorkers implements OnApplicationShutdown {
  private readonly logger = new Logger('Exportaciones');
  private readonly todos = new Set<Worker>();
  private readonly libres: Worker[] = [];
  private readonly cola: Espera[] = [];
  private enUso = 0;
  private cerrado = false;

  constructor(readonly settings: ExportWorkersSettings) {}

  /** A worker for one export; give it back with devolver() whatever happens. */
  tomar(): Promise<Worker> {
    if (this.cerrado) return Promise.reject(new ExportacionesOcupadas('el servicio se está deteniendo'));
    if (this.enUso < this.settings.workers) {
      this.enUso++;
      return Promise.resolve(this.activar(this.libres.pop() ?? this.nuevo()));
    }
    if (this.cola.length >= this.settings.cola) return Promise.reject(new ExportacionesOcupadas(`${this.cola.length} exportaciones en espera`));
    return new Promise<Worker>((resolve, reject) => {
      const espera: Espera = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.cola.splice(this.cola.indexOf(espera), 1);
          reject(new ExportacionesOcupadas(`más de ${this.settings.esperaMs} ms en espera`));
        }, this.settings.esperaMs),
      };
      this.cola.push(espera);
    });
  }

  /** `sano` false (the export failed or was cut): the worker may be mid-render, so it is stopped and replaced. */
  devolver(worker: Worker, sano: boolean): void {
    if (!sano || this.cerrado) this.terminar(worker);
    const siguiente = this.cola.shift();
    if (siguiente && !this.cerrado) {
      clearTimeout(siguiente.timer);
      siguiente.resolve(this.activar(sano ? worker : this.nuevo()));
      return;
    }
    this.enUso--;
    if (sano && !this.cerrado) {
      worker.unref();
      this.libres.push(worker);
    }
  }

  /** Exports rendering now, and waiting. */
  get ocupados(): { enUso: number; enEspera: number } {
    return { enUso: this.enUso, enEspera: this.cola.length };
  }

  async onApplicationShutdown(): Promise<void> {
    this.cerrado = true;
    for (const espera of this.cola.splice(0)) {
      clearTimeout(espera.timer);
      espera.reject(new ExportacionesOcupadas('el servicio se está deteniendo'));
    }
    await Promise.all([...this.todos].map((w) => w.terminate()));
    this.todos.clear();
    this.libres.length = 0;
  }

  private activar(worker: Worker): Worker {
    worker.ref();
    return worker;
  }

  private nuevo(): Worker {
    const worker = spawnWorker();
    this.todos.add(worker);
    const perdido = () => {
      this.todos.delete(worker);
      const i = this.libres.indexOf(worker);
      if (i >= 0) this.libres.splice(i, 1);
    };
    worker.once('exit', perdido);
    worker.on('error', (e) => this.logger.error(`Worker de exportación: ${e.message}`));
    return worker;
  }

  private terminar(worker: Worker): void {
    this.todos.delete(worker);
    void worker.terminate();
  }
}
