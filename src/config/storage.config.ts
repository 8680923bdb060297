import { resolve } from 'node:path';
import { registerAs } from '@nestjs/config';
import { int, oneOf, readEnv, str } from './schema';

export const STORAGE_DRIVERS = ['postgres', 'local'] as const;

export interface StorageConfig {
  /** postgres: the `archivos` table (default; replicas share it); local: files under `dir`. */
  driver: (typeof STORAGE_DRIVERS)[number];
  dir: string;
  maxLogoBytes: number;
}

export const storageSchema = {
  STORAGE_DRIVER: oneOf(STORAGE_DRIVERS, 'postgres'),
  STORAGE_DIR: str('./storage'),
  MAX_LOGO_BYTES: int(1024 * 1024, { min: 1, max: 50 * 1024 * 1024 }),
};

export function loadStorageConfig(): StorageConfig {
  const env = readEnv('storage', storageSchema);
  return { driver: env.STORAGE_DRIVER, dir: resolve(env.STORAGE_DIR), maxLogoBytes: env.MAX_LOGO_BYTES };
}

export const storageConfig = registerAs('storage', loadStorageConfig);
