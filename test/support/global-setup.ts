import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { envInt } from '../../src/config/env';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { EmbeddedDatabase, freePort, startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { warmSunatRules } from '../../src/sunat/validation/engine';
import { DOC_TYPES, ruleFileFor, TIPOS } from '../../src/sunat/validation/tipos';
import { adminUrlOf, TEMPLATE_DB, withDatabase } from './database-urls';

/** Where globalSetup leaves the embedded server for globalTeardown (same process). */
export const EMBEDDED_KEY = '__EMBEDDED_PG__';

/**
 * Runs once before the e2e suites: uses DATABASE_URL's server (CI) or starts an embedded PostgreSQL in
 * a temporary folder (removed at teardown) on a port the OS says is free (or EMBEDDED_PG_PORT), and
 * builds a migrated template database that every test file clones.
 */
export default async function globalSetup(): Promise<void> {
  let embedded: EmbeddedDatabase | undefined;
  if (!process.env.DATABASE_URL) {
    const port = process.env.EMBEDDED_PG_PORT ? envInt('EMBEDDED_PG_PORT', 0) : await freePort();
    // An EmbeddedPostgresError is one line saying what happened and what to do; jest prints it as is.
    embedded = await startEmbeddedPostgres({ port, database: 'postgres' });
    (globalThis as Record<string, unknown>)[EMBEDDED_KEY] = embedded;
    process.env.DATABASE_URL = embedded.url;
  }
  try {
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
    // With SUNAT_RULES_ENGINE=saxon the rule files are compiled once, here (cached on disk for every worker), rather
    // than by the first test of each worker at once: a cold SaxonJS compile takes minutes on a loaded machine and
    // would eat that test's timeout. The native engine compiles them in well under a second in each process.
    if (process.env.SUNAT_RULES_ENGINE === 'saxon') {
      await warmSunatRules([...new Set([...TIPOS.map((t) => DOC_TYPES[t].rules), ruleFileFor('RC', '1.0')])], 'saxon');
    }
  } catch (error) {
    // jest skips globalTeardown when globalSetup fails: leave no server or folder behind.
    await embedded?.stop();
    throw error;
  }
}
