import { registerAs } from '@nestjs/config';
import { envInt } from './env';

export interface AuthConfig {
  tokenTtlMinutes: number;
  loginMaxFailures: number;
  loginWindowMinutes: number;
}

export function loadAuthConfig(): AuthConfig {
  return {
    tokenTtlMinutes: envInt('TOKEN_TTL_MINUTES', 8 * 60),
    loginMaxFailures: envInt('LOGIN_MAX_FAILURES', 5),
    loginWindowMinutes: envInt('LOGIN_WINDOW_MINUTES', 15),
  };
}

export const authConfig = registerAs('auth', loadAuthConfig);
