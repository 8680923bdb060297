import { DataSource } from 'typeorm';
import { createTestDatabase } from '../support/database';
import { PgDocumentStorage } from '../../src/sunat/storage/pg-document-storage';
import { InvalidStorageKeyError } from '../../src/sunat/storage/storage-key';

/** The database storage against a real PostgreSQL (the migrated test template). */
describe('PgDocumentStorage', () => {
  let dataSource: DataSource;
  let storage: PgDocumentStorage;
  const KEY = 'empresa-1/xml/20000000001-01-F001-1.xml';

  beforeAll(async () => {
    dataSource = new DataSource({ type: 'postgres', url: await createTestDatabase() });
    await dataSource.initialize();
    storage = new PgDocumentStorage(dataSource);
  });
  afterAll(() => dataSource.destroy());

  it('stores text and bytes, replaces them whole, answers null / false for missing keys and deletes idempotently', async () => {
    expect(await storage.get(KEY)).toBeNull();
    expect(await storage.exists(KEY)).toBe(false);
    await storage.put(KEY, '<Invoice>ñ</Invoice>');
    expect((await storage.get(KEY))?.toString('utf8')).toBe('<Invoice>ñ</Invoice>');
    await storage.put(KEY, Buffer.from([0x50, 0x4b, 0x00, 0xff]));
    expect(await storage.get(KEY)).toEqual(Buffer.from([0x50, 0x4b, 0x00, 0xff]));
    expect(await storage.exists(KEY)).toBe(true);
    await storage.delete(KEY);
    await storage.delete(KEY);
    expect(await storage.exists(KEY)).toBe(false);
  });

  it('writes inside the caller’s transaction: a rollback leaves nothing, a commit keeps it', async () => {
    await dataSource
      .transaction(async (manager) => {
        await storage.put('empresa-1/xml/rollback.xml', 'x', manager);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await storage.exists('empresa-1/xml/rollback.xml')).toBe(false);
    await dataSource.transaction((manager) => storage.put('empresa-1/xml/commit.xml', 'y', manager));
    expect((await storage.get('empresa-1/xml/commit.xml'))?.toString()).toBe('y');
  });

  it('reads several keys in one go, leaving out the missing ones', async () => {
    await storage.put('empresa-2/xml/a.xml', 'A');
    await storage.put('empresa-2/cdr/R-a.zip', Buffer.from([1, 2]));
    const found = await storage.getMany(['empresa-2/xml/a.xml', 'empresa-2/cdr/R-a.zip', 'empresa-2/xml/none.xml']);
    expect([...found.keys()].sort()).toEqual(['empresa-2/cdr/R-a.zip', 'empresa-2/xml/a.xml']);
    expect(found.get('empresa-2/xml/a.xml')?.toString()).toBe('A');
    expect(await storage.getMany([])).toEqual(new Map());
  });

  it('refuses keys outside the allow-list', async () => {
    await expect(storage.put('../etc/passwd', 'x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get('/abs')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});
