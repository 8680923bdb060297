import { registerAs } from '@nestjs/config';
import { int, readEnv } from './schema';

export interface AuthConfig {
  tokenTtlMinutes: number;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  /** Failed logins of one client address, whatever the login names, per window. */
  loginMaxPerAddress: number;
  /** Failed logins naming no account, from every address together, per window; past it failed logins are 429. */
  loginMaxUnknownNames: number;
  /** How long a resolved token is trusted without the database (principal-cache.ts); 0: never. */
  principalCacheTtlMs: number;
}

export const authSchema = {
  TOKEN_TTL_MINUTES: int(8 * 60, { min: 1, max: 7 * 24 * 60 }),
  LOGIN_MAX_FAILURES: int(5, { min: 1, max: 1000 }),
  LOGIN_WINDOW_MINUTES: int(15, { min: 1, max: 24 * 60 }),
  LOGIN_MAX_PER_ADDRESS: int(30, { min: 1, max: 100_000 }),
  LOGIN_MAX_UNKNOWN_NAMES: int(300, { min: 1, max: 1_000_000 }),
  AUTH_CACHE_TTL_MS: int(2000, { min: 0, max: 10_000 }),
};

export function loadAuthConfig(): AuthConfig {
  const env = readEnv('auth', authSchema);
  return {
    tokenTtlMinutes: env.TOKEN_TTL_MINUTES,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    loginWindowMinutes: env.LOGIN_WINDOW_MINUTES,
    loginMaxPerAddress: env.LOGIN_MAX_PER_ADDRESS,
    loginMaxUnknownNames: env.LOGIN_MAX_UNKNOWN_NAMES,
    principalCacheTtlMs: env.AUTH_CACHE_TTL_MS,
  };
}

export const authConfig = registerAs('auth', loadAuthConfig);
