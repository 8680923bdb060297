import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { loadDatabaseConfig } from '@/config/database.config';
import { loadSunatConfig } from '@/config/sunat.config';
import { buildDataSourceOptions } from '@/database/data-source-options';
import { startSunatSimulator } from '@/sunat/simulator/sunat-simulator';

/**
 * What the cluster primary does once, before any worker starts, and what the workers must then be told. The
 * embedded PostgreSQL is prepareRuntime's (its DATABASE_URL reaches the workers through the environment).
 */

/** Pending migrations, once, on a connection of its own (unless DB_MIGRATIONS_RUN=false); workers never run them. */
export async function runMigrationsOnce(logger: Logger): Promise<void> {
  const db = loadDatabaseConfig();
  if (!db.migrationsRun) return;
  const dataSource = new DataSource(buildDataSourceOptions({ url: db.url, poolSize: 1, logging: db.logging }));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    logger.log(applied.length ? `Migraciones aplicadas: ${applied.map((m) => m.name).join(', ')}` : 'Migraciones al día');
  } finally {
    await dataSource.destroy();
  }
}

export interface SharedSimulator {
  /** What each worker's environment gets so that all of them talk to this one simulator. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * With SUNAT_SIMULATOR=embedded, one simulator in the primary for every worker: a simulator per worker would each
 * keep its own documents and tickets, and a ticket issued through one worker would be unknown to the next.
 */
export async function startSharedSimulator(logger: Logger): Promise<SharedSimulator | null> {
  const config = loadSunatConfig();
  if (config.simulator !== 'embedded') return null;
  const simulator = await startSunatSimulator({ port: 0, host: '127.0.0.1' });
  logger.log(`Simulador SUNAT local en ${simulator.url}, compartido por los workers (ningún endpoint SUNAT configurado)`);
  return {
    env: {
      SUNAT_SIMULATOR: 'off',
      SUNAT_ENDPOINTS_BASE: simulator.url,
      SUNAT_GRE_CLIENT_ID: config.greClientId ?? '',
      SUNAT_GRE_CLIENT_SECRET: config.greClientSecret ?? '',
    },
    close: () => simulator.close(),
  };
}
