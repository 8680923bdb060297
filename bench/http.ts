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
 * build even if src/ changed since), --sim-rules (the simulator also runs XSD and SUNAT's rules, see http-simulator.ts).
 * Never part of the test suite: it measures a shared machine, it asserts nothing.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { XmlSigner } from '@/sunat/signing/xml-signer';
import { generateTestCertificate } from '@/sunat/signing/certificates/generate-test-certificate';
import { zipDocument } from '@/sunat/zip/zip';
import { benchCases } from './cases';
import { JsonClient } from './http-client';
import { closedLoop, LoadResult, ms, statusError } from './http-load';
import { buildService, Child, freePort, startChild, tempFolder, waitUntilUp } from './http-service';
import { bestRates } from './measure';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const log = (line: string) => console.log(line);
const load = () => loadavg()[0].toFixed(1);

let sequence = 0;
const rucStart = 10_000_000 + Math.floor(Math.random() * 80_000_000);
/** A valid RUC (check digit computed), unique within the run (as test/support/factories.ts). */
function nextRuc(): string {
  sequence += 1;
  const base = `20${rucStart + sequence}`;
  const sum = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((acc, w, i) => acc + w * Number(base[i]), 0);
  return base + String((11 - (sum % 11)) % 10);
}
const nextDni = () => String(40_000_000 + ((rucStart + ++sequence) % 9_999_999));

/** The body of test/support/factories.ts createVenta / createFactura: one line of 118.00 to a new client. */
function ventaBody(tipo: '01' | '03') {
  return tipo === '01'
    ? {
        tipo_documento: '01',
        cliente_documento: nextRuc(),
        cliente_datos: `EMPRESA CLIENTE ${sequence} S.A.C.`,
        productos: [{ descripcion: 'SERVICIO DE PRUEBA', cantidad: 1, precio_unitario: 118 }],
      }
    : {
        tipo_documento: '03',
        cliente_documento: nextDni(),
        cliente_datos: `CLIENTE VENTA ${sequence}`,
        productos: [{ descripcion: 'SERVICIO DE PRUEBA', cantidad: 1, precio_unitario: 118 }],
      };
}

/** Runs `task(i)` for i < count, `concurrency` at a time (untimed preparation). */
async function inParallel<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, concurrency) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ') + ' |';
  log(line(header));
  log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  rows.forEach((r) => log(line(r)));
}

const row = (label: string, r: LoadResult) => [label, String(r.concurrency), r.perSecond.toFixed(1), ms(r.p50), ms(r.p99), String(r.errors)];

/** Invoices/s of build + sign + zip in this process, best of 3 rounds (bench/index.ts's pipeline figure). */
async function inProcessRate(seconds: number): Promise<number> {
  const { loaded } = await generateTestCertificate({ ruc: '20000000001' });
  const signer = new XmlSigner(loaded, { algorithm: 'sha1' });
  const invoice = benchCases()[0];
  return bestRates({ pipeline: () => zipDocument(invoice.name, signer.sign(invoice.build()).xml) }, seconds, 3).pipeline;
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
  const top = Math.max(...levels);
  const external = process.env.DATABASE_URL;

  log(
    `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at start; ${seconds} s per figure; database: ${external ? 'DATABASE_URL' : 'embedded PostgreSQL (temporary)'}`,
  );
  const inProcess = await inProcessRate(Math.min(seconds, 3));
  log(`in-process build+sign+zip of an invoice: ${inProcess.toFixed(0)}/s (load ${load()})`);

  const main = buildService(log, process.argv.includes('--rebuild') ? 'always' : process.argv.includes('--no-build') ? 'never' : 'auto');
  const temp = tempFolder();
  const children: Child[] = [];
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const child of [...children].reverse()) await child.stop();
      temp.remove();
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    log(`\n${signal}: stopping the service and the simulator ...`);
    void stopAll().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Last resort (an exception escaping everything): the service still stops its PostgreSQL on SIGTERM.
  process.once('exit', () => children.forEach((c) => c.running && c.process.kill('SIGTERM')));

  try {
    const [simPort, appPort, pgPort] = [await freePort(), await freePort(), await freePort()];
    const simUrl = `http://127.0.0.1:${simPort}`;
    const simArgs = [String(simPort), ...(process.argv.includes('--sim-rules') ? ['--rules'] : [])];
    const sim = startChild(
      'SUNAT simulator',
      ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', join(__dirname, 'http-simulator.ts'), ...simArgs],
      process.env,
    );
    children.push(sim);
    await waitUntilUp(sim, `${simUrl}/__control/state`, 60_000);

    const admin = { user: process.env.ADMIN_USER ?? 'admin', password: process.env.ADMIN_PASSWORD ?? (external ? 'admin12345' : 'bench-admin-12345') };
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      PORT: String(appPort),
      STORAGE_DIR: join(temp.path, 'storage'),
      APP_KEY_FILE: join(temp.path, 'app-key'),
      ADMIN_USER: admin.user,
      ADMIN_PASSWORD: admin.password,
      // Never a real SUNAT: every send goes to the bench's simulator.
      SUNAT_SIMULATOR: 'off',
      SUNAT_ENDPOINTS_BASE: simUrl,
    };
    if (!external) Object.assign(env, { EMBEDDED_PG_DIR: join(temp.path, 'postgres'), EMBEDDED_PG_PORT: String(pgPort) });
    const service = startChild('service', [main], env);
    children.push(service);
    const baseUrl = `http://127.0.0.1:${appPort}`;
    log(`starting the service on ${baseUrl} (data in ${temp.path}) ...`);
    await waitUntilUp(service, `${baseUrl}/api/health`, 300_000);

    const anonymous = new JsonClient(baseUrl, top + readers + senders + 4);
    const adminApi = anonymous.withToken((await anonymous.must('POST', '/api/auth/login', admin, 200)).token);
    const empresa = (await adminApi.must('POST', '/api/empresas', { ruc: nextRuc(), razon_social: 'EMPRESA BENCH S.A.C.', direccion: 'AV. PRUEBA 1' }, 201))
      .data;
    const rol = (await adminApi.must('POST', '/api/roles', { nombre: `bench-${Date.now()}` }, 201)).data.rol_id;
    await adminApi.must('PUT', `/api/permissions/role/${rol}`, { permissions: ['ventas.view', 'ventas.create'] }, 200);
    const usuario = `bench_${Date.now()}`;
    const user = { usuario, name: 'Bench', email: `${usuario}@bench.pe`, password: 'clave-segura-1', rol_id: rol, id_empresa: empresa.id_empresa };
    await adminApi.must('POST', '/api/usuarios', user, 201);
    const api = anonymous.withToken((await anonymous.must('POST', '/api/auth/login', { user: usuario, password: user.password }, 200)).token);

    // Warm-up, untimed: the first creates wait for SUNAT's rules to load in the workers.
    const warmDeadline = Date.now() + 180_000;
    for (let warm = 0; warm < 6;) {
      const res = await api.post('/api/ventas', ventaBody(warm % 2 ? '03' : '01'));
      if (res.status === 201) warm += 1;
      else if (Date.now() > warmDeadline) throw new Error(`warm-up: ${statusError(res, 201)}`);
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }

    const facturas: number[] = [];
    const createVenta = (tipo: '01' | '03') => async () => {
      const res = await api.post('/api/ventas', ventaBody(tipo));
      if (res.status === 201 && tipo === '01') facturas.push(res.body.data.id_venta);
      return statusError(res, 201);
    };
    const results: Record<string, LoadResult[]> = { facturas: [], boletas: [], notas: [] };
    log(`\nPOST /api/ventas (load ${load()})`);
    for (const c of levels) {
      results.facturas.push(await closedLoop(c, seconds, createVenta('01')));
      results.boletas.push(await closedLoop(c, seconds, createVenta('03')));
    }
    printTable(
      ['create', 'clients', 'req/s', 'p50', 'p99', 'errors'],
      [...results.facturas.map((r) => row('factura 01', r)), ...results.boletas.map((r) => row('boleta 03', r))],
    );

    // Credit notes need accepted invoices: send some of the facturas just created (untimed). Partial notes
    // (motivo 04, 1.18 each) let many notes credit one invoice; 2 invoices per client keep the sale locks apart.
    const acceptedCount = 2 * top;
    while (facturas.length < acceptedCount) await createVenta('01')();
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

    // Reads, quiet and then beside sends that SUNAT answers after latencyMs.
    const read = async () => statusError(await api.get('/api/ventas'), 200);
    log(`\nGET /api/ventas, ${readers} clients (load ${load()})`);
    const quiet = await closedLoop(readers, seconds, read);
    const needed = Math.ceil(senders * (seconds + 3) * (1000 / Math.max(latencyMs, 250))) + senders;
    log(`preparing ${needed} facturas to send (untimed) ...`);
    while (facturas.length < needed) await inParallel(needed - facturas.length, 8, createVenta('01'));
    const delays = Array.from({ length: needed }, () => ({ operation: 'sendBill', action: 'delay', ms: latencyMs }));
    await new JsonClient(simUrl, 1).must('POST', '/__control/next', delays, 200);
    const toSend = facturas.splice(0, needed);
    const send = async (n: number) => {
      if (n >= toSend.length) {
        await new Promise((resolve) => setTimeout(resolve, 200)); // never a busy loop beside the measured reads
        return 'no factura left to send';
      }
      const res = await api.post(`/api/ventas/${toSend[n]}/enviar`);
      return statusError(res, 200) ?? (res.body?.success === true ? null : `enviar: ${JSON.stringify(res.body).slice(0, 200)}`);
    };
    log(`GET /api/ventas, ${readers} clients, while ${senders} clients send facturas to a SUNAT answering in ${latencyMs} ms (load ${load()})`);
    const [slow, sends] = await Promise.all([closedLoop(readers, seconds, read), closedLoop(senders, seconds, send)]);
    printTable(['GET /api/ventas', 'clients', 'req/s', 'p50', 'p99', 'errors'], [row('alone', quiet), row('beside slow sends', slow)]);
    log(`sends: ${sends.perSecond.toFixed(1)}/s (${senders} clients, p50 ${ms(sends.p50)}, p99 ${ms(sends.p99)}, ${sends.errors} errors)`);
    for (const [label, r] of [['reads', slow] as const, ['sends', sends] as const]) {
      if (r.firstErrors.length) log(`  ${label} errors, first: ${r.firstErrors.join(' | ')}`);
    }

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
      `reads under slow SUNAT: GET p99 ${ms(slow.p99)} vs ${ms(quiet.p99)} without sends (${(slow.p99 / quiet.p99).toFixed(1)}x; target within 2x: ${slow.p99 <= 2 * quiet.p99 ? 'met' : 'NOT met'}); sends ${sends.perSecond.toFixed(1)}/s`,
    );
    anonymous.close();
    api.close();
    adminApi.close();
  } finally {
    await stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
