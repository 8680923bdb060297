import { registerAs } from '@nestjs/config';
import { int, readEnv } from './schema';

export interface AuthConfig {
  tokenTtlMinutes: number;
  loginMaxFailures: number;
  loginWindowMinutes: number;
}

export const authSchema = {
  TOKEN_TTL_MINUTES: int(8 * 60, { min: 1, max: 7 * 24 * 60 }),
  LOGIN_MAX_FAILURES: int(5, { min: 1, max: 1000 }),
  LOGIN_WINDOW_MINUTES: int(15, { min: 1, max: 24 * 60 }),
};

export function loadAuthConfig(): AuthConfig {
  const env = readEnv('auth', authSchema);
  return { tokenTtlMinutes: env.TOKEN_TTL_MINUTES, loginMaxFailures: env.LOGIN_MAX_FAILURES, loginWindowMinutes: env.LOGIN_WINDOW_MINUTES };
}

export const authConfig = registerAs('auth', loadAuthConfig);
