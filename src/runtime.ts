import { Logger } from '@nestjs/common';
import { envInt, envString, isProduction } from './config/env';
import { startEmbeddedPostgres } from './database/embedded-postgres';

/**
 * What must exist before Nest boots: a database (the embedded PostgreSQL in ./data/postgres when
 * DATABASE_URL is unset). The local SUNAT simulator starts inside Nest (SUNAT_SIMULATOR=embedded).
 */
export interface Runtime {
  /** Stops what prepareRuntime started (the embedded PostgreSQL), if anything. Call it after app.close(). */
  stop(): Promise<void>;
}

export const DEFAULT_EMBEDDED_PG_PORT = 54329;

/**
 * Starts the embedded PostgreSQL when DATABASE_URL is unset and points DATABASE_URL at it. Throws an
 * EmbeddedPostgresError (one line saying what happened and what to do) when it cannot start.
 * Signals are main.ts's business: it closes the app first and then calls stop().
 */
export async function prepareRuntime(onDatabaseLost?: (message: string) => void): Promise<Runtime> {
  const logger = new Logger('Runtime');
  if (process.env.DATABASE_URL) return { stop: async () => undefined };
  if (isProduction()) throw new Error('DATABASE_URL es obligatorio en producción.');
  const port = envInt('EMBEDDED_PG_PORT', DEFAULT_EMBEDDED_PG_PORT);
  const embedded = await startEmbeddedPostgres({
    dataDir: envString('EMBEDDED_PG_DIR', './data/postgres'),
    port,
    database: 'facturacion',
    log: (message) => logger.log(message),
    onUnexpectedExit: (message) => (onDatabaseLost ? onDatabaseLost(message) : logger.error(message)),
  });
  process.env.DATABASE_URL = embedded.url;
  logger.log(`Embedded PostgreSQL on 127.0.0.1:${port} (data in ${embedded.dataDir})`);
  return { stop: () => embedded.stop() };
}
