import { DomainError, storageReadFailed, storageWriteFailed } from '@/common/errors/domain-error';
import { InvalidStorageKeyError } from './storage-key';

/**
 * A failure of the storage itself (full disk, no permission, I/O error, an S3 that refuses or does not answer) as
 * the 503 the API answers; a refused key is our own bug and stays what it is.
 */
export function storageFailure(operation: 'read' | 'write', error: unknown): unknown {
  if (error instanceof InvalidStorageKeyError || error instanceof DomainError) return error;
  return operation === 'write' ? storageWriteFailed(error) : storageReadFailed(error);
}

/** Runs one storage operation, turning what the storage failed at into storageFailure. */
export async function asStorage<T>(operation: 'read' | 'write', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw storageFailure(operation, error);
  }
}
