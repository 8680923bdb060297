import { createServer, Socket } from 'node:net';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { startS3Server, TestS3Server } from '../../../test/support/s3-server';
import { ALMACENAMIENTO_SIN_ESCRITURA } from '@/common/errors/domain-error';
import { S3DocumentStorage } from './s3-document-storage';
import { InvalidStorageKeyError } from './storage-key';

/** The S3 driver against a real S3-compatible server (s3rver over HTTP); no mocked client. */
describe('S3DocumentStorage', () => {
  let s3: TestS3Server;
  let storage: S3DocumentStorage;
  const KEY = 'empresa-1/xml/20000000001-01-F001-1.xml';
  const make = (over: Partial<ConstructorParameters<typeof S3DocumentStorage>[0]> = {}) =>
    new S3DocumentStorage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: s3.env.STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: s3.env.STORAGE_S3_SECRET_ACCESS_KEY },
      forcePathStyle: true,
      ...over,
    });

  beforeAll(async () => {
    s3 = await startS3Server();
    storage = make();
  });
  afterAll(async () => {
    storage.onApplicationShutdown();
    await s3.close();
  });

  it('answers null / false for a missing key (404) and deletes a missing key without error', async () => {
    expect(await storage.get(KEY)).toBeNull();
    expect(await storage.exists(KEY)).toBe(false);
    await storage.delete(KEY);
    expect(await storage.getMany([KEY])).toEqual(new Map());
  });

  it('stores text and bytes, replaces them whole and deletes idempotently', async () => {
    await storage.put(KEY, '<Invoice>ñ</Invoice>');
    expect((await storage.get(KEY))?.toString('utf8')).toBe('<Invoice>ñ</Invoice>');
    expect(await storage.exists(KEY)).toBe(true);
    await storage.put(KEY, Buffer.from([0x50, 0x4b, 0x00, 0xff]));
    expect(await storage.get(KEY)).toEqual(Buffer.from([0x50, 0x4b, 0x00, 0xff]));
    expect(await s3.listKeys()).toContain(KEY);
    await storage.delete(KEY);
    await storage.delete(KEY);
    expect(await storage.exists(KEY)).toBe(false);
    expect(await storage.get(KEY)).toBeNull();
    expect(await s3.listKeys()).not.toContain(KEY);
  });

  it('reads several keys with bounded concurrency, leaving out the missing ones', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `empresa-2/xml/doc-${i}.xml`);
    await Promise.all(keys.map((k, i) => storage.put(k, `doc ${i}`)));
    const found = await storage.getMany([...keys, 'empresa-2/xml/none.xml']);
    expect([...found.keys()]).toEqual(keys);
    expect(found.get(keys[7])?.toString()).toBe('doc 7');
    expect(await storage.getMany([])).toEqual(new Map());
  });

  it('puts every key under the configured prefix', async () => {
    const prefixed = make({ prefix: 'facturacion/prod' });
    try {
      await prefixed.put('empresa-3/cdr/R-a.zip', Buffer.from([1, 2, 3]));
      expect(await s3.listKeys()).toContain('facturacion/prod/empresa-3/cdr/R-a.zip');
      expect(await prefixed.get('empresa-3/cdr/R-a.zip')).toEqual(Buffer.from([1, 2, 3]));
      expect(await storage.exists('empresa-3/cdr/R-a.zip')).toBe(false);
    } finally {
      prefixed.onApplicationShutdown();
    }
  });

  it('a missing bucket is an error, not "no such document"', async () => {
    const wrong = make({ bucket: 'no-existe' });
    try {
      // the API's 503 (STORAGE_UNAVAILABLE), with S3's own answer kept as the cause for the log
      await expect(wrong.get(KEY)).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE', cause: { name: 'NoSuchBucket' } });
      const put = await wrong.put(KEY, 'x').catch((e: unknown) => e);
      expect(put).toMatchObject({ code: 'STORAGE_UNAVAILABLE', message: ALMACENAMIENTO_SIN_ESCRITURA });
      expect((put as Error).cause).toBeInstanceOf(S3ServiceException);
    } finally {
      wrong.onApplicationShutdown();
    }
  });

  it('refuses keys outside the allow-list before any request', async () => {
    for (const key of ['../fuera.xml', '/etc/passwd', 'empresa-1//x.xml', 'empresa-1/.oculto']) {
      await expect(storage.put(key, 'x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    await expect(storage.getMany([KEY, '../x'])).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('a server that accepts and never answers fails the call instead of hanging it', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const stalled = new S3DocumentStorage(
      { bucket: s3.bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' }, forcePathStyle: true },
      { connectionMs: 500, requestMs: 500 },
    );
    try {
      await expect(stalled.get(KEY)).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE', cause: { name: 'TimeoutError' } });
      await expect(stalled.put(KEY, 'x')).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      stalled.onApplicationShutdown();
      sockets.forEach((s) => s.destroy());
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
