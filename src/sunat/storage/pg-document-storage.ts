import { DataSource } from 'typeorm';
import { DocumentStorage, StorageTransaction } from './document-storage';
import { storageFailure } from './storage-failure';
import { assertValidKey } from './storage-key';

/**
 * DocumentStorage in the `archivos` table of the service's own PostgreSQL: every replica reads what any other
 * wrote, and a document written with the transaction of its record exists exactly when that record does.
 */
export class PgDocumentStorage extends DocumentStorage {
  override readonly transactional = true;
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async put(key: string, data: Buffer | string, tx?: StorageTransaction): Promise<void> {
    assertValidKey(key);
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    await writing(() =>
      (tx ?? this.dataSource).query(
        `INSERT INTO archivos (clave, datos) VALUES ($1, $2)
       ON CONFLICT (clave) DO UPDATE SET datos = EXCLUDED.datos, updated_at = now()`,
        [key, bytes],
      ),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertValidKey(key);
    const rows: Array<{ datos: Buffer }> = await this.dataSource.query(`SELECT datos FROM archivos WHERE clave = $1`, [key]);
    return rows[0]?.datos ?? null;
  }

  override async getMany(keys: readonly string[]): Promise<Map<string, Buffer>> {
    keys.forEach((k) => assertValidKey(k));
    if (!keys.length) return new Map();
    const rows: Array<{ clave: string; datos: Buffer }> = await this.dataSource.query(`SELECT clave, datos FROM archivos WHERE clave = ANY($1)`, [keys]);
    return new Map(rows.map((r) => [r.clave, r.datos]));
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM archivos WHERE clave = $1`, [key]);
    return rows.length > 0;
  }

  async delete(key: string, tx?: StorageTransaction): Promise<void> {
    assertValidKey(key);
    await writing(() => (tx ?? this.dataSource).query(`DELETE FROM archivos WHERE clave = $1`, [key]));
  }
}

/**
 * PostgreSQL out of room or failing its disk (SQLSTATE class 53, e.g. 53100 disk_full; class 58, e.g. 58030
 * io_error) is storageFailure's 503; anything else stays the error it is.
 */
async function writing(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const code = (error as { driverError?: { code?: unknown }; code?: unknown }).driverError?.code ?? (error as { code?: unknown }).code;
    throw typeof code === 'string' && /^5[38]/.test(code) ? storageFailure('write', error) : error;
  }
}
