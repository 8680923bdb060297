import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
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
  const port = 62000 + Math.floor(Math.random() * 2000);
  const pgPort = port + 1000;
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  let output = '';

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      EMBEDDED_PG_DIR: join(mkdtempSync(join(tmpdir(), 'facturacion-embedded-')), 'pg'),
      EMBEDDED_PG_PORT: String(pgPort),
      STORAGE_DIR: mkdtempSync(join(tmpdir(), 'facturacion-storage-')),
      ADMIN_USER: 'admin',
      ADMIN_PASSWORD: 'embedded-admin-1',
      LOG_LEVEL: 'warn',
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
      child.kill('SIGTERM');
      await exited;
    }
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
    const ds = new DataSource({ type: 'postgres', url: `postgres://postgres:postgres@127.0.0.1:${pgPort}/facturacion`, entities: [Serie], extra: { max: 60 } });
    await ds.initialize();
    try {
      const [empresa] = await ds.query(`SELECT id_empresa FROM empresas WHERE ruc = '20000000001'`);
      const numbers = await takeNumbersConcurrently(ds, new SeriesService(ds.getRepository(Serie)), empresa.id_empresa, 'F009');
      expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    } finally {
      await ds.destroy();
    }
  });
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
