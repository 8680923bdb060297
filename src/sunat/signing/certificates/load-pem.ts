import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { CertificateUnreadableError, WrongCertificatePasswordError } from './certificate-errors';
import { assertKdfCost, encryptedPemDer } from './kdf-cost';
import { checkCertificate, type CertificateCheckOptions, type LoadedCertificate } from './loaded-certificate';
import { errorCode, errorMessage } from '@/common/errors/error-detail';

export interface PemInput {
  /** PEM private key (PKCS#1 or PKCS#8, possibly encrypted). May be the same text as `certificate`. */
  privateKey: string | Buffer;
  /** PEM certificate; the first CERTIFICATE block is the signing one. */
  certificate: string | Buffer;
  passphrase?: string;
}

export function loadPem(input: PemInput, options?: CertificateCheckOptions): LoadedCertificate {
  return checkCertificate(readKey(input), readCertificate(input.certificate), options);
}

function readKey({ privateKey, passphrase }: PemInput): KeyObject {
  const text = privateKey.toString();
  const block = /-----BEGIN (?:RSA |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |ENCRYPTED )?PRIVATE KEY-----/.exec(text);
  if (!block) throw new CertificateUnreadableError('no se encontró la clave privada en formato PEM.');
  const encrypted = encryptedPemDer(block[0]);
  if (encrypted) assertKdfCost(encrypted);
  try {
    return createPrivateKey({ key: block[0], format: 'pem', passphrase });
  } catch (error) {
    const code = errorCode(error);
    if (/BAD_DECRYPT|PASSPHRASE|INTERRUPTED_OR_CANCELLED/i.test(code) || /passphrase|decrypt/i.test(errorMessage(error))) {
      throw new WrongCertificatePasswordError();
    }
    throw new CertificateUnreadableError('la clave privada está dañada.');
  }
}

function readCertificate(pem: string | Buffer): X509Certificate {
  const block = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem.toString());
  if (!block) throw new CertificateUnreadableError('no se encontró el certificado en formato PEM.');
  try {
    return new X509Certificate(block[0]);
  } catch {
    throw new CertificateUnreadableError('el certificado está dañado.');
  }
}
