/** What a storage needs of a database transaction (TypeORM's EntityManager has it). */
export interface StorageTransaction {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Where signed XML, CDR zips, SUNAT's raw answers and logos live. Keys are relative paths such as
 * 'empresa-1/xml/20000000001-01-F001-1.xml' (see storage-key.ts for what is allowed).
 * An abstract class rather than an interface so that Nest can use it as the injection token.
 */
export abstract class DocumentStorage {
  /** True when put(…, tx) writes inside the transaction (nothing is left behind when it rolls back). */
  readonly transactional: boolean = false;
  /**
   * Stores the data under the key, replacing any previous content in one step. With `tx`, a storage in the
   * database writes inside that transaction (the document commits or rolls back with its record); others ignore it.
   */
  abstract put(key: string, data: Buffer | string, tx?: StorageTransaction): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  abstract get(key: string): Promise<Buffer | null>;
  /** Several keys at once (key -> bytes; missing keys absent): one round trip where the storage allows it. */
  async getMany(keys: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    for (const key of keys) {
      const data = await this.get(key);
      if (data) found.set(key, data);
    }
    return found;
  }
  abstract exists(key: string): Promise<boolean>;
  /** Removes the key; removing a missing key is not an error. */
  abstract delete(key: string, tx?: StorageTransaction): Promise<void>;
}
