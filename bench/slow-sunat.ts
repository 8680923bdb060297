import { loadSunatSendsSettings } from '@/config/sunat-sends.config';
import { inParallel } from './http-bodies';
import { closedLoop, LoadResult, ms, statusError } from './http-load';
import type { Stack } from './http-stack';

export interface SlowSunatOptions {
  seconds: number;
  /** GET /api/ventas clients. */
  readers: number;
  /** Clients sending facturas (POST /api/ventas/{id}/enviar). */
  senders: number;
  /** How long the simulator takes to answer each sendBill. */
  latencyMs: number;
}

export interface SlowSunatResult {
  /** GET /api/ventas with nothing else running. */
  quiet: LoadResult;
  /** GET /api/ventas beside the sends. */
  slow: LoadResult;
  sends: LoadResult;
  /** SUNAT_MAX_CONCURRENT_SENDS of the service (the same environment). */
  cap: number;
}

/**
 * Issues 20 and 21: sends/s and GET p99 while SUNAT answers every sendBill after `latencyMs` (the simulator's delay
 * action), against the same reads with no send running. The service caps its SUNAT calls at
 * SUNAT_MAX_CONCURRENT_SENDS, so sends/s tops out near cap / latency; the reads must not wait for them.
 */
export async function measureSlowSunat(stack: Stack, o: SlowSunatOptions, log: (line: string) => void): Promise<SlowSunatResult> {
  const cap = loadSunatSendsSettings().max;
  const read = async () => statusError(await stack.api.get('/api/ventas'), 200);
  log(`\nGET /api/ventas, ${o.readers} clients, no sends`);
  const quiet = await closedLoop(o.readers, o.seconds, read);

  // what the capped sends can use in the window (a margin for the slowest machine), plus one per sender
  const needed = Math.ceil(Math.min(o.senders, cap) * (o.seconds + 3) * (1000 / Math.max(o.latencyMs, 250))) + o.senders;
  log(`preparing ${needed} facturas to send (untimed) ...`);
  while (stack.facturas.length < needed) await inParallel(needed - stack.facturas.length, 8, () => stack.createVenta('01'));
  const toSend = stack.facturas.splice(0, needed);
  await stack.sim.must('POST', '/__control/reset', undefined, 200);
  await stack.sim.must(
    'POST',
    '/__control/next',
    toSend.map(() => ({ operation: 'sendBill', action: 'delay', ms: o.latencyMs })),
    200,
  );
  const send = async (n: number) => {
    if (n >= toSend.length) {
      await new Promise((resolve) => setTimeout(resolve, 200)); // never a busy loop beside the measured reads
      return 'no factura left to send';
    }
    const res = await stack.api.post(`/api/ventas/${toSend[n]}/enviar`);
    return statusError(res, 200) ?? (res.body?.success === true ? null : `enviar: ${JSON.stringify(res.body).slice(0, 200)}`);
  };
  log(
    `GET /api/ventas, ${o.readers} clients, while ${o.senders} clients send facturas to a SUNAT answering in ${o.latencyMs} ms (service cap ${cap} SUNAT calls at once)`,
  );
  const [slow, sends] = await Promise.all([closedLoop(o.readers, o.seconds, read), closedLoop(o.senders, o.seconds, send)]);
  const state = (await stack.sim.must('GET', '/__control/state', undefined, 200)) as { maxInFlight?: number };
  log(`  sends at SUNAT at once: at most ${state.maxInFlight ?? '?'} (cap ${cap})`);
  for (const [label, r] of [['reads', slow] as const, ['sends', sends] as const]) {
    if (r.firstErrors.length) log(`  ${label} errors, first: ${r.firstErrors.join(' | ')}`);
  }
  return { quiet, slow, sends, cap };
}

/** The issue-20 lines: sends/s, and GET p99 with and without the send load. */
export function printSlowSunat(r: SlowSunatResult, o: SlowSunatOptions, log: (line: string) => void): void {
  log(
    `sends with SUNAT answering in ${o.latencyMs} ms: ${r.sends.perSecond.toFixed(1)}/s (${o.senders} clients, cap ${r.cap}; p50 ${ms(r.sends.p50)}, p99 ${ms(r.sends.p99)}, ${r.sends.errors} errors)`,
  );
  log(
    `GET /api/ventas p99 with SUNAT answering in ${o.latencyMs} ms: ${ms(r.slow.p99)} with the send load (${r.slow.perSecond.toFixed(1)} reads/s), ${ms(r.quiet.p99)} without (${r.quiet.perSecond.toFixed(1)} reads/s)`,
  );
  log(
    `reads under slow SUNAT: GET p99 ${ms(r.slow.p99)} vs ${ms(r.quiet.p99)} without sends (${(r.slow.p99 / r.quiet.p99).toFixed(1)}x; target within 2x: ${r.slow.p99 <= 2 * r.quiet.p99 ? 'met' : 'NOT met'}); sends ${r.sends.perSecond.toFixed(1)}/s`,
  );
}
