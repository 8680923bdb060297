import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { DocumentStorage } from './document-storage';
import { asStorage } from './storage-failure';
import { assertValidKey, InvalidStorageKeyError } from './storage-key';

export interface LocalDocumentStorageOptions {
  /**
   * fsync each file before it becomes visible (default true): a signed document whose hash is
   * already saved in the database must survive a power cut.
   */
  durable?: boolean;
}

/** DocumentStorage on a local folder (or a mounted volume shared by the replicas); STORAGE_DRIVER=local. */
export class LocalDocumentStorage extends DocumentStorage {
  private readonly baseDir: string;
  private readonly durable: boolean;

  constructor(baseDir: string, options: LocalDocumentStorageOptions = {}) {
    super();
    this.baseDir = resolve(baseDir);
    this.durable = options.durable ?? true;
  }

  /** Any failure of the disk (ENOSPC, EACCES, EIO...) is storageFailure's 503 and leaves no temporary file behind. */
  async put(key: string, data: Buffer | string): Promise<void> {
    const target = this.pathOf(key);
    await asStorage('write', () => this.writeAtomically(target, data));
  }

  async get(key: string): Promise<Buffer | null> {
    const path = this.pathOf(key);
    return asStorage('read', async () => {
      try {
        return await readFile(path);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    });
  }

  async exists(key: string): Promise<boolean> {
    const path = this.pathOf(key);
    return asStorage('read', async () => {
      try {
        return (await stat(path)).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    });
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await asStorage('write', async () => {
      try {
        await unlink(path);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    });
  }

  // Readers see the old file or the new one, never half of it: write beside it, then rename.
  private async writeAtomically(target: string, data: Buffer | string): Promise<void> {
    await mkdir(dirname(target), { recursive: true });
    const temp = join(dirname(target), `.${randomBytes(8).toString('hex')}.tmp`);
    const handle = await open(temp, 'wx', 0o640);
    try {
      try {
        await handle.writeFile(data);
        if (this.durable) await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      // a disk that filled up mid-write leaves part of a file: it goes, whatever step failed
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  private pathOf(key: string): string {
    const path = resolve(this.baseDir, ...assertValidKey(key));
    // The key check already prevents escaping; this guards against a future change to it.
    if (!path.startsWith(this.baseDir + sep)) throw new InvalidStorageKeyError(key);
    return path;
  }
}

// A directory where a file is expected (EISDIR) is treated like a missing file: nothing stored there.
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
