import { createHmac } from 'node:crypto';

/**
 * The signing key of download links, derived from APP_KEY's key so that it is never the key that
 * encrypts secrets at rest: knowing one tells nothing about the other, and rotating APP_KEY voids links.
 */
export function enlaceSigningKey(secretKey: Buffer): Buffer {
  return createHmac('sha256', secretKey).update('enlaces-descarga/v1').digest();
}
