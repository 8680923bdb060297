import { registerAs } from '@nestjs/config';
import { bool, int, readEnv, str, URL_RULE } from './schema';

export interface DatabaseConfig {
  url: string;
  poolSize: number;
  migrationsRun: boolean;
  logging: boolean;
}

/** DATABASE_URL is always set by the time Nest boots: main.ts starts the embedded server when it is not. */
export const databaseSchema = {
  DATABASE_URL: str(undefined, URL_RULE),
  DB_POOL_SIZE: int(20, { min: 1, max: 1000 }),
  DB_MIGRATIONS_RUN: bool(true),
  DB_LOGGING: bool(false),
};

export function loadDatabaseConfig(): DatabaseConfig {
  const env = readEnv('database', databaseSchema);
  return { url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE, migrationsRun: env.DB_MIGRATIONS_RUN, logging: env.DB_LOGGING };
}

export const databaseConfig = registerAs('database', loadDatabaseConfig);
