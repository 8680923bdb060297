import { registerAs } from '@nestjs/config';
import { envBool, envInt, envString } from './env';

export interface DatabaseConfig {
  url: string;
  poolSize: number;
  migrationsRun: boolean;
  logging: boolean;
}

/** DATABASE_URL is always set by the time Nest boots: main.ts starts the embedded server when it is not. */
export function loadDatabaseConfig(): DatabaseConfig {
  return {
    url: envString('DATABASE_URL'),
    poolSize: envInt('DB_POOL_SIZE', 20),
    migrationsRun: envBool('DB_MIGRATIONS_RUN', true),
    logging: envBool('DB_LOGGING', false),
  };
}

export const databaseConfig = registerAs('database', loadDatabaseConfig);
