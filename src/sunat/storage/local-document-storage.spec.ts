import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDocumentStorage } from './local-document-storage';
import { InvalidStorageKeyError } from './storage-key';

describe('LocalDocumentStorage', () => {
  let root: string;
  let base: string;
  let storage: LocalDocumentStorage;
  const KEY = 'empresa-1/xml/20000000001-01-F001-1.xml';

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'storage-'));
    base = join(root, 'base');
    storage = new LocalDocumentStorage(base);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stores text and bytes under nested keys and reads them back', async () => {
    await storage.put(KEY, '<Invoice>ñ</Invoice>');
    await storage.put('empresa-1/cdr/R-20000000001-01-F001-1.zip', Buffer.from([0x50, 0x4b, 0x00, 0xff]));
    expect((await storage.get(KEY))?.toString('utf8')).toBe('<Invoice>ñ</Invoice>');
    expect(await storage.get('empresa-1/cdr/R-20000000001-01-F001-1.zip')).toEqual(Buffer.from([0x50, 0x4b, 0x00, 0xff]));
    expect(readFileSync(join(base, KEY), 'utf8')).toBe('<Invoice>ñ</Invoice>');
  });

  it('answers null / false for missing keys and deletes idempotently', async () => {
    expect(await storage.get(KEY)).toBeNull();
    expect(await storage.exists(KEY)).toBe(false);
    await storage.put(KEY, 'x');
    expect(await storage.exists(KEY)).toBe(true);
    expect(await storage.exists('empresa-1/xml')).toBe(false);
    expect(await storage.get('empresa-1/xml')).toBeNull();
    await storage.delete(KEY);
    await storage.delete(KEY);
    expect(await storage.exists(KEY)).toBe(false);
  });

  it('replaces content whole and leaves no temporary files behind', async () => {
    await storage.put(KEY, 'a'.repeat(100_000));
    await Promise.all([storage.put(KEY, 'b'.repeat(50_000)), storage.put(KEY, 'c'.repeat(70_000))]);
    const content = (await storage.get(KEY))!.toString();
    expect(['b'.repeat(50_000), 'c'.repeat(70_000)]).toContain(content);
    expect(readdirSync(join(base, 'empresa-1/xml'))).toEqual(['20000000001-01-F001-1.xml']);
  });

  it.each([
    '../fuera.xml',
    'empresa-1/../../fuera.xml',
    'empresa-1/./x.xml',
    '/etc/passwd',
    'empresa-1\\..\\fuera.xml',
    'C:/windows/x.xml',
    'empresa-1//x.xml',
    'empresa-1/.oculto',
    'empresa-1/xml/',
    '',
    'empresa-1/x\u0000.xml',
    'empresa-1/%2e%2e/x.xml',
  ])('refuses the key %j for every operation', async (key) => {
    await expect(storage.put(key, 'x')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
  });

  it('cannot reach files beside the base folder', async () => {
    writeFileSync(join(root, 'secreto.txt'), 'no');
    await expect(storage.get('../secreto.txt')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete('../secreto.txt')).rejects.toThrow(InvalidStorageKeyError);
    expect(readFileSync(join(root, 'secreto.txt'), 'utf8')).toBe('no');
  });
});
