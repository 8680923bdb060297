import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { EmbeddedDatabase, freePort, passwordFileOf, startEmbeddedPostgres } from '../../src/database/embedded-postgres';

// initdb and two or three starts of a real PostgreSQL on a loaded machine
jest.setTimeout(300_000);

/** Runs `sql` as the superuser with `password`; the error code when the server refuses the login. */
async function asSuperuser(port: number, password: string, sql = 'SELECT 1'): Promise<{ rows?: unknown[]; refused?: string }> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'probe' });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    return { refused: (error as { code?: string }).code };
  }
  try {
    return { rows: (await client.query(sql)).rows };
  } finally {
    await client.end();
  }
}

const kept = (dir: string) => readFileSync(passwordFileOf(dir), 'utf8').trim();

describe("Embedded PostgreSQL: the superuser's password is random per data folder, kept beside it", () => {
  // As root, PostgreSQL runs as the 'postgres' user: open the folder so it can reach the data inside.
  const scratch = mkdtempSync(join(tmpdir(), 'facturacion-pgpass-'));
  chmodSync(scratch, 0o755);
  const running: EmbeddedDatabase[] = [];
  const start = async (dir: string, log?: (line: string) => void) => {
    const port = await freePort();
    const db = await startEmbeddedPostgres({ dataDir: join(scratch, dir), port, database: 'probe', log });
    running.push(db);
    return { db, port };
  };
  const stop = async (db: EmbeddedDatabase) => {
    await db.stop();
    running.splice(running.indexOf(db), 1);
  };

  afterAll(async () => {
    for (const db of running) await db.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('two new folders get two different passwords, files only their owner reads; the old fixed one is refused', async () => {
    const [a, b] = [await start('a'), await start('b')];
    const [passA, passB] = [kept(join(scratch, 'a')), kept(join(scratch, 'b'))];
    expect(passA).toMatch(/^[\w-]{32}$/);
    expect(passB).toMatch(/^[\w-]{32}$/);
    expect(passA).not.toBe(passB);
    expect(statSync(passwordFileOf(join(scratch, 'a'))).mode & 0o777).toBe(0o600);
    expect(a.db.url).toBe(`postgres://postgres:${passA}@127.0.0.1:${a.port}/probe`);
    expect(await asSuperuser(a.port, passA)).toEqual({ rows: [{ '?column?': 1 }] });
    expect(await asSuperuser(a.port, 'postgres')).toEqual({ refused: '28P01' });
    expect(await asSuperuser(b.port, passA)).toEqual({ refused: '28P01' });
    await stop(a.db);
    await stop(b.db);
  });

  it('the same folder started again keeps its password and its data', async () => {
    const first = await start('c');
    const password = kept(join(scratch, 'c'));
    await asSuperuser(first.port, password, 'CREATE TABLE guardada (x int); INSERT INTO guardada VALUES (7)');
    await stop(first.db);
    const again = await start('c');
    expect(kept(join(scratch, 'c'))).toBe(password);
    expect(await asSuperuser(again.port, password, 'SELECT x FROM guardada')).toEqual({ rows: [{ x: 7 }] });
    await stop(again.db);
  });

  it('a folder from before (fixed password, no file) starts with its data and gets a random password, kept', async () => {
    const dir = join(scratch, 'antigua');
    const first = await start('antigua');
    await asSuperuser(first.port, kept(dir), "CREATE TABLE guardada (x int); INSERT INTO guardada VALUES (8); ALTER ROLE postgres PASSWORD 'postgres'");
    await stop(first.db);
    rmSync(passwordFileOf(dir));

    const lines: string[] = [];
    const again = await start('antigua', (line) => lines.push(line));
    expect(existsSync(passwordFileOf(dir))).toBe(true);
    const password = kept(dir);
    expect(password).not.toBe('postgres');
    expect(await asSuperuser(again.port, password, 'SELECT x FROM guardada')).toEqual({ rows: [{ x: 8 }] });
    expect(await asSuperuser(again.port, 'postgres')).toEqual({ refused: '28P01' });
    expect(lines.join('\n')).toContain('replaced by a random one');
  });
});
