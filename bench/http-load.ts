/** What a closed-loop load of `concurrency` clients measured: successes per second and the latency of every request. */
export interface LoadResult {
  concurrency: number;
  ok: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** The first few error answers, to say what went wrong. */
  firstErrors: string[];
}

/**
 * `concurrency` clients, each sending its next request when the previous one answered, for `seconds`
 * (requests still in flight at the end are awaited and counted). `call` resolves to an error text or null.
 */
export async function closedLoop(concurrency: number, seconds: number, call: (n: number) => Promise<string | null>): Promise<LoadResult> {
  const latencies: number[] = [];
  const firstErrors: string[] = [];
  let errors = 0;
  let next = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const n = next++;
      const t0 = performance.now();
      let error: string | null;
      try {
        error = await call(n);
      } catch (e) {
        error = (e as Error).message;
      }
      latencies.push(performance.now() - t0);
      if (error !== null) {
        errors += 1;
        if (firstErrors.length < 3) firstErrors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - start) / 1000;
  const ok = latencies.length - errors;
  return { concurrency, ok, errors, seconds: elapsed, perSecond: ok / elapsed, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), firstErrors };
}

export function percentile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** An answer's status against the expected one: null when it matches, else a short text for the report. */
export function statusError(res: { status: number; body: any }, expected: number): string | null {
  if (res.status === expected) return null;
  const message = typeof res.body === 'object' && res.body ? (res.body.message ?? JSON.stringify(res.body)) : String(res.body);
  return `${res.status} ${String(message).slice(0, 200)}`;
}

export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');
