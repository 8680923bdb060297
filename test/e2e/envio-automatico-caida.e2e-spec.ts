import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { SUNAT_ACEPTADA } from '../../src/common/estados';
import { startSunatSimulator, SunatSimulator } from '../../src/sunat/simulator/sunat-simulator';
import { ENVIO_ENVIANDO, ENVIO_HECHO, ENVIO_PENDIENTE } from '../../src/sunat/nest/envios/envio-tipos';
import { bearer, login, Session } from '../support/auth';
import { ADMIN, TestApp } from '../support/create-test-app';
import { createTestDatabase } from '../support/database';
import { createEmpresa, createFactura, createUserSession } from '../support/factories';
import { ServiceProcess, startServiceProcess } from '../support/service-process';

// Two cold starts of the service under ts-node, and the claim window of the second one, on a loaded machine.
jest.setTimeout(600_000);

const N = 20;
const CLIENTES = 5;
/** How long the simulator holds each sendBill's answer: the sends are in flight for a while. */
const LATENCIA_MS = 2000;

/** Polls `read` until `done` holds or the (generous) deadline passes; returns the last value for the assertion. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 240_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

interface Factura {
  id_venta: number;
  serie: string;
  numero: number;
  numero_completo: string;
  nombre_xml: string;
}

/**
 * The autopilot survives a crash: the service (its own process) is killed with SIGKILL while its background sender
 * has facturas at SUNAT, and started again on the same database. With nobody calling enviar, every factura ends
 * accepted, SUNAT holds each once, the queue is left with nothing claimed or waiting, and the numbers have no gaps.
 */
describe('Autopilot across a crash: the sender killed mid-send, started again on the same database', () => {
  let sim: SunatSimulator;
  let db: Client;
  let service: ServiceProcess | undefined;
  let env: NodeJS.ProcessEnv;
  let empresaId: number;
  let usuario: Session;
  const facturas: Factura[] = [];
  const storageDir = mkdtempSync(join(tmpdir(), 'envio-automatico-caida-'));
  const app = (s: ServiceProcess) => ({ http: s.url }) as unknown as TestApp;

  beforeAll(async () => {
    sim = await startSunatSimulator({ port: 0, host: '127.0.0.1', ticketPolls: 0 });
    const databaseUrl = await createTestDatabase();
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DB_POOL_SIZE: '10',
      APP_KEY: randomBytes(32).toString('base64url'),
      ADMIN_USER: ADMIN.user,
      ADMIN_PASSWORD: ADMIN.password,
      BCRYPT_ROUNDS: '4',
      STORAGE_DIR: storageDir,
      SUNAT_SIMULATOR: 'off',
      SUNAT_ENDPOINTS_BASE: sim.url,
      TICKET_POLLER: 'false',
      SUNAT_MAX_CONCURRENT_SENDS: '4',
      AUTOSEND_WORKER: 'true',
      AUTOSEND_INTERVAL_MS: '100',
      AUTOSEND_SWEEP_MS: '500',
      AUTOSEND_BACKOFF_BASE_MS: '100',
      AUTOSEND_BACKOFF_MAX_MS: '1000',
    };
    // the first life: SUNAT's slow answers stay well within its timeout, so the sends are cut only by the kill
    service = await startServiceProcess('service (first life)', { ...env, SUNAT_TIMEOUT_MS: '60000' });
    const admin = await login(app(service));
    empresaId = (await createEmpresa(app(service), admin, { envio_automatico: true })).id_empresa;
    usuario = await createUserSession(app(service), admin, empresaId, ['ventas.view', 'ventas.create']);
  }, 300_000);

  afterAll(async () => {
    await service?.child.kill('SIGKILL');
    await sim?.close();
    await db?.end();
    rmSync(storageDir, { recursive: true, force: true });
  }, 60_000);

  const registrado = (name: string) => [...sim.state.documents.values()].some((d) => d.name === name);
  const sendBillsOf = (f: Factura) => sim.state.requests.filter((r) => r.operation === 'sendBill' && r.subject?.replace(/\.zip$/i, '') === nombreDe(f)).length;
  const filas = async () =>
    (await db.query(`SELECT id_documento, estado, intentos FROM envios_sunat WHERE id_empresa = $1 AND tipo = 'venta'`, [empresaId])).rows as Array<{
      id_documento: number;
      estado: string;
      intentos: number;
    }>;

  it('killed with sends in flight, started again: every factura accepted by itself, uploaded once, nothing left claimed', async () => {
    sim.next(Array.from({ length: N }, () => ({ operation: 'sendBill' as const, action: 'delay' as const, ms: LATENCIA_MS })));
    const first = service!;
    await Promise.all(
      Array.from({ length: CLIENTES }, async () => {
        for (let i = 0; i < N / CLIENTES; i++) facturas.push(await createFactura(app(first), usuario));
      }),
    );
    expect(facturas).toHaveLength(N);

    // the kill: some facturas accepted, some at SUNAT waiting for their answer, some still queued
    const aceptadas = async () =>
      Number((await db.query('SELECT count(*) FROM ventas WHERE id_empresa = $1 AND estado_sunat = $2', [empresaId, SUNAT_ACEPTADA])).rows[0].count);
    const momento = await until(
      async () => ({ aceptadas: await aceptadas(), enVuelo: sim.state.inFlight }),
      (m) => m.aceptadas >= 2 && m.enVuelo >= 2,
    );
    expect(momento.enVuelo).toBeGreaterThanOrEqual(2);
    await first.child.kill('SIGKILL');
    service = undefined;

    const alMorir = await filas();
    const reclamadas = alMorir.filter((f) => f.estado === ENVIO_ENVIANDO);
    // what the crash left: claims of sends SUNAT has already registered but whose answer nobody heard
    expect(reclamadas.length).toBeGreaterThanOrEqual(1);
    expect(alMorir.filter((f) => f.estado === ENVIO_PENDIENTE).length + reclamadas.length).toBeLessThan(N);
    const conDocumento = reclamadas.filter((f) => registrado(nombreDe(facturas.find((v) => v.id_venta === f.id_documento)!)));
    expect(conDocumento.length).toBeGreaterThanOrEqual(1);

    // the second life: a SUNAT timeout short enough that the dead process's claims are taken for a crash's within a
    // minute (a sale's claim window, then the queue's, a second later), yet well above what the slowed simulator takes
    // on a loaded machine (a timed-out send is sent again, which would be a second upload); SUNAT slow to say what it
    // holds, so settling those sends with it outlasts several sweeps
    sim.next(Array.from({ length: N }, () => ({ operation: 'getStatusCdr' as const, action: 'delay' as const, ms: 1000 })));
    service = await startServiceProcess('service (second life)', { ...env, SUNAT_TIMEOUT_MS: '10000', SUNAT_SEND_QUEUE_WAIT_MS: '1000' });
    // the session outlives the process: it is the same deployment (database and APP_KEY)
    const estados = async () =>
      Promise.all(facturas.map(async (f) => (await request(service!.url).get(`/api/ventas/${f.id_venta}`).set(bearer(usuario.token))).body.data?.estado_sunat));
    const final = await until(estados, (e) => e.every((s) => s === SUNAT_ACEPTADA));
    expect(final).toEqual(facturas.map(() => SUNAT_ACEPTADA));

    // SUNAT holds each factura once, accepted; none was uploaded again after the crash
    const enSunat = [...sim.state.documents.values()].filter((d) => facturas.some((f) => d.name === nombreDe(f)));
    expect(enSunat.map((d) => d.name).sort()).toEqual(facturas.map(nombreDe).sort());
    expect(enSunat.every((d) => d.accepted)).toBe(true);
    expect(facturas.map((f) => [f.numero_completo, sendBillsOf(f)])).toEqual(facturas.map((f) => [f.numero_completo, 1]));

    // the queue: every row done, none waiting or claimed; no sale keeps a send claim
    const queda = await until(filas, (rows) => rows.every((r) => r.estado === ENVIO_HECHO));
    expect(queda.map((r) => r.estado).sort()).toEqual(facturas.map(() => ENVIO_HECHO));
    const { rows: reclamos } = await db.query('SELECT id_venta FROM ventas WHERE id_empresa = $1 AND enviando_desde IS NOT NULL', [empresaId]);
    expect(reclamos).toEqual([]);

    // one series, numbered 1..N without gaps
    const { rows: numeros } = await db.query(`SELECT serie, numero FROM ventas WHERE id_empresa = $1 AND tipo_documento = '01' ORDER BY numero`, [empresaId]);
    expect(new Set(numeros.map((r) => r.serie)).size).toBe(1);
    expect(numeros.map((r) => r.numero)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
  });
});

/** The document's name at SUNAT (the simulator's key): the XML's name without its extension. */
function nombreDe(f: Factura): string {
  return f.nombre_xml.replace(/\.xml$/, '');
}
