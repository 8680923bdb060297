import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '@/config/storage.config';
import { DocumentStorage } from './document-storage';
import { asStorage } from './storage-failure';
import { assertValidKey } from './storage-key';

/** A stalled S3 must never hang a request: bounded connect time and whole-request time, few retries. */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_ATTEMPTS = 3;
/** Reads of getMany in flight at once (an export of many documents must not open hundreds of sockets). */
const GET_MANY_CONCURRENCY = 8;

/**
 * DocumentStorage in an S3-compatible bucket (AWS S3, MinIO, R2...); STORAGE_DRIVER=s3. A PUT replaces the object
 * in one step. The database transaction argument is ignored: see docs/API.md for what that means on a rollback.
 */
export class S3DocumentStorage extends DocumentStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(config: S3StorageConfig, timeouts: { connectionMs: number; requestMs: number } = { connectionMs: CONNECTION_TIMEOUT_MS, requestMs: REQUEST_TIMEOUT_MS }) {
    super();
    this.bucket = config.bucket;
    this.prefix = config.prefix ? `${config.prefix}/` : '';
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      maxAttempts: MAX_ATTEMPTS,
      // Without throwOnRequestTimeout the SDK only logs a warning when requestTimeout passes, and the call waits on.
      requestHandler: { connectionTimeout: timeouts.connectionMs, requestTimeout: timeouts.requestMs, throwOnRequestTimeout: true },
      // Checksums only where S3 requires them: several S3-compatible services refuse the newer default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** S3's refusals, timeouts and unreachable endpoints are storageFailure's 503 (the SDK already retried). */
  async put(key: string, data: Buffer | string): Promise<void> {
    const body = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    const Key = this.objectKey(key);
    await asStorage('write', () => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentLength: body.length })));
  }

  async get(key: string): Promise<Buffer | null> {
    const Key = this.objectKey(key);
    return asStorage('read', async () => {
      try {
        const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
        if (!answer.Body) return Buffer.alloc(0);
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    });
  }

  override async getMany(keys: readonly string[]): Promise<Map<string, Buffer>> {
    keys.forEach((k) => assertValidKey(k));
    const found = new Map<string, Buffer>();
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++];
        const data = await this.get(key);
        if (data) found.set(key, data);
      }
    };
    await Promise.all(Array.from({ length: Math.min(GET_MANY_CONCURRENCY, keys.length) }, worker));
    // In the order asked, as the other drivers answer.
    return new Map(keys.filter((k) => found.has(k)).map((k) => [k, found.get(k)!]));
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    return asStorage('read', async () => {
      try {
        await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    });
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    await asStorage('write', async () => {
      try {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible services answer 404 instead.
        if (!isNotFound(error)) throw error;
      }
    });
  }

  /** Closes the SDK's keep-alive sockets (on application shutdown). */
  onApplicationShutdown(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return this.prefix + key;
  }
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  // A missing bucket is a deployment error, never "no such document".
  if (error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
}
