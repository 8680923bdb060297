import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SigningError, SigningErrorCode } from './signing-errors';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretUnreadableError extends SigningError {
  constructor() {
    super(SigningErrorCode.SECRET_UNREADABLE, 'No se pudo descifrar el secreto: la clave no corresponde o los datos fueron alterados.');
  }
}

/**
 * AES-256-GCM for private keys, certificate passwords and other secrets at rest.
 * Blob: 'v1:' + base64(iv | tag | ciphertext); the prefix leaves room to rotate the format.
 * `context` (e.g. 'empresa:7:certificado') is authenticated, so a blob copied to another row fails.
 */
export function encryptSecret(plain: string | Buffer, key: Buffer, context = ''): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function decryptSecret(blob: string, key: Buffer, context = ''): Buffer {
  assertKey(key);
  const [version, payload] = blob.split(':', 2);
  if (version !== VERSION || !payload) throw new SecretUnreadableError();
  const raw = Buffer.from(payload, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadableError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SecretUnreadableError();
  }
}

export function decryptSecretText(blob: string, key: Buffer, context = ''): string {
  return decryptSecret(blob, key, context).toString('utf8');
}

// A wrong-sized key is a configuration bug, not bad data: fail loudly instead of deriving something.
function assertKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== 32) {
    throw new TypeError('La clave de cifrado de secretos debe tener 32 bytes.');
  }
}
