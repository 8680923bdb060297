import { HttpStatus, OnApplicationShutdown } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { RetryLaterException } from '@/common/errors/http-errors';
import { TaskPool, TaskPoolBusy } from '@/common/workers/task-pool';
import { int, readEnv } from '@/config/schema';

export interface PasswordHasherSettings {
  /** bcrypt cost of new hashes (stored hashes keep their own). */
  rounds: number;
  /** Hashes computed at once, each in its own worker thread. */
  workers: number;
  /** Hashes waiting for a worker beyond which a login or password change is refused (503). */
  queue: number;
}

/** BCRYPT_ROUNDS (10), PASSWORD_HASH_WORKERS (CPU count − 1, at least 1), PASSWORD_HASH_QUEUE (200). */
export function passwordHasherSettings(env: NodeJS.ProcessEnv = process.env): PasswordHasherSettings {
  const v = readEnv(
    'contraseñas',
    {
      BCRYPT_ROUNDS: int(10, { min: 4, max: 31 }),
      PASSWORD_HASH_WORKERS: int(Math.max(1, availableParallelism() - 1), { min: 1, max: 64 }),
      PASSWORD_HASH_QUEUE: int(200, { min: 0, max: 100_000 }),
    },
    env,
  );
  return { rounds: v.BCRYPT_ROUNDS, workers: v.PASSWORD_HASH_WORKERS, queue: v.PASSWORD_HASH_QUEUE };
}

export const CONTRASENAS_OCUPADAS = 'Hay demasiadas verificaciones de contraseña en curso; intente nuevamente en unos momentos.';

type HashTask = { op: 'hash'; password: string; rounds: number } | { op: 'compare'; password: string; hash: string };

/**
 * The worker (plain CommonJS, run with eval: it starts in milliseconds, without ts-node) answers TaskPool's
 * messages with bcryptjs, the library every stored hash was made with (its sync form: the thread has nothing else to do).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', ({ id, input }) => {
  try {
    const value = input.op === 'hash' ? bcrypt.hashSync(input.password, input.rounds) : bcrypt.compareSync(input.password, input.hash);
    parentPort.postMessage({ id, value });
  } catch (e) {
    parentPort.postMessage({ id, error: { name: String(e && e.name), message: String(e && e.message) } });
  }
});
`;

/**
 * bcrypt off the event loop: bcryptjs is pure JavaScript, and even its async form runs on the event loop in
 * slices, so a burst of logins stalled every other request. Here each hash or comparison runs in a small pool
 * of worker threads; when the pool and its queue are full the answer is a 503 with Retry-After.
 */
export class PasswordHasher implements OnApplicationShutdown {
  private readonly pool: TaskPool<HashTask, string | boolean>;
  private dummy?: Promise<string>;

  constructor(readonly settings: PasswordHasherSettings) {
    const bcryptjs = require.resolve('bcryptjs');
    this.pool = new TaskPool(
      { workers: settings.workers, queue: settings.queue, timeoutMs: 60_000 },
      () => new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptjs }, execArgv: [] }),
    );
  }

  async hash(password: string): Promise<string> {
    return (await this.run({ op: 'hash', password, rounds: this.settings.rounds })) as string;
  }

  async compare(password: string, hash: string): Promise<boolean> {
    return (await this.run({ op: 'compare', password, hash })) === true;
  }

  /** The same work as a comparison, against a hash of nothing, so timing does not reveal which logins exist. */
  async compareWithNothing(password: string): Promise<false> {
    this.dummy ??= this.hash('not-a-password');
    const hash = await this.dummy.catch((e: unknown) => {
      this.dummy = undefined;
      throw e;
    });
    await this.compare(password, hash);
    return false;
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }

  private async run(task: HashTask): Promise<string | boolean> {
    try {
      return await this.pool.run(task);
    } catch (e) {
      if (e instanceof TaskPoolBusy) throw new RetryLaterException(HttpStatus.SERVICE_UNAVAILABLE, CONTRASENAS_OCUPADAS, e.retryAfterSeconds);
      throw e;
    }
  }
}
