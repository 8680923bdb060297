import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks' prefix of a symmetric secret; what follows is the key in base64. */
export const PREFIJO_SECRETO = 'whsec_';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64. */
export function nuevoSecreto(): string {
  return PREFIJO_SECRETO + randomBytes(32).toString('base64');
}

/**
 * Standard Webhooks' `webhook-signature` value: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` keyed with
 * the secret's bytes (the base64 after `whsec_`). `timestamp` is in seconds since the epoch.
 */
export function firmar(secreto: string, id: string, timestamp: number, cuerpo: string): string {
  const clave = Buffer.from(secreto.startsWith(PREFIJO_SECRETO) ? secreto.slice(PREFIJO_SECRETO.length) : secreto, 'base64');
  return `v1,${createHmac('sha256', clave).update(`${id}.${timestamp}.${cuerpo}`).digest('base64')}`;
}

/** The three headers of a delivery. */
export function cabecerasFirmadas(secreto: string, id: string, timestamp: number, cuerpo: string): Record<string, string> {
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': firmar(secreto, id, timestamp, cuerpo) };
}
