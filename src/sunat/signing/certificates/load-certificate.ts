import { loadPem } from './load-pem';
import { loadPfx } from './load-pfx';
import type { CertificateCheckOptions, LoadedCertificate } from './loaded-certificate';

export interface CertificateUpload {
  /** The uploaded file: a .pfx/.p12, or PEM text holding the certificate (and usually the key). */
  data: Buffer;
  /** PFX password, or passphrase of an encrypted PEM key. */
  password?: string;
  /** PEM private key uploaded as a separate file, when `data` holds only the certificate. */
  privateKey?: Buffer;
}

/** One entry point for the certificate endpoint: the content decides the format, not the file name. */
export function loadCertificate(upload: CertificateUpload, options?: CertificateCheckOptions): LoadedCertificate {
  if (looksLikePem(upload.data)) {
    return loadPem({ certificate: upload.data, privateKey: upload.privateKey ?? upload.data, passphrase: upload.password }, options);
  }
  return loadPfx(upload.data, upload.password ?? '', options);
}

function looksLikePem(data: Buffer): boolean {
  return data.subarray(0, 4096).includes('-----BEGIN ');
}
