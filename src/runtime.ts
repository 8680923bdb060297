import { Logger } from '@nestjs/common';
import { envInt, envString, isProduction } from './config/env';
import { startEmbeddedPostgres } from './database/embedded-postgres';

/**
 * What must exist before Nest boots: a database (the embedded PostgreSQL in ./data when DATABASE_URL
 * is unset) and, in development without SUNAT endpoints, the local SUNAT simulator.
 */
export interface Runtime {
  /** Stops what prepareRuntime started (the embedded PostgreSQL), if anything. */
  stop(): Promise<void>;
}

export async function prepareRuntime(): Promise<Runtime> {
  const logger = new Logger('Runtime');
  if (!process.env.DATABASE_URL) {
    if (isProduction()) throw new Error('DATABASE_URL es obligatorio en producción.');
    const embedded = await startEmbeddedPostgres({
      dataDir: envString('EMBEDDED_PG_DIR', './data/postgres'),
      port: envInt('EMBEDDED_PG_PORT', 54329),
      database: 'facturacion',
    });
    process.env.DATABASE_URL = embedded.url;
    process.once('exit', () => void embedded.stop());
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => void embedded.stop().finally(() => process.exit(0)));
    }
    logger.log(`PostgreSQL embebido en el puerto ${envInt('EMBEDDED_PG_PORT', 54329)}`);
    return { stop: () => embedded.stop() };
  }
  return { stop: async () => undefined };
}
