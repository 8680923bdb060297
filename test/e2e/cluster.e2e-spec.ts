import { ChildProcess, spawn } from 'node:child_process';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { adminUrlOf, withDatabase, workerDatabase } from '../support/database-urls';

const ROOT = resolve(__dirname, '..', '..');
const BOOT_MS = 240_000;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** GET on a connection of its own (no keep-alive: the primary hands every new connection to the next worker). */
function getOnce(port: number, path: string, requestId: string, timeoutMs = 10_000): Promise<number> {
  return new Promise((done) => {
    const req = get({ host: '127.0.0.1', port, path, agent: false, headers: { 'x-request-id': requestId } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.setTimeout(timeoutMs, () => req.destroy());
    req.on('error', () => done(0));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Issue 21: `npm run start:prod`'s node:cluster primary (src/cluster.ts, here under ts-node) with WEB_CONCURRENCY=2
 * on a real, empty database: the primary migrates it once, both workers answer requests, a worker killed with
 * SIGKILL is replaced while requests keep succeeding on the other, and SIGTERM stops them all.
 */
describe('Production start: one process per core (node:cluster)', () => {
  let port: number;
  let databaseUrl: string;
  let primary: ChildProcess;
  let output = '';
  /** Lines as they arrive, with the moment the test saw them. */
  const lines: Array<{ at: number; text: string }> = [];
  let exit: Promise<number | null>;

  const listening = () => [...new Set(lines.flatMap((l) => /Worker (\d+) escuchando/.exec(l.text)?.[1] ?? []).map(Number))];
  /** The worker pid that logged the request with this X-Request-Id (pino-http's completion line). */
  const servedBy = (requestId: string): number | undefined => {
    for (const { text } of lines) {
      if (!text.startsWith('{') || !text.includes(requestId)) continue;
      const entry = JSON.parse(text) as { pid?: number; req?: { id?: string } };
      if (entry.req?.id === requestId) return entry.pid;
    }
    return undefined;
  };
  const waitFor = async (what: string, check: () => boolean, timeoutMs = BOOT_MS) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (primary.exitCode !== null) throw new Error(`the primary exited (${primary.exitCode}) waiting for ${what}:\n${output.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    const base = process.env.DATABASE_URL!;
    const name = workerDatabase(process.env.JEST_WORKER_ID ?? '0');
    const admin = new Client({ connectionString: adminUrlOf(base) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`); // empty: the primary runs the migrations
    await admin.end();
    databaseUrl = withDatabase(base, name);
    port = await freePort();

    primary = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/cluster.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        APP_KEY: 'cluster-test-key',
        ADMIN_USER: 'admin',
        ADMIN_PASSWORD: 'cluster-admin-1',
        SUNAT_ENDPOINTS_BASE: 'http://127.0.0.1:9',
        PORT: String(port),
        WEB_CONCURRENCY: '2',
        SHUTDOWN_TIMEOUT_MS: '3000',
        LOG_LEVEL: 'info',
        NO_COLOR: '1',
        // two whole services on a shared 2-core machine: no extra threads
        SUNAT_RULES_WORKERS: '0',
        EXPORT_WORKERS: '0',
        JEST_WORKER_ID: '',
      },
    });
    exit = new Promise((done) => primary.once('exit', (code) => done(code)));
    let partial = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop() ?? '';
      for (const text of parts) lines.push({ at: Date.now(), text });
    };
    primary.stdout!.on('data', collect);
    primary.stderr!.on('data', collect);
    await waitFor('two workers listening', () => listening().length === 2);
  }, BOOT_MS + 30_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null) {
      primary.kill('SIGKILL');
      await exit;
    }
    for (const pid of listening()) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it(
    'migrates once in the primary; both workers answer; a SIGKILLed worker is replaced while requests keep succeeding; SIGTERM stops all',
    async () => {
      const [first, second] = listening();
      // a clean start: no worker logged an error (a boot race, such as two seeds of the administrator, would)
      expect(lines.filter((l) => /"level":(50|60)|query failed|ERROR/.test(l.text)).map((l) => l.text)).toEqual([]);
      // migrations ran once, in the primary; the administrator was seeded once although both workers tried
      expect(output.match(/Migraciones aplicadas/g)).toHaveLength(1);
      const db = new Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        expect((await db.query(`SELECT count(*)::int AS n FROM migrations`)).rows[0].n).toBeGreaterThan(5);
        expect((await db.query(`SELECT count(*)::int AS n FROM users WHERE usuario = 'admin'`)).rows[0].n).toBe(1);
      } finally {
        await db.end();
      }

      // round robin over new connections: both worker pids serve requests
      const ids = Array.from({ length: 8 }, (_, i) => `cluster-a-${i}`);
      for (const id of ids) expect(await getOnce(port, '/api/health', id)).toBe(200);
      await waitFor('the request logs', () => ids.every((id) => servedBy(id) !== undefined), 30_000);
      expect(new Set(ids.map(servedBy))).toEqual(new Set([first, second]));

      // requests run one after another while a worker is killed and replaced
      const results: Array<{ id: string; startedAt: number; endedAt: number; status: number }> = [];
      let running = true;
      const loop = (async () => {
        for (let n = 0; running; n++) {
          const id = `cluster-b-${n}`;
          const startedAt = Date.now();
          const status = await getOnce(port, '/api/health', id, 5000);
          results.push({ id, startedAt, endedAt: Date.now(), status });
        }
      })();
      await waitFor('requests before the kill', () => results.length >= 3, 30_000);
      const killedAt = Date.now();
      process.kill(first, 'SIGKILL');
      await waitFor('the primary noticing the death', () => lines.some((l) => l.text.includes(`Worker ${first} terminó (señal SIGKILL): se reemplaza`)));
      const noticedAt = lines.find((l) => l.text.includes(`Worker ${first} terminó`))!.at;
      await waitFor('a replacement listening', () => listening().length === 3);
      const replacement = listening().find((pid) => pid !== first && pid !== second)!;
      await waitFor('the replacement serving a request', () => results.some((r) => servedBy(r.id) === replacement), 60_000);
      running = false;
      await loop;

      expect(alive(first)).toBe(false);
      expect(alive(replacement)).toBe(true);
      // the request in flight at the kill, or handed to the dying worker before the primary knew, may be lost
      const before = results.filter((r) => r.endedAt < killedAt);
      expect(before.map((r) => r.status)).toEqual(before.map(() => 200));
      // after the primary saw the death, every request succeeds (served by the survivor, then by both)
      const after = results.filter((r) => r.startedAt > noticedAt);
      expect(after.length).toBeGreaterThan(0);
      expect(after.map((r) => r.status)).toEqual(after.map(() => 200));
      await waitFor('the request logs', () => after.every((r) => servedBy(r.id) !== undefined), 30_000);
      expect(new Set(after.map((r) => servedBy(r.id)))).toEqual(new Set([second, replacement]));

      // SIGTERM: every worker drains and exits, then the primary, with status 0
      primary.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect([second, replacement].filter(alive)).toEqual([]);
      expect(lines.filter((l) => l.text.includes('"msg":"Stopped"')).length).toBe(2);
    },
    BOOT_MS,
  );
});

describe('Production start: a worker that cannot boot', () => {
  it(
    'three deaths before any worker listened end the start with status 1 and a line saying so, not a restart loop',
    async () => {
      const port = await freePort();
      const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/cluster.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: withDatabase(process.env.DATABASE_URL!, workerDatabase(process.env.JEST_WORKER_ID ?? '0')),
          DB_MIGRATIONS_RUN: 'false',
          APP_KEY: 'cluster-test-key',
          ADMIN_PASSWORD: 'cluster-admin-1',
          SUNAT_ENDPOINTS_BASE: 'http://127.0.0.1:9',
          PORT: String(port),
          WEB_CONCURRENCY: '2',
          NO_COLOR: '1',
          SUNAT_RULES_WORKERS: '0',
          // read by the workers only (the primary never builds the export pool): every worker fails its boot
          EXPORT_WORKERS: 'muchos',
          JEST_WORKER_ID: '',
        },
      });
      let output = '';
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
      expect(code).toBe(1);
      expect(output).toContain('EXPORT_WORKERS');
      expect(output).toMatch(/antes de que alguno arrancara, 3 veces: el servicio no puede iniciar/);
      // 2 at start, then one replacement after each of the first two deaths (the second may still be pending at the third)
      const started = output.match(/Worker \d+ iniciado/g) ?? [];
      expect(started.length).toBeGreaterThanOrEqual(3);
      expect(started.length).toBeLessThanOrEqual(4);
    },
    BOOT_MS,
  );
});
