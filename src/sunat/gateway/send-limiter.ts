import { AsyncLocalStorage } from 'node:async_hooks';
import { sunatSendsBusy } from '@/common/errors/domain-error';

export interface SendLimiterSettings {
  /** SUNAT calls in flight at once in this process. */
  max: number;
  /** Calls waiting for a slot beyond which a new one is refused at once. */
  queue: number;
  /** The longest a call waits for a slot before it is refused. */
  waitMs: number;
}

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** The slot the current async context holds; `held` turns false on release, so work it spawned and outlived it queues again. */
interface Slot {
  held: boolean;
}

/**
 * A bounded semaphore for SUNAT calls (issue 21): at most `max` in flight, up to `queue` more wait in order (each
 * at most `waitMs`), beyond that (or after that wait) a SUNAT_SENDS_BUSY DomainError: 503 with Retry-After, the queue
 * ahead times the recent time a slot is held (1..60 s). Re-entrant through AsyncLocalStorage: a call made while the same
 * async context already holds a slot (a send route that took one before claiming its record, then the gateway's
 * own call) runs in that slot instead of waiting for a second one, which could deadlock with every slot taken.
 */
export class SendLimiter {
  private readonly context = new AsyncLocalStorage<Slot>();
  private readonly waiting: Waiter[] = [];
  private active = 0;
  /** Moving average of how long a slot is held, for Retry-After. */
  private averageMs = 1000;
  private peak = 0;

  constructor(readonly settings: SendLimiterSettings) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.context.getStore()?.held) return task();
    await this.acquire();
    const slot: Slot = { held: true };
    const started = Date.now();
    try {
      return await this.context.run(slot, task);
    } finally {
      slot.held = false;
      this.averageMs = 0.8 * this.averageMs + 0.2 * (Date.now() - started);
      this.release();
    }
  }

  /** In flight, waiting, and the most in flight at once since start. */
  get stats(): { active: number; waiting: number; peak: number } {
    return { active: this.active, waiting: this.waiting.length, peak: this.peak };
  }

  private acquire(): Promise<void> {
    if (this.active < this.settings.max) {
      this.take();
      return Promise.resolve();
    }
    if (this.waiting.length >= this.settings.queue) {
      return Promise.reject(sunatSendsBusy(this.retryAfter()));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(sunatSendsBusy(this.retryAfter()));
        }, this.settings.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private take(): void {
    this.active++;
    this.peak = Math.max(this.peak, this.active);
  }

  private release(): void {
    this.active--;
    const next = this.waiting.shift();
    if (!next) return;
    clearTimeout(next.timer);
    this.take();
    next.resolve();
  }

  private retryAfter(): number {
    const rounds = (this.waiting.length + 1) / this.settings.max;
    return Math.min(60, Math.max(1, Math.ceil((rounds * this.averageMs) / 1000)));
  }
}
