
export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Nombre de archivo no permitido: '${key}'.`);
    this.name = 'InvalidStorageKeyError';
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

/**
 * Keys come partly from user data (series, numbers), so they are checked by allow-list instead of
 * by looking for '..': relative segments of letters, digits, '.', '_' and '-', none starting with
 * a dot. That rules out '..', absolute paths, backslashes, drive letters and hidden files, and keeps
 * the temporary files of atomic writes (which start with a dot) out of reach of any key.
 */
export function assertValidKey(key: string): string[] {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new InvalidStorageKeyError(String(key));
  const segments = key.split('/');
  if (!segments.every((s) => SEGMENT.test(s))) throw new InvalidStorageKeyError(key);
  return segments;
}
