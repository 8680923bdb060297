import { X509Certificate, type KeyObject } from 'node:crypto';
import type { SigningCredentials } from '../signing-credentials';
import { CertificateExpiredError, CertificateKeyMismatchError, CertificateNotYetValidError, UnsupportedCertificateKeyError } from './certificate-errors';

/** What the certificate endpoint shows to the user. */
export interface CertificateInfo {
  /** Subject as one line, e.g. 'CN=20000000001, O=EMPRESA S.A.C., C=PE'. */
  subject: string;
  /** Issuer, same format. */
  emisor: string;
  valido_desde: Date;
  valido_hasta: Date;
  serialNumber: string;
  /** SHA-256 fingerprint (hex, colon-separated); changes whenever the certificate is replaced. */
  fingerprint256: string;
}

/** A checked key and certificate pair; usable directly as SigningCredentials. */
export interface LoadedCertificate extends SigningCredentials {
  certificate: X509Certificate;
  info: CertificateInfo;
}

export interface CertificateCheckOptions {
  /** Instant used for the validity check; defaults to now. */
  now?: Date;
  /** Skip the validity check (e.g. to show details of an expired certificate). */
  allowExpired?: boolean;
}

/** Checks that the pair can sign for SUNAT: RSA key, matching certificate, within its validity. */
export function checkCertificate(privateKey: KeyObject, certificate: X509Certificate, options: CertificateCheckOptions = {}): LoadedCertificate {
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new UnsupportedCertificateKeyError(privateKey.asymmetricKeyType);
  }
  if (!certificate.checkPrivateKey(privateKey)) throw new CertificateKeyMismatchError();

  const info = certificateInfo(certificate);
  if (!options.allowExpired) {
    const now = options.now ?? new Date();
    if (now > info.valido_hasta) throw new CertificateExpiredError(info.valido_hasta);
    if (now < info.valido_desde) throw new CertificateNotYetValidError(info.valido_desde);
  }
  return { privateKey, certificate, certificateDerBase64: certificate.raw.toString('base64'), info };
}

export function certificateInfo(certificate: X509Certificate): CertificateInfo {
  return {
    subject: oneLine(certificate.subject),
    emisor: oneLine(certificate.issuer),
    valido_desde: new Date(certificate.validFrom),
    valido_hasta: new Date(certificate.validTo),
    serialNumber: certificate.serialNumber,
    fingerprint256: certificate.fingerprint256,
  };
}

// node:crypto separates RDNs with newlines; a single line reads better in JSON and logs.
function oneLine(name: string): string {
  return name.split('\n').filter(Boolean).join(', ');
}
