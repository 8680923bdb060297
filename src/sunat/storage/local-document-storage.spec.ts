import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDocumentStorage } from './local-document-storage';
import { ALMACENAMIENTO_SIN_ESCRITURA, ALMACENAMIENTO_SIN_LECTURA, DomainError } from '@/common/errors/domain-error';
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

  // Failures that happen as root too: chmod would not stop root from writing.
  const storageError = (message: string) => expect.objectContaining({ code: 'STORAGE_UNAVAILABLE', message }) as DomainError;

  it('a write that fails after its temporary file was written is a storage failure and leaves no temporary file', async () => {
    mkdirSync(join(base, KEY, 'ocupado'), { recursive: true });
    const error = await storage.put(KEY, 'x'.repeat(10_000)).catch((e: unknown) => e);
    expect(error).toEqual(storageError(ALMACENAMIENTO_SIN_ESCRITURA));
    expect((error as DomainError).cause).toMatchObject({ code: 'EISDIR' });
    expect(readdirSync(join(base, 'empresa-1/xml'))).toEqual(['20000000001-01-F001-1.xml']);
  });

  it('a base folder under a regular file fails writes as a storage failure, and reads as nothing stored', async () => {
    writeFileSync(join(root, 'archivo'), 'no soy carpeta');
    const bajoArchivo = new LocalDocumentStorage(join(root, 'archivo', 'base'));
    const error = await bajoArchivo.put(KEY, 'x').catch((e: unknown) => e);
    expect(error).toEqual(storageError(ALMACENAMIENTO_SIN_ESCRITURA));
    expect((error as DomainError).cause).toMatchObject({ code: 'ENOTDIR' });
    expect(await bajoArchivo.get(KEY)).toBeNull();
  });

  it('a read the disk cannot answer (here a symbolic link loop) is a storage failure, not a missing file', async () => {
    mkdirSync(join(base, 'empresa-1/xml'), { recursive: true });
    symlinkSync(join(base, KEY), join(base, KEY));
    await expect(storage.get(KEY)).rejects.toEqual(storageError(ALMACENAMIENTO_SIN_LECTURA));
    await expect(storage.exists(KEY)).rejects.toEqual(storageError(ALMACENAMIENTO_SIN_LECTURA));
  });
});
