import { availableParallelism, loadavg } from 'node:os';

/**
 * The bound for "the service still answers within a second" on this machine now: one second per unit of CPU
 * contention (the last minute's load average over the cores, at least 1). On a quiet machine that is 1 s; on a
 * machine the test shares with other work the same freeze check still tells a blocked event loop (a request
 * queued behind seconds of synchronous work, many times the bound) from a busy machine.
 */
export function responsiveBoundMs(): number {
  return 1000 * Math.max(1, loadavg()[0] / availableParallelism());
}
