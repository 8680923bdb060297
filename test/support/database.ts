import { Client } from 'pg';
import { adminUrlOf, TEMPLATE_DB, withDatabase, workerDatabase } from './database-urls';

/**
 * A fresh database for the calling test file, cloned from the migrated template (fast: a file copy
 * inside PostgreSQL). One name per jest worker, recreated for every file, so files never see each other.
 */
export async function createTestDatabase(): Promise<string> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL must be set by the e2e globalSetup');
  const name = workerDatabase(process.env.JEST_WORKER_ID ?? '0');
  const admin = new Client({ connectionString: adminUrlOf(base) });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  return withDatabase(base, name);
}
