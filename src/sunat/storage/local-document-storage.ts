import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { DocumentStorage } from './document-storage';
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

  async put(key: string, data: Buffer | string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // Readers see the old file or the new one, never half of it: write beside it, then rename.
    const temp = join(dirname(target), `.${randomBytes(8).toString('hex')}.tmp`);
    const handle = await open(temp, 'wx', 0o640);
    try {
      await handle.writeFile(data);
      if (this.durable) await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
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
