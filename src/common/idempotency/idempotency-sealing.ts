import { createHmac } from 'node:crypto';
import { decryptSecretText, encryptSecret } from '@/sunat/signing/secret-encryption';

/** Whose key it is: a stored answer is read back only by the same company, user and key. */
export interface IdempotencyOwner {
  empresaId: number;
  usuarioId: number;
  clave: string;
}

/**
 * The key that encrypts stored answers, derived from APP_KEY's key (never that key itself, as for download links):
 * an answer may carry a credential (a refreshed token, a signed link), so none is kept in plaintext.
 */
export function idempotencyAnswerKey(secretKey: Buffer): Buffer {
  return createHmac('sha256', secretKey).update('idempotencia-respuestas/v1').digest();
}

/** The row an answer belongs to is authenticated with it: a blob copied to another user's or key's row fails to open. */
const context = (o: IdempotencyOwner) => `idempotencia:${o.empresaId}:${o.usuarioId}:${o.clave}`;

export function sealAnswer(body: unknown, key: Buffer, owner: IdempotencyOwner): string {
  return encryptSecret(JSON.stringify(body ?? null), key, context(owner));
}

/** Throws SecretUnreadableError when APP_KEY changed or the blob is not this row's. */
export function openAnswer(blob: string, key: Buffer, owner: IdempotencyOwner): unknown {
  return JSON.parse(decryptSecretText(blob, key, context(owner)));
}
