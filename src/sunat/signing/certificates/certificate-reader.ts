import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { TaskError, TaskPool, TaskTimeout } from '@/common/workers/task-pool';
import { spawnModuleWorker } from '@/common/workers/spawn-worker';
import { int, readEnv } from '@/config/schema';
import { SigningError, SigningErrorCode } from '../signing-errors';
import { CertificateUnreadableError } from './certificate-errors';
import type { CertificateUpload } from './load-certificate';
import { loadPem } from './load-pem';
import type { CertificateCheckOptions, LoadedCertificate } from './loaded-certificate';

export interface CertificateReadRequest {
  data: Uint8Array;
  password?: string;
  privateKey?: Uint8Array;
}

/** The key (unencrypted PKCS#8) and certificate read from the upload, as PEM. */
export interface CertificateReadResult {
  key: string;
  cert: string;
}

export interface CertificateReaderSettings {
  /** Uploads read at once in this process, each in its own worker thread. */
  workers: number;
  /** Uploads waiting for a worker beyond which one is refused (CertificateReader.run rejects with TaskPoolBusy). */
  queue: number;
  /** The longest one read may take once a worker has it (within the caps a file takes a few seconds). */
  timeoutMs: number;
}

/** CERT_READ_WORKERS (1; at most CPU count − 1 makes sense), CERT_READ_QUEUE (20). */
export function certificateReaderSettings(env: NodeJS.ProcessEnv = process.env): CertificateReaderSettings {
  const v = readEnv(
    'certificados',
    {
      CERT_READ_WORKERS: int(1, { min: 1, max: Math.max(1, availableParallelism()) }),
      CERT_READ_QUEUE: int(20, { min: 0, max: 1000 }),
    },
    env,
  );
  return { workers: v.CERT_READ_WORKERS, queue: v.CERT_READ_QUEUE, timeoutMs: 60_000 };
}

const SIGNING_CODES = new Set<string>(Object.values(SigningErrorCode));

/**
 * Uploaded certificates are read in worker threads: a PKCS#12 at the iteration cap costs over a second of
 * node-forge's JavaScript key derivation, and an encrypted PEM key OpenSSL's PBKDF2, both synchronous. At most
 * `workers` run at once per process; the event loop only parses the resulting PEM (no derivation).
 */
export class CertificateReader {
  private readonly pool: TaskPool<CertificateReadRequest, CertificateReadResult>;

  constructor(readonly settings: CertificateReaderSettings) {
    this.pool = new TaskPool(settings, () => spawnModuleWorker(path.join(__dirname, 'certificate-worker')));
  }

  /** What loadCertificate answers, read off the event loop; TaskPoolBusy when every worker and the queue are taken. */
  async read(upload: CertificateUpload, options?: CertificateCheckOptions): Promise<LoadedCertificate> {
    let result: CertificateReadResult;
    try {
      result = await this.pool.run({ data: upload.data, password: upload.password, privateKey: upload.privateKey });
    } catch (e) {
      if (e instanceof TaskError && e.code && SIGNING_CODES.has(e.code)) throw new SigningError(e.code as SigningErrorCode, e.message);
      if (e instanceof TaskTimeout) throw new CertificateUnreadableError(`su lectura tomó más de ${this.settings.timeoutMs / 1000} s.`);
      throw e;
    }
    return loadPem({ certificate: result.cert, privateKey: result.key }, options);
  }

  /** Nest calls it on app.close(); workers left running would keep the process alive while they work. */
  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}
