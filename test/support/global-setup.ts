import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { adminUrlOf, TEMPLATE_DB, withDatabase } from './database-urls';

/**
 * Runs once before the e2e suites: uses DATABASE_URL's server (CI) or starts an embedded PostgreSQL,
 * and builds a migrated template database that every test file clones.
 */
export default async function globalSetup(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    const port = 55000 + Math.floor(Math.random() * 5000);
    const embedded = await startEmbeddedPostgres({
      dataDir: join(mkdtempSync(join(tmpdir(), 'facturacion-pg-')), 'data'),
      port,
      database: 'postgres',
      persistent: false,
    });
    (globalThis as { __EMBEDDED_PG__?: unknown }).__EMBEDDED_PG__ = embedded;
    process.env.DATABASE_URL = embedded.url;
  }
  const adminUrl = adminUrlOf(process.env.DATABASE_URL!);
  const admin = new DataSource({ type: 'postgres', url: adminUrl });
  await admin.initialize();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.destroy();

  const template = new DataSource(buildDataSourceOptions({ url: withDatabase(adminUrl, TEMPLATE_DB) }));
  await template.initialize();
  await template.runMigrations({ transaction: 'each' });
  await template.destroy();
}
