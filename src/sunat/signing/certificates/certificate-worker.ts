/**
 * A worker thread of CertificateReader (certificate-reader.ts): reads one uploaded certificate, key derivations
 * included, off the service's event loop, and answers the key and certificate as PEM.
 */
import { serveTasks } from '@/common/workers/serve-tasks';
import type { CertificateReadRequest, CertificateReadResult } from './certificate-reader';
import { loadCertificate } from './load-certificate';

const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

serveTasks((req: CertificateReadRequest): CertificateReadResult => {
  // validity is checked by the caller, at its own instant
  const loaded = loadCertificate(
    { data: toBuffer(req.data), password: req.password, privateKey: req.privateKey ? toBuffer(req.privateKey) : undefined },
    { allowExpired: true },
  );
  return { key: loaded.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), cert: loaded.certificate.toString() };
});
