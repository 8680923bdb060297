import { SigningError, SigningErrorCode } from '../signing-errors';
import { limaDate } from './lima-date';

export class CertificateUnreadableError extends SigningError {
  constructor(detail?: string) {
    super(SigningErrorCode.CERTIFICATE_UNREADABLE, detail ? `No se pudo leer el certificado: ${detail}` : 'No se pudo leer el certificado.');
  }
}

export class WrongCertificatePasswordError extends SigningError {
  constructor() {
    super(SigningErrorCode.WRONG_PASSWORD, 'La contraseña del certificado es incorrecta.');
  }
}

export class CertificateExpiredError extends SigningError {
  constructor(readonly validTo: Date) {
    super(SigningErrorCode.CERTIFICATE_EXPIRED, `El certificado venció el ${limaDate(validTo)}.`);
  }
}

export class CertificateNotYetValidError extends SigningError {
  constructor(readonly validFrom: Date) {
    super(SigningErrorCode.CERTIFICATE_NOT_YET_VALID, `El certificado es válido recién desde el ${limaDate(validFrom)}.`);
  }
}

export class CertificateKeyMismatchError extends SigningError {
  constructor() {
    super(SigningErrorCode.KEY_MISMATCH, 'La clave privada no corresponde al certificado.');
  }
}

export class UnsupportedCertificateKeyError extends SigningError {
  constructor(keyType: string | undefined) {
    super(SigningErrorCode.UNSUPPORTED_KEY, `SUNAT exige una clave RSA; el certificado tiene una clave ${keyType ?? 'desconocida'}.`);
  }
}
