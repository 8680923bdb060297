import { DomainError, domainErrorStatus } from '@/common/errors/domain-error';
import { loadSunatSendsSettings } from '@/config/sunat-sends.config';
import { SendLimiter } from './send-limiter';

/** A task that runs until release() is called, recording how many of its kind were running at once. */
function gate() {
  let running = 0;
  let peak = 0;
  const releases: Array<() => void> = [];
  const task = () =>
    new Promise<void>((resolve) => {
      running++;
      peak = Math.max(peak, running);
      releases.push(() => {
        running--;
        resolve();
      });
    });
  return { task, releases, peak: () => peak, running: () => running };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SendLimiter', () => {
  it('runs at most `max` at once; the rest wait in order and run as slots free', async () => {
    const limiter = new SendLimiter({ max: 2, queue: 10, waitMs: 60_000 });
    const g = gate();
    const order: number[] = [];
    const all = [0, 1, 2, 3, 4].map((i) => limiter.run(async () => (order.push(i), g.task())));
    await tick();
    expect(limiter.stats).toEqual({ active: 2, waiting: 3, peak: 2 });
    // each release lets exactly one waiter in
    while (g.releases.length) {
      g.releases.shift()!();
      await tick();
      expect(g.running()).toBeLessThanOrEqual(2);
    }
    await Promise.all(all);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(g.peak()).toBe(2);
    expect(limiter.stats).toEqual({ active: 0, waiting: 0, peak: 2 });
  });

  it('beyond the queue: SUNAT_SENDS_BUSY (503) with a Retry-After of at least 1 s, and nothing runs', async () => {
    const limiter = new SendLimiter({ max: 1, queue: 1, waitMs: 60_000 });
    const g = gate();
    const first = limiter.run(g.task);
    const second = limiter.run(g.task);
    let ran = false;
    const error = await limiter
      .run(async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('SUNAT_SENDS_BUSY');
    expect(domainErrorStatus((error as DomainError).code)).toBe(503);
    expect((error as DomainError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await tick();
    g.releases.shift()!();
    await tick();
    g.releases.shift()!();
    await Promise.all([first, second]);
  });

  it('a call that waited longer than waitMs is refused and leaves the queue', async () => {
    const limiter = new SendLimiter({ max: 1, queue: 5, waitMs: 20 });
    const g = gate();
    const first = limiter.run(g.task);
    const error = await limiter.run(async () => 'never').catch((e: unknown) => e);
    expect((error as DomainError).code).toBe('SUNAT_SENDS_BUSY');
    expect(limiter.stats.waiting).toBe(0);
    await tick();
    g.releases.shift()!();
    await first;
  });

  it('re-entrant: a call inside a held slot runs in it (no deadlock with max 1); work that outlives the slot queues again', async () => {
    const limiter = new SendLimiter({ max: 1, queue: 5, waitMs: 60_000 });
    let trigger!: () => void;
    const triggered = new Promise<void>((resolve) => (trigger = resolve));
    let later: Promise<string> | undefined;
    const g = gate();
    const result = await limiter.run(async () => {
      const inner = await limiter.run(async () => 'inner');
      // started inside the slot, runs after it is released: must take a slot of its own
      later = triggered.then(() => limiter.run(async () => (await g.task(), 'later')));
      return inner;
    });
    expect(result).toBe('inner');
    expect(limiter.stats.active).toBe(0);
    trigger();
    await tick();
    expect(limiter.stats.active).toBe(1);
    const waiting = limiter.run(async () => 'after');
    await tick();
    expect(limiter.stats.waiting).toBe(1);
    g.releases.shift()!();
    expect(await later).toBe('later');
    expect(await waiting).toBe('after');
  });

  it('a failing task frees its slot', async () => {
    const limiter = new SendLimiter({ max: 1, queue: 0, waitMs: 1000 });
    await expect(limiter.run(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await limiter.run(async () => 'ok')).toBe('ok');
  });
});

describe('SUNAT_MAX_CONCURRENT_SENDS / SUNAT_SEND_QUEUE / SUNAT_SEND_QUEUE_WAIT_MS', () => {
  it('defaults: 8 with the default pool of 20, half a small pool, at least 1; queue 64, wait 30 s', () => {
    expect(loadSunatSendsSettings({})).toEqual({ max: 8, queue: 64, waitMs: 30_000 });
    expect(loadSunatSendsSettings({ DB_POOL_SIZE: '6' }).max).toBe(3);
    expect(loadSunatSendsSettings({ DB_POOL_SIZE: '1' }).max).toBe(1);
  });

  it('must stay below DB_POOL_SIZE: a value at or above it stops the start naming the variable', () => {
    expect(loadSunatSendsSettings({ DB_POOL_SIZE: '10', SUNAT_MAX_CONCURRENT_SENDS: '9' }).max).toBe(9);
    expect(() => loadSunatSendsSettings({ DB_POOL_SIZE: '10', SUNAT_MAX_CONCURRENT_SENDS: '10' })).toThrow(
      "Configuración 'envios' inválida: SUNAT_MAX_CONCURRENT_SENDS debe ser un entero entre 1 y 9: '10'",
    );
    expect(() => loadSunatSendsSettings({ SUNAT_SEND_QUEUE: '-1' })).toThrow(/SUNAT_SEND_QUEUE /);
  });
});
