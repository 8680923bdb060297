/*
 * The part of `npm run bench` that measures the autopilot's recovery: how fast the background sender drains a
 * backlog once SUNAT comes back from an outage, against the most the SUNAT concurrency cap allows (cap / latency).
 * It starts the same stack as `npm run bench:http` (the service's build in a process of its own, a simulator in
 * another) with a company whose facturas go by themselves, and stops it at the end. It asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Client } from 'pg';
import { SUNAT_ACEPTADA } from '@/common/estados';
import { ENVIO_ENVIANDO, ENVIO_HECHO, ENVIO_PENDIENTE } from '@/sunat/nest/envios/envio-tipos';
import { inParallel } from './http-bodies';
import { ms } from './http-load';
import { Stack, startStack } from './http-stack';

export interface DrainOptions {
  /** Facturas created while SUNAT is down. */
  backlog: number;
  /** SUNAT_MAX_CONCURRENT_SENDS of the service. */
  cap: number;
  /** How long the simulator takes to answer each sendBill. */
  latencyMs: number;
  /** AUTOSEND_BREAKER_PROBE_MS: how often one document probes SUNAT while it is down. */
  probeMs: number;
  build: 'auto' | 'always' | 'never';
}

export interface DrainResult {
  /** From "SUNAT up" to the first and the last factura of the backlog done. */
  firstMs: number;
  lastMs: number;
  /** Accepted facturas of the backlog (all of them unless something went wrong). */
  accepted: number;
  /** sendBill requests SUNAT got for the backlog after it came back (one per factura when none went twice). */
  sendBills: number;
  maxInFlight: number;
  /** CPU time of the service's and the simulator's processes over the drain (Linux), per factura. */
  cpuPerSendMs: { service?: number; simulator?: number };
  /** The queue's settings the service ran with, as printed. */
  settings: Record<string, string>;
}

/** CPU time a process has used so far, in ms (from /proc: Linux only; undefined elsewhere). */
function cpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    // after the command's closing parenthesis: state is field 3, utime and stime fields 14 and 15, in USER_HZ (100/s)
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Polls `read` every 50 ms until `done` holds or `timeoutMs` passes; returns the last value. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

export async function runDrainBench(o: DrainOptions): Promise<void> {
  const log = (line: string) => console.log(line);
  log(`\ndrain after a SUNAT outage (load average ${loadavg()[0].toFixed(1)}): the service over HTTP, as npm run bench:http starts it`);
  const settings: Record<string, string> = {
    AUTOSEND_WORKER: 'true',
    SUNAT_MAX_CONCURRENT_SENDS: String(o.cap),
    AUTOSEND_BREAKER_FAILURES: '2',
    AUTOSEND_BREAKER_PROBE_MS: String(o.probeMs),
    // the facturas that failed while SUNAT was down come back soon, as the others
    AUTOSEND_BACKOFF_BASE_MS: '100',
    AUTOSEND_BACKOFF_MAX_MS: '1000',
  };
  const stack = await startStack(log, { build: o.build, simRules: false, maxSockets: 12, env: settings, empresa: { envio_automatico: true } });
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const result = await measureDrain(stack, db, o, settings, log);
    printDrain(result, o, log);
  } finally {
    await db.end();
    await stack.stop();
  }
}

async function measureDrain(stack: Stack, db: Client, o: DrainOptions, settings: Record<string, string>, log: (line: string) => void): Promise<DrainResult> {
  const waiting = async () =>
    Number((await db.query(`SELECT count(*) FROM envios_sunat WHERE estado = ANY($1)`, [[ENVIO_PENDIENTE, ENVIO_ENVIANDO]])).rows[0].count);
  // the warm-up's facturas went by themselves: start from an empty queue and a clean SUNAT
  await until(waiting, (n) => n === 0, 60_000);
  await stack.sim.must('POST', '/__control/reset', undefined, 200);
  stack.facturas.length = 0;

  await stack.sim.must('POST', '/__control/outage', { down: true, services: ['soap'] }, 200);
  log(`SUNAT (SOAP) down; creating ${o.backlog} facturas of a company with envio_automatico (untimed) ...`);
  const errors = (await inParallel(o.backlog, 8, () => stack.createVenta('01'))).filter((e) => e !== null);
  if (errors.length) throw new Error(`${errors.length} creates failed, first: ${errors[0]}`);
  const backlog = [...stack.facturas];
  const caido = await until(
    async () => (await db.query(`SELECT caido_desde FROM servicios_sunat WHERE servicio = 'soap'`)).rows[0]?.caido_desde,
    (value) => Boolean(value),
    60_000,
  );
  if (!caido) throw new Error('the sender never marked SUNAT down');
  await stack.sim.must(
    'POST',
    '/__control/next',
    backlog.map(() => ({ operation: 'sendBill', action: 'delay', ms: o.latencyMs })),
    200,
  );

  log(`SUNAT up, answering each sendBill in ${o.latencyMs} ms; the sender drains the backlog at a cap of ${o.cap} ...`);
  const cpuBefore = { service: cpuMs(stack.pids.service), simulator: cpuMs(stack.pids.simulator) };
  const upAt = Date.now();
  await stack.sim.must('POST', '/__control/outage', { down: false }, 200);
  const ideal = (o.backlog * o.latencyMs) / o.cap;
  const done = async () =>
    (
      await db.query(
        `SELECT count(*) AS n, min(actualizado_en) AS first, max(actualizado_en) AS last FROM envios_sunat WHERE tipo = 'venta' AND estado = $2 AND id_documento = ANY($1)`,
        [backlog, ENVIO_HECHO],
      )
    ).rows[0] as { n: string; first: Date | null; last: Date | null };
  const end = await until(done, (r) => Number(r.n) === backlog.length, Math.max(120_000, 20 * ideal));
  const perSend = (before: number | undefined, pid: number | undefined) => {
    const after = cpuMs(pid);
    return before === undefined || after === undefined ? undefined : (after - before) / backlog.length;
  };
  const cpuPerSendMs = { service: perSend(cpuBefore.service, stack.pids.service), simulator: perSend(cpuBefore.simulator, stack.pids.simulator) };
  if (Number(end.n) !== backlog.length) throw new Error(`only ${end.n} of ${backlog.length} facturas were done in time`);

  const accepted = Number(
    (await db.query(`SELECT count(*) FROM ventas WHERE id_venta = ANY($1) AND estado_sunat = $2`, [backlog, SUNAT_ACEPTADA])).rows[0].count,
  );
  const state = (await stack.sim.must('GET', '/__control/state', undefined, 200)) as {
    maxInFlight: number;
    requests: Array<{ operation: string; at: string }>;
  };
  const sendBills = state.requests.filter((r) => r.operation === 'sendBill' && Date.parse(r.at) >= upAt).length;
  return {
    firstMs: end.first!.getTime() - upAt,
    lastMs: end.last!.getTime() - upAt,
    accepted,
    sendBills,
    maxInFlight: state.maxInFlight,
    cpuPerSendMs,
    settings,
  };
}

/** The lines of the drain: backlog, cap, latency, drained/s against the ideal cap / latency, and where the time went. */
export function printDrain(r: DrainResult, o: DrainOptions, log: (line: string) => void): void {
  const ideal = (o.cap * 1000) / o.latencyMs;
  const rate = (o.backlog * 1000) / r.lastMs;
  const steady = r.lastMs > r.firstMs ? ((o.backlog - 1) * 1000) / (r.lastMs - r.firstMs) : NaN;
  log(
    `  service settings: ${Object.entries(r.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  log(
    `  ${r.accepted} of ${o.backlog} accepted; ${r.sendBills} sendBill after SUNAT came back; at SUNAT at once: at most ${r.maxInFlight} (cap ${o.cap}); ` +
      `first done after ${ms(r.firstMs)} (the probe), then ${steady.toFixed(1)}/s: each send held its place ${ms((o.cap * 1000) / steady)}, ` +
      `${ms((o.cap * 1000) / steady - o.latencyMs)} beyond SUNAT's ${o.latencyMs} ms`,
  );
  if (r.cpuPerSendMs.service !== undefined && r.cpuPerSendMs.simulator !== undefined) {
    log(
      `  CPU per factura during the drain: service ${r.cpuPerSendMs.service.toFixed(1)} ms, simulator ${r.cpuPerSendMs.simulator.toFixed(1)} ms ` +
        `(the simulator works before its ${o.latencyMs} ms wait, on this machine's cores: a real SUNAT adds that to its latency on its own)`,
    );
  }
  log(
    `drain after an outage: backlog ${o.backlog}, cap ${o.cap}, latency ${o.latencyMs} ms: ${rate.toFixed(1)}/s (${ms(r.lastMs)} from up to the last accepted); ` +
      `ideal cap/latency ${ideal.toFixed(1)}/s; ratio ${((rate / ideal) * 100).toFixed(1)} % (target >= 90 %: ${rate >= 0.9 * ideal ? 'met' : 'NOT met'})`,
  );
}
