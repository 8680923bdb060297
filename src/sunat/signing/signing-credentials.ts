import type { KeyObject } from 'node:crypto';

/** What the signer needs: a parsed private key and the certificate it publishes in KeyInfo. */
export interface SigningCredentials {
  /** Parsed once and reused: re-parsing a PEM per document costs more than the signature itself. */
  privateKey: KeyObject;
  /** DER certificate in base64 without line breaks, as written in ds:X509Certificate. */
  certificateDerBase64: string;
}
