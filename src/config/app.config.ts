import { createHash } from 'node:crypto';
import { registerAs } from '@nestjs/config';
import { resolveAppKey } from './app-key';
import { envInt, envOptional, envString, isProduction } from './env';

export interface AppConfig {
  port: number;
  production: boolean;
  /** 32-byte key for secrets at rest (clave_sol, certificate keys). */
  secretKey: Buffer;
  adminUser: string;
  adminPassword: string | undefined;
  defaultIgvRate: string;
  logLevel: string;
}

const DEV_ADMIN_PASSWORD = 'admin12345';

export function loadAppConfig(): AppConfig {
  const production = isProduction();
  const appKey = resolveAppKey();
  return {
    port: envInt('PORT', 3000),
    production,
    // Any string works as APP_KEY; hashing gives the fixed 32 bytes AES-256 needs.
    secretKey: createHash('sha256').update(appKey).digest(),
    adminUser: envString('ADMIN_USER', 'admin'),
    adminPassword: production ? envOptional('ADMIN_PASSWORD') : envString('ADMIN_PASSWORD', DEV_ADMIN_PASSWORD),
    defaultIgvRate: envString('IGV_DEFAULT', '18.00'),
    logLevel: envString('LOG_LEVEL', production ? 'info' : 'debug'),
  };
}

export const appConfig = registerAs('app', loadAppConfig);
