/** Codes let callers map signing problems to HTTP answers without matching on message text. */
export enum SigningErrorCode {
  INVALID_XML = 'INVALID_XML',
  CERTIFICATE_UNREADABLE = 'CERTIFICATE_UNREADABLE',
  WRONG_PASSWORD = 'WRONG_PASSWORD',
  CERTIFICATE_EXPIRED = 'CERTIFICATE_EXPIRED',
  CERTIFICATE_NOT_YET_VALID = 'CERTIFICATE_NOT_YET_VALID',
  KEY_MISMATCH = 'KEY_MISMATCH',
  UNSUPPORTED_KEY = 'UNSUPPORTED_KEY',
  SECRET_UNREADABLE = 'SECRET_UNREADABLE',
}

export class SigningError extends Error {
  constructor(
    readonly code: SigningErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The document handed to the signer does not meet its contract (see xml-signer.ts). */
export class InvalidXmlForSigningError extends SigningError {
  constructor(detail: string) {
    super(SigningErrorCode.INVALID_XML, `El XML no se puede firmar: ${detail}`);
  }
}
