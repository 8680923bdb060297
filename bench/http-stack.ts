import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { JsonClient } from './http-client';
import { statusError } from './http-load';
import { nextRuc, ventaBody } from './http-bodies';
import { passwordFileOf } from '@/database/embedded-postgres';
import { buildService, Child, freePort, startChild, tempFolder, waitUntilUp } from './http-service';

export interface StackOptions {
  /** 'auto' rebuilds when src/ changed since the last build. */
  build: 'auto' | 'always' | 'never';
  /** The simulator also runs XSD and SUNAT's rules (see http-simulator.ts). */
  simRules: boolean;
  /** Sockets of the user's client (the most requests a measure has in flight at once). */
  maxSockets: number;
  /** Worker processes of the production start (`npm run start:prod`, node:cluster); 0 = the single process of `npm start`. */
  workers?: number;
  /** Settings of the service on top of this process's environment (e.g. the send queue's). */
  env?: NodeJS.ProcessEnv;
  /** Fields of the bench's company beyond its RUC, name and address (e.g. `envio_automatico`). */
  empresa?: Record<string, unknown>;
}

/** The service and its SUNAT simulator, each a process of its own, and a user allowed to create and send sales. */
export interface Stack {
  baseUrl: string;
  simUrl: string;
  /** The user's client (ventas.view, ventas.create). */
  api: JsonClient;
  /** The simulator's control API. */
  sim: JsonClient;
  /** POST /api/ventas of a factura (01) or boleta (03): null or an error text; the id of each created factura is pushed to `facturas`. */
  createVenta(tipo: '01' | '03'): Promise<string | null>;
  facturas: number[];
  /** The service's database, and the company the bench's user works in. */
  databaseUrl: string;
  empresaId: number;
  /** Process ids of the service (the primary, with workers) and of the simulator. */
  pids: { service?: number; simulator?: number };
  stop(): Promise<void>;
}

/**
 * Builds the service (bench/http-service.ts), starts a SUNAT simulator and the service on a throw-away embedded
 * PostgreSQL (or DATABASE_URL), creates a company and a user, and warms the service up (the first creates wait
 * for SUNAT's rules to load). stop() stops both, also on Ctrl-C.
 */
export async function startStack(log: (line: string) => void, options: StackOptions): Promise<Stack> {
  const main = buildService(log, options.build);
  const external = process.env.DATABASE_URL;
  const temp = tempFolder();
  const children: Child[] = [];
  const clients: JsonClient[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      clients.forEach((c) => c.close());
      for (const child of [...children].reverse()) await child.stop();
      temp.remove();
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    log(`\n${signal}: stopping the service and the simulator ...`);
    void stop().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Last resort (an exception escaping everything): the service still stops its PostgreSQL on SIGTERM.
  process.once('exit', () => children.forEach((c) => c.running && c.process.kill('SIGTERM')));

  try {
    const [simPort, appPort, pgPort] = [await freePort(), await freePort(), await freePort()];
    const simUrl = `http://127.0.0.1:${simPort}`;
    const sim = startChild(
      'SUNAT simulator',
      [
        '-r',
        'ts-node/register/transpile-only',
        '-r',
        'tsconfig-paths/register',
        join(__dirname, 'http-simulator.ts'),
        String(simPort),
        ...(options.simRules ? ['--rules'] : []),
      ],
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
      ...options.env,
    };
    if (!external) Object.assign(env, { EMBEDDED_PG_DIR: join(temp.path, 'postgres'), EMBEDDED_PG_PORT: String(pgPort) });
    // BENCH_PROFILE_DIR: the service writes a V8 CPU profile there when it stops (node --cpu-prof)
    const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
    const workers = options.workers ?? 0;
    if (workers > 0) env.WEB_CONCURRENCY = String(workers);
    const entry = workers > 0 ? join(dirname(main), 'cluster.js') : main;
    const service = startChild('service', [...profile, entry], env);
    children.push(service);
    const baseUrl = `http://127.0.0.1:${appPort}`;
    log(`starting the service on ${baseUrl} (data in ${temp.path}) ...`);
    await waitUntilUp(service, `${baseUrl}/api/health`, 300_000);

    const anonymous = new JsonClient(baseUrl, 4);
    clients.push(anonymous);
    const adminApi = anonymous.withToken((await anonymous.must('POST', '/api/auth/login', admin, 200)).token);
    clients.push(adminApi);
    const empresa = (
      await adminApi.must('POST', '/api/empresas', { ruc: nextRuc(), razon_social: 'EMPRESA BENCH S.A.C.', direccion: 'AV. PRUEBA 1', ...options.empresa }, 201)
    ).data;
    const rol = (await adminApi.must('POST', '/api/roles', { nombre: `bench-${Date.now()}` }, 201)).data.rol_id;
    await adminApi.must('PUT', `/api/permissions/role/${rol}`, { permissions: ['ventas.view', 'ventas.create'] }, 200);
    const usuario = `bench_${Date.now()}`;
    const user = { usuario, name: 'Bench', email: `${usuario}@bench.pe`, password: 'clave-segura-1', rol_id: rol, id_empresa: empresa.id_empresa };
    await adminApi.must('POST', '/api/usuarios', user, 201);
    const token = (await anonymous.must('POST', '/api/auth/login', { user: usuario, password: user.password }, 200)).token;
    const api = new JsonClient(baseUrl, options.maxSockets, token);
    clients.push(api);
    const simClient = new JsonClient(simUrl, 1);
    clients.push(simClient);

    // Warm-up, untimed: the first creates wait for SUNAT's rules to load in the workers.
    const warmDeadline = Date.now() + 180_000;
    for (let warm = 0; warm < 6;) {
      const res = await api.post('/api/ventas', ventaBody(warm % 2 ? '03' : '01'));
      if (res.status === 201) warm += 1;
      else if (Date.now() > warmDeadline) throw new Error(`warm-up: ${statusError(res, 201)}`);
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }

    const facturas: number[] = [];
    const createVenta = async (tipo: '01' | '03') => {
      const res = await api.post('/api/ventas', ventaBody(tipo));
      if (res.status === 201 && tipo === '01') facturas.push(res.body.data.id_venta);
      return statusError(res, 201);
    };
    const databaseUrl =
      external ?? `postgres://postgres:${readFileSync(passwordFileOf(join(temp.path, 'postgres')), 'utf8').trim()}@127.0.0.1:${pgPort}/facturacion`;
    const pids = { service: service.process.pid, simulator: sim.process.pid };
    return { baseUrl, simUrl, api, sim: simClient, createVenta, facturas, databaseUrl, empresaId: empresa.id_empresa, pids, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
