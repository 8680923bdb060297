import type { Worker } from 'node:worker_threads';
import type { TaskReply, TaskRequest } from './task-messages';

export interface TaskPoolSettings {
  /** Tasks run at once, each in its own worker thread (started on first need, kept while the pool lives). */
  workers: number;
  /** Tasks waiting for a worker beyond which a new one is refused at once with TaskPoolBusy. */
  queue: number;
  /** Per task, from the moment a worker takes it; the worker is then terminated and replaced. */
  timeoutMs: number;
}

/** Every worker is busy and the queue is full. */
export class TaskPoolBusy extends Error {
  override readonly name = 'TaskPoolBusy';
  constructor(
    message: string,
    /** A guess of when a retry would find room, for Retry-After. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A task ran longer than the pool's timeout (its worker was terminated). */
export class TaskTimeout extends Error {
  override readonly name = 'TaskTimeout';
}

/** The pool was closed, or its worker died, before the task was answered. */
export class TaskPoolClosed extends Error {
  override readonly name = 'TaskPoolClosed';
}

/** An error thrown by the task inside the worker, with its name, message and code. */
export class TaskError extends Error {
  constructor(
    readonly remoteName: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'TaskError';
  }
}

interface Job<In, Out> {
  input: In;
  resolve(value: Out): void;
  reject(error: Error): void;
}

interface Slot<In, Out> {
  worker: Worker;
  job: (Job<In, Out> & { id: number; timer: NodeJS.Timeout; started: number }) | null;
}

/**
 * One call, one answer, off the event loop: at most `workers` tasks run at once in worker threads that serve them
 * with serveTasks(); up to `queue` more wait in order; beyond that a task is refused with TaskPoolBusy. A task that
 * outlives `timeoutMs` fails with TaskTimeout and its worker is replaced (CPU-bound code cannot be interrupted).
 * Idle workers do not keep the process alive.
 */
export class TaskPool<In, Out> {
  private readonly slots: Slot<In, Out>[] = [];
  private readonly queue: Job<In, Out>[] = [];
  private nextId = 1;
  private closed = false;
  /** Moving average of a task's run time, for Retry-After. */
  private averageMs = 1000;

  constructor(
    readonly settings: TaskPoolSettings,
    private readonly spawn: () => Worker,
  ) {}

  run(input: In): Promise<Out> {
    if (this.closed) return Promise.reject(new TaskPoolClosed('the pool is closed'));
    const free = this.slots.some((s) => s.job === null) || this.slots.length < this.settings.workers;
    if (!free && this.queue.length >= this.settings.queue) {
      return Promise.reject(new TaskPoolBusy(`${this.queue.length} tasks already waiting`, this.retryAfterSeconds()));
    }
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.dispatch();
    });
  }

  /** Tasks running and waiting now. */
  get stats(): { active: number; waiting: number } {
    return { active: this.slots.filter((s) => s.job).length, waiting: this.queue.length };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const gone = new TaskPoolClosed('the pool is closed');
    for (const job of this.queue.splice(0)) job.reject(gone);
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        if (slot.job) {
          clearTimeout(slot.job.timer);
          slot.job.reject(gone);
          slot.job = null;
        }
        return slot.worker.terminate();
      }),
    );
  }

  private retryAfterSeconds(): number {
    const ahead = this.queue.length + this.settings.workers;
    return Math.min(60, Math.max(1, Math.ceil((ahead * this.averageMs) / this.settings.workers / 1000)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.job === null) ?? (this.slots.length < this.settings.workers ? this.addSlot() : undefined);
      if (!slot) return;
      const job = this.queue.shift()!;
      const id = this.nextId++;
      const timer = setTimeout(() => {
        if (slot.job?.id !== id) return;
        slot.job = null;
        job.reject(new TaskTimeout(`the task took more than ${this.settings.timeoutMs} ms`));
        this.drop(slot);
      }, this.settings.timeoutMs);
      slot.job = { ...job, id, timer, started: Date.now() };
      slot.worker.ref();
      slot.worker.postMessage({ id, input: job.input } satisfies TaskRequest<In>);
    }
  }

  private addSlot(): Slot<In, Out> {
    const slot: Slot<In, Out> = { worker: this.spawn(), job: null };
    this.slots.push(slot);
    slot.worker.on('message', (reply: TaskReply<Out>) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      clearTimeout(job.timer);
      slot.job = null;
      this.averageMs = 0.8 * this.averageMs + 0.2 * (Date.now() - job.started);
      if ('error' in reply) job.reject(new TaskError(reply.error.name, reply.error.message, reply.error.code));
      else job.resolve(reply.value);
      if (this.queue.length === 0) slot.worker.unref();
      this.dispatch();
    });
    const lost = (why: string) => {
      if (!this.slots.includes(slot)) return;
      const job = slot.job;
      slot.job = null;
      if (job) {
        clearTimeout(job.timer);
        job.reject(new TaskPoolClosed(`the worker stopped (${why})`));
      }
      this.drop(slot);
    };
    slot.worker.on('error', (e) => lost(e.message));
    slot.worker.on('exit', (code) => lost(`exit ${code}`));
    return slot;
  }

  /** Removes a stuck or dead worker; the next task starts another in its place. */
  private drop(slot: Slot<In, Out>): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    void slot.worker.terminate();
    if (!this.closed) this.dispatch();
  }
}
