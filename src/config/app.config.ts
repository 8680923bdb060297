import { createHash } from 'node:crypto';
import { registerAs } from '@nestjs/config';
import { resolveAppKey } from './app-key';
import { isProduction } from './env';
import { DECIMAL_RULE, int, oneOf, optional, readEnv, str } from './schema';

export interface AppConfig {
  port: number;
  /** Address the HTTP server listens on: loopback unless HOST says otherwise (the Docker image sets 0.0.0.0). */
  host: string;
  production: boolean;
  /** 32-byte key for secrets at rest (clave_sol, certificate keys). */
  secretKey: Buffer;
  adminUser: string;
  adminPassword: string | undefined;
  defaultIgvRate: string;
  logLevel: string;
  /** 'pretty': one coloured line per entry for a person at a terminal; 'json': one JSON object per line. */
  logFormat: 'pretty' | 'json';
  /** How long open requests may finish after SIGTERM before their connections are closed. */
  shutdownTimeoutMs: number;
}

const DEV_ADMIN_PASSWORD = 'admin12345';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The variables of the 'app' namespace and their rules (checked at boot, all at once). */
export const appSchema = (production: boolean) => ({
  PORT: int(3000, { min: 0, max: 65535 }),
  HOST: str('127.0.0.1', { pattern: /^[A-Za-z0-9.:-]+$/, describe: 'una dirección IP o un nombre de host' }),
  ADMIN_USER: str('admin'),
  ADMIN_PASSWORD: production ? optional() : str(DEV_ADMIN_PASSWORD),
  IGV_DEFAULT: str('18.00', DECIMAL_RULE),
  LOG_LEVEL: oneOf(LOG_LEVELS, production ? 'info' : 'debug'),
  // A person reads a terminal; anything else (a file, a collector, production) gets JSON.
  LOG_FORMAT: oneOf(['pretty', 'json'], !production && process.stdout.isTTY ? 'pretty' : 'json'),
  SHUTDOWN_TIMEOUT_MS: int(10_000, { min: 0, max: 300_000 }),
});

export function loadAppConfig(): AppConfig {
  const production = isProduction();
  const env = readEnv('app', appSchema(production));
  const appKey = resolveAppKey();
  return {
    port: env.PORT,
    host: env.HOST,
    production,
    // Any string works as APP_KEY; hashing gives the fixed 32 bytes AES-256 needs.
    secretKey: createHash('sha256').update(appKey).digest(),
    adminUser: env.ADMIN_USER,
    adminPassword: env.ADMIN_PASSWORD,
    defaultIgvRate: env.IGV_DEFAULT,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  };
}

export const appConfig = registerAs('app', loadAppConfig);
