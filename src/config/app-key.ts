import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { envOptional, isProduction } from './env';

/** Where a development installation keeps the key it generated (gitignored, beside the embedded database). */
export const DEFAULT_APP_KEY_FILE = 'data/app-key';

let testKey: string | undefined;

/**
 * APP_KEY encrypts secrets at rest (clave_sol, certificate keys), so it can never be a constant of the
 * source code. Production refuses to start without it. Tests get a random key per process. Development
 * generates one on first start, keeps it in APP_KEY_FILE (mode 600, outside version control) and warns:
 * losing that file makes the stored secrets unreadable.
 */
export function resolveAppKey(): string {
  const fromEnv = envOptional('APP_KEY');
  if (fromEnv) return fromEnv;
  if (isProduction()) throw new Error('Falta la variable de entorno APP_KEY (clave de cifrado de los secretos; obligatoria en producción).');
  if (process.env.NODE_ENV === 'test') return (testKey ??= randomBytes(32).toString('base64url'));
  const file = resolve(envOptional('APP_KEY_FILE') ?? DEFAULT_APP_KEY_FILE);
  const existing = readKey(file);
  if (existing) return existing;
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    new Logger('AppKey').warn(
      `APP_KEY no está definida: se generó una clave nueva en ${file}. Respáldela o defina APP_KEY; sin ella no se pueden leer los secretos guardados.`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // another process wrote it first
  }
  const created = readKey(file);
  if (!created) throw new Error(`No se pudo leer la clave generada en ${file}`);
  return created;
}

function readKey(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
