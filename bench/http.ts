/*
 * npm run bench:http (issue 21): the service as a user meets it, over HTTP. Builds it (or reuses a fresh build),
 * starts it as a child process on a throw-away embedded PostgreSQL (or DATABASE_URL when set) with a SUNAT
 * simulator in a process of its own (so the simulator's own validation never blocks the service's or the
 * bench's event loop), and measures:
 *  - POST /api/ventas (facturas, boletas) and POST /api/notas-credito at each concurrency (closed loop,
 *    keep-alive): requests/s, p50, p99, errors; against the in-process build+sign+zip rate of an invoice;
 *  - GET /api/ventas alone, then while sends run against a SUNAT that answers in 1 s.
 * Options: --seconds N (per figure, default 5), --concurrency 1,8,32, --readers N (default 4),
 * --senders N (default 32), --sunat-latency-ms N (default 1000), --rebuild (always build), --no-build (reuse the last
 * build even if src/ changed since), --sim-rules (the simulator also runs XSD and SUNAT's rules, see http-simulator.ts),
 * --workers N (the production start, node:cluster with N workers; default 0: one process, as `npm start`).
 * It also sends a factura create's own statements straight from pg (bench/db-floor.ts): the database's rate.
 * Never part of the test suite: it measures a shared machine, it asserts nothing.
 */
import { cpus, loadavg } from 'node:os';
import { XmlSigner } from '@/sunat/signing/xml-signer';
import { generateTestCertificate } from '@/sunat/signing/certificates/generate-test-certificate';
import { zipDocument } from '@/sunat/zip/zip';
import { benchCases } from './cases';
import { inParallel } from './http-bodies';
import { closedLoop, LoadResult, ms, statusError } from './http-load';
import { startStack } from './http-stack';
import { bestRates } from './measure';
import { databaseFloor } from './db-floor';
import { measureSlowSunat, printSlowSunat } from './slow-sunat';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const log = (line: string) => console.log(line);
const load = () => loadavg()[0].toFixed(1);

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ') + ' |';
  log(line(header));
  log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  rows.forEach((r) => log(line(r)));
}

const row = (label: string, r: LoadResult) => [label, String(r.concurrency), r.perSecond.toFixed(1), ms(r.p50), ms(r.p99), String(r.errors)];

/** Invoices/s of build + sign + zip in this process, best of 3 rounds (bench/index.ts's pipeline figure), and that signed invoice. */
async function inProcessRate(seconds: number): Promise<{ rate: number; signed: string }> {
  const { loaded } = await generateTestCertificate({ ruc: '20000000001' });
  const signer = new XmlSigner(loaded, { algorithm: 'sha1' });
  const invoice = benchCases()[0];
  const rate = bestRates({ pipeline: () => zipDocument(invoice.name, signer.sign(invoice.build()).xml) }, seconds, 3).pipeline;
  return { rate, signed: signer.sign(invoice.build()).xml };
}

async function main(): Promise<void> {
  const seconds = Number(option('seconds', '5'));
  const levels = option('concurrency', '1,8,32').split(',').map(Number);
  const readers = Number(option('readers', '4'));
  const senders = Number(option('senders', '32'));
  const latencyMs = Number(option('sunat-latency-ms', '1000'));
  if (!(seconds > 0) || !levels.every((c) => Number.isInteger(c) && c > 0) || !(readers > 0) || !(senders > 0) || !(latencyMs >= 0)) {
    throw new Error('uso: --seconds N --concurrency 1,8,32 --readers N --senders N --sunat-latency-ms N [--rebuild | --no-build] [--sim-rules]');
  }
  const workers = Number(option('workers', '0'));
  if (!Number.isInteger(workers) || workers < 0) throw new Error('--workers N: worker processes of the production start (0 = one process, as npm start)');
  const top = Math.max(...levels);
  const external = process.env.DATABASE_URL;

  log(
    `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at start; ${seconds} s per figure; database: ${external ? 'DATABASE_URL' : 'embedded PostgreSQL (temporary)'}`,
  );
  const { rate: inProcess, signed } = await inProcessRate(Math.min(seconds, 3));
  log(`in-process build+sign+zip of an invoice: ${inProcess.toFixed(0)}/s (load ${load()})`);

  const stack = await startStack(log, {
    build: process.argv.includes('--rebuild') ? 'always' : process.argv.includes('--no-build') ? 'never' : 'auto',
    simRules: process.argv.includes('--sim-rules'),
    maxSockets: top + readers + senders + 4,
    workers,
  });
  log(workers ? `service: npm run start:prod with WEB_CONCURRENCY=${workers} (node:cluster)` : 'service: one process (npm start)');
  try {
    const { api, facturas, createVenta } = stack;
    const results: Record<string, LoadResult[]> = { facturas: [], boletas: [], notas: [] };
    log(`\nPOST /api/ventas (load ${load()})`);
    for (const c of levels) {
      results.facturas.push(await closedLoop(c, seconds, () => createVenta('01')));
      results.boletas.push(await closedLoop(c, seconds, () => createVenta('03')));
    }
    printTable(
      ['create', 'clients', 'req/s', 'p50', 'p99', 'errors'],
      [...results.facturas.map((r) => row('factura 01', r)), ...results.boletas.map((r) => row('boleta 03', r))],
    );

    // Credit notes need accepted invoices: send some of the facturas just created (untimed). Partial notes
    // (motivo 04, 1.18 each) let many notes credit one invoice; 2 invoices per client keep the sale locks apart.
    const acceptedCount = 2 * top;
    while (facturas.length < acceptedCount) await createVenta('01');
    const accepted = facturas.splice(0, acceptedCount);
    log(`\npreparing ${accepted.length} accepted facturas (untimed) ...`);
    await inParallel(accepted.length, 8, async (i) => {
      const body = await api.must('POST', `/api/ventas/${accepted[i]}/enviar`, undefined, 200);
      if (body.success !== true) throw new Error(`enviar: ${JSON.stringify(body).slice(0, 300)}`);
    });
    const motivos = (await api.must('GET', '/api/notas-credito/motivos', undefined, 200)).data as Array<{ id: number; codigo_sunat: string }>;
    const descuento = motivos.find((m) => m.codigo_sunat === '04');
    if (!descuento) throw new Error('GET /api/notas-credito/motivos: no motivo 04');
    const crearNota = async (n: number) =>
      statusError(await api.post('/api/notas-credito', { id_venta: accepted[n % accepted.length], motivo_id: descuento.id, monto: 1.18 }), 201);
    log(`POST /api/notas-credito, motivo 04 monto 1.18 over ${accepted.length} accepted facturas (load ${load()})`);
    for (const c of levels) results.notas.push(await closedLoop(c, seconds, crearNota));
    printTable(
      ['create', 'clients', 'req/s', 'p50', 'p99', 'errors'],
      results.notas.map((r) => row('nota de crédito 07', r)),
    );
    for (const [kind, list] of Object.entries(results)) {
      const errors = list.flatMap((r) => r.firstErrors);
      if (errors.length) log(`  ${kind} errors, first: ${errors.slice(0, 3).join(' | ')}`);
    }

    // The same create's statements straight from pg, no service in the way: the database's own rate.
    log(`\ndatabase alone: a factura create's statements from pg, ${top} clients, series lock to commit (load ${load()})`);
    const floor = await databaseFloor(stack.databaseUrl, stack.empresaId, signed, top, seconds);
    printTable(['create', 'clients', 'tx/s', 'p50', 'p99', 'errors'], [row('statements only', floor)]);
    if (floor.firstErrors.length) log(`  database-alone errors, first: ${floor.firstErrors.join(' | ')}`);

    // Reads, quiet and then beside sends that SUNAT answers after latencyMs.
    const slowOptions = { seconds, readers, senders, latencyMs };
    const slowSunat = await measureSlowSunat(stack, slowOptions, log);
    printTable(['GET /api/ventas', 'clients', 'req/s', 'p50', 'p99', 'errors'], [row('alone', slowSunat.quiet), row('beside slow sends', slowSunat.slow)]);

    const atTop = (list: LoadResult[]) => list.find((r) => r.concurrency === top)!;
    const lowest = Math.min(atTop(results.facturas).perSecond, atTop(results.boletas).perSecond, atTop(results.notas).perSecond);
    const ratio = (lowest / inProcess) * 100;
    log(
      `\nload average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    log(
      `issue 16: HTTP factura creates/s with SUNAT's rules checked (no switch turns them off): ${results.facturas.map((r) => `${r.perSecond.toFixed(1)} at ${r.concurrency}`).join(', ')}`,
    );
    log(
      `http create / in-process build+sign+zip: ${ratio.toFixed(1)} % (lowest create at ${top} clients ${lowest.toFixed(1)}/s vs ${inProcess.toFixed(0)}/s; target >= 40 %: ${ratio >= 40 ? 'met' : 'NOT met'})`,
    );
    log(
      `http create / database alone: ${((lowest / floor.perSecond) * 100).toFixed(1)} % (lowest create at ${top} clients ${lowest.toFixed(1)}/s vs the same statements from pg ${floor.perSecond.toFixed(1)}/s)`,
    );
    printSlowSunat(slowSunat, slowOptions, log);
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
