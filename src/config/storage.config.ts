import { resolve } from 'node:path';
import { registerAs } from '@nestjs/config';
import { int, readEnv, str } from './schema';

export interface StorageConfig {
  dir: string;
  maxLogoBytes: number;
}

export const storageSchema = {
  STORAGE_DIR: str('./storage'),
  MAX_LOGO_BYTES: int(1024 * 1024, { min: 1, max: 50 * 1024 * 1024 }),
};

export function loadStorageConfig(): StorageConfig {
  const env = readEnv('storage', storageSchema);
  return { dir: resolve(env.STORAGE_DIR), maxLogoBytes: env.MAX_LOGO_BYTES };
}

export const storageConfig = registerAs('storage', loadStorageConfig);
