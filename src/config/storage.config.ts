import { resolve } from 'node:path';
import { registerAs } from '@nestjs/config';
import { envInt, envString } from './env';

export interface StorageConfig {
  dir: string;
  maxLogoBytes: number;
}

export function loadStorageConfig(): StorageConfig {
  return {
    dir: resolve(envString('STORAGE_DIR', './storage')),
    maxLogoBytes: envInt('MAX_LOGO_BYTES', 1024 * 1024),
  };
}

export const storageConfig = registerAs('storage', loadStorageConfig);
