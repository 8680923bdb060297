import { ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { AddressInfo, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { freePort, passwordFileOf, portUnavailable } from '../../src/database/embedded-postgres';
import { Serie } from '../../src/series/entities/serie.entity';
import { SeriesService } from '../../src/series/series.service';
import { takeNumbersConcurrently } from '../support/series-concurrency';

const ROOT = resolve(__dirname, '..', '..');

/**
 * The README's first command, for real: the service process starts with no DATABASE_URL, brings up its
 * own embedded PostgreSQL, runs the migrations and seeds the administrator; then login works over HTTP
 * and the series counter holds under 50 concurrent transactions on that server too.
 */
describe('Service on the embedded PostgreSQL (no DATABASE_URL)', () => {
  let port: number;
  let pgPort: number;
  let base: string;
  let child: ChildProcess;
  let output = '';
  // As root, PostgreSQL runs as the 'postgres' user: open the folder so it can reach the data inside.
  const scratch = mkdtempSync(join(tmpdir(), 'facturacion-embedded-'));
  chmodSync(scratch, 0o755);

  beforeAll(async () => {
    port = await freePort();
    pgPort = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      EMBEDDED_PG_DIR: join(scratch, 'pg'),
      EMBEDDED_PG_PORT: String(pgPort),
      STORAGE_DIR: join(scratch, 'storage'),
      APP_KEY_FILE: join(scratch, 'app-key'),
      ADMIN_USER: 'admin',
      ADMIN_PASSWORD: 'embedded-admin-1',
      TICKET_POLLER: 'true',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: '1000',
    };
    delete env.DATABASE_URL;
    child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/main.ts'], { cwd: ROOT, env });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    await waitForHealth(base, 120_000, () => output);
  }, 150_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(scratch, { recursive: true, force: true });
  });

  it('logs where it listens and where Swagger is, without route-conversion warnings', async () => {
    for (let i = 0; i < 50 && !output.includes('Listening on'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain(`Listening on ${base} (Swagger UI: ${base}/api/docs)`);
    expect(output).not.toMatch(/LegacyRouteConverter|Unsupported route path/);
  });

  it('answers health with its own database up', async () => {
    const res = await request(base).get('/api/health').expect(200);
    expect(res.body).toMatchObject({ success: true, database: 'ok' });
  });

  it('logs in the seeded administrator', async () => {
    const res = await request(base).post('/api/auth/login').send({ user: 'admin', password: 'embedded-admin-1' }).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.permissions).toHaveLength(36);
    expect(res.body.empresas[0].ruc).toBe('20000000001');
  });

  it('gives 50 parallel transactions 50 distinct consecutive numbers on that server', async () => {
    const ds = new DataSource({
      type: 'postgres',
      url: `postgres://postgres:${readFileSync(passwordFileOf(join(scratch, 'pg')), 'utf8').trim()}@127.0.0.1:${pgPort}/facturacion`,
      entities: [Serie],
      extra: { max: 60 },
    });
    await ds.initialize();
    try {
      const [empresa] = await ds.query(`SELECT id_empresa FROM empresas WHERE ruc = '20000000001'`);
      const numbers = await takeNumbersConcurrently(ds, new SeriesService(ds.getRepository(Serie)), empresa.id_empresa, 'F009');
      expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    } finally {
      await ds.destroy();
    }
  });

  it('on SIGTERM closes the app (pg-boss, TypeORM) before the database: clean log, exit 0, port released', async () => {
    // a client that never finishes its request does not hold the shutdown past SHUTDOWN_TIMEOUT_MS
    const slow = connect(port, '127.0.0.1');
    await new Promise((r) => slow.once('connect', r));
    slow.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n');
    slow.on('error', () => undefined);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const mark = output.length;
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    slow.destroy();
    const shutdownLog = output.slice(mark);
    expect(shutdownLog).toContain('Shutdown: requests still open after 1000 ms: closing their connections');
    expect(shutdownLog).not.toMatch(/error|unhandled|terminating connection/i);
    expect(await portUnavailable(pgPort)).toBeUndefined();
    expect(existsSync(join(scratch, 'pg', 'postmaster.pid'))).toBe(false);
  });
});

describe('Service whose embedded PostgreSQL cannot start', () => {
  it('prints one line saying why and what to do, and exits non-zero', async () => {
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    const pgPort = (busy.address() as AddressInfo).port;
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'development',
        APP_KEY: 'clave-de-prueba',
        EMBEDDED_PG_PORT: String(pgPort),
        PORT: String(await freePort()),
      };
      delete env.DATABASE_URL;
      const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/main.ts'], { cwd: ROOT, env });
      let output = '';
      child.stdout?.on('data', (d) => (output += d));
      child.stderr?.on('data', (d) => (output += d));
      const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
      expect(code).toBe(1);
      const lines = output.split('\n').filter((line) => /Embedded PostgreSQL|Unhandled|undefined/i.test(line));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Embedded PostgreSQL could not start on port ${pgPort}: port in use; set EMBEDDED_PG_PORT or DATABASE_URL`);
    } finally {
      busy.close();
    }
  }, 60_000);
});

async function waitForHealth(base: string, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`service did not start:\n${log().slice(-3000)}`);
}
