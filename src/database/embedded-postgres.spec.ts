import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { canTraverse, EmbeddedPostgresError, explainFailure, freePort, portUnavailable, startEmbeddedPostgres } from './embedded-postgres';

const listen = (port: number): Promise<Server> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('embedded PostgreSQL starter', () => {
  it('picks a port the OS says is free, and it is', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    expect(await portUnavailable(port)).toBeUndefined();
    const server = await listen(port);
    try {
      expect(await portUnavailable(port)).toBe('port in use');
    } finally {
      server.close();
    }
  });

  it('refuses a busy port with one line saying what to do', async () => {
    const busy = await listen(0);
    const port = (busy.address() as { port: number }).port;
    try {
      const attempt = startEmbeddedPostgres({ port, database: 'postgres' });
      await expect(attempt).rejects.toBeInstanceOf(EmbeddedPostgresError);
      await expect(attempt).rejects.toThrow(
        new EmbeddedPostgresError(`Embedded PostgreSQL could not start on port ${port}: port in use; set EMBEDDED_PG_PORT or DATABASE_URL`),
      );
      const error = (await attempt.catch((e: Error) => e)) as Error;
      expect(error.stack).not.toContain('\n');
    } finally {
      busy.close();
    }
  });

  it('explains what the server printed before it exited', () => {
    const bind =
      '2026-01-01 00:00:00.000 UTC [12] LOG:  could not bind IPv4 address "127.0.0.1": Address already in use\n... FATAL:  could not create any TCP/IP sockets\n';
    expect(explainFailure(bind, '/d')).toEqual({ reason: 'port in use', hint: 'set EMBEDDED_PG_PORT or DATABASE_URL' });
    const lock = 'FATAL:  lock file "postmaster.pid" already exists\nHINT:  Is another postmaster (PID 4242) running in data directory "/d"?\n';
    expect(explainFailure(lock, '/d').reason).toBe('another PostgreSQL (PID 4242) is already running on /d');
    const perms =
      '2026-01-01 00:00:00.000 UTC [9] FATAL:  data directory "/d" has wrong ownership\nHINT:  The server must be started by the user that owns the data directory.\n';
    expect(explainFailure(perms, '/d').reason).toBe('FATAL:  data directory "/d" has wrong ownership');
    expect(explainFailure('', '/d').reason).toBe('the server exited without saying why');
  });

  it('knows whether a user can enter every folder down to a path', () => {
    const modes: Record<string, { uid: number; gid: number; mode: number }> = {
      '/': { uid: 0, gid: 0, mode: 0o755 },
      '/root': { uid: 0, gid: 0, mode: 0o700 },
      '/root/x': { uid: 0, gid: 0, mode: 0o755 },
      '/srv': { uid: 0, gid: 50, mode: 0o750 },
      '/srv/app': { uid: 101, gid: 101, mode: 0o700 },
    };
    const stat = (p: string) => modes[p];
    const pg = { uid: 101, gid: 104 };
    expect(canTraverse('/root/x/data', pg, stat)).toBe(false);
    expect(canTraverse('/srv/app/data', pg, stat)).toBe(false);
    expect(canTraverse('/srv/app/data', { uid: 101, gid: 50 }, stat)).toBe(true);
    expect(canTraverse('/not/there/yet', pg, stat)).toBe(true);
  });

  it('runs a temporary cluster (UTF-8) and removes its folder when stopped', async () => {
    const db = await startEmbeddedPostgres({ port: await freePort(), database: 'probe' });
    try {
      expect(existsSync(join(db.dataDir, 'PG_VERSION'))).toBe(true);
      const client = new Client({ connectionString: db.url });
      await client.connect();
      const [row] = (
        await client.query(
          `SELECT current_database() AS db, pg_encoding_to_char(encoding) AS enc, lower('ÑANDÚ') AS low FROM pg_database WHERE datname = current_database()`,
        )
      ).rows;
      await client.end();
      expect(row).toEqual({ db: 'probe', enc: 'UTF8', low: 'ñandú' });
    } finally {
      await db.stop();
    }
    expect(existsSync(db.dataDir)).toBe(false);
    expect(await portUnavailable(db.port)).toBeUndefined();
  }, 60_000);

  it('names the server still running on the same folder and port instead of just "port in use"', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'facturacion-twice-'));
    chmodSync(parent, 0o755);
    const dataDir = join(parent, 'pg');
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, database: 'probe', persistent: false });
    try {
      const pid = readFileSync(join(first.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0];
      await expect(startEmbeddedPostgres({ dataDir, port, database: 'probe' })).rejects.toThrow(
        `Embedded PostgreSQL could not start on port ${port}: an earlier embedded PostgreSQL (PID ${pid}) still runs on ${first.dataDir}, ` +
          `left by a service that did not stop it; stop it (kill ${pid}), or set EMBEDDED_PG_PORT or DATABASE_URL`,
      );
    } finally {
      await first.stop();
      rmSync(parent, { recursive: true, force: true });
    }
  }, 60_000);

  it('as root, moves data the postgres user cannot reach and says where; as a user, keeps them where asked', async () => {
    const home = mkdtempSync(join(tmpdir(), 'facturacion-closed-'));
    chmodSync(home, 0o700);
    const lines: string[] = [];
    const db = await startEmbeddedPostgres({
      dataDir: join(home, 'pg'),
      port: await freePort(),
      database: 'probe',
      persistent: false,
      log: (l) => lines.push(l),
    });
    try {
      if (process.getuid?.() === 0) {
        expect(db.dataDir).not.toContain(home);
        expect(lines).toEqual([expect.stringContaining(`cannot reach ${join(home, 'pg')}; its data live in ${db.dataDir}`)]);
      } else {
        expect(db.dataDir).toBe(join(home, 'pg'));
        expect(lines).toEqual([]);
      }
    } finally {
      await db.stop();
      rmSync(home, { recursive: true, force: true });
    }
    expect(existsSync(db.dataDir)).toBe(false);
  }, 60_000);
});
