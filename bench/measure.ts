/** Runs `fn` repeatedly for about `seconds` after a short warm-up and returns calls per second. */
export function rate(fn: () => unknown, seconds: number): number {
  const warmUpEnd = performance.now() + Math.min(300, seconds * 200);
  while (performance.now() < warmUpEnd) fn();

  const budgetMs = seconds * 1000;
  const start = performance.now();
  let calls = 0;
  let elapsed = 0;
  // Check the clock every few calls only: reading it costs more than a build.
  for (let batch = 1; elapsed < budgetMs; batch = Math.min(batch * 2, 256)) {
    for (let i = 0; i < batch; i++) fn();
    calls += batch;
    elapsed = performance.now() - start;
  }
  return (calls * 1000) / elapsed;
}

export function formatRate(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/**
 * The machine is shared, so a single long run mostly measures the neighbours. Every task runs in
 * each of several short rounds, interleaved, and keeps its best round: load only ever slows a round.
 */
export function bestRates<K extends string>(tasks: Record<K, () => unknown>, seconds: number, rounds: number): Record<K, number> {
  const best = {} as Record<K, number>;
  const names = Object.keys(tasks) as K[];
  for (let round = 0; round < rounds; round++) {
    for (const name of names) best[name] = Math.max(best[name] ?? 0, rate(tasks[name], seconds / rounds));
  }
  return best;
}
