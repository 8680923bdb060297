import { registerDecorator, ValidationOptions } from 'class-validator';

/** Longest SMTP URL a company may store (host, port and URL-encoded user and password fit with room to spare). */
export const SMTP_URL_MAX = 500;

/**
 * smtp://[user[:password]@]host[:port] or smtps://…: nothing after the host but an optional '/', no query (nodemailer
 * would read transport options from it, logging ones included) and no fragment. User and password are
 * percent-encoded as in any URL.
 */
export function isSmtpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return false;
  if (!url.hostname || (url.pathname !== '' && url.pathname !== '/') || url.search || url.hash) return false;
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    return false;
  }
  return true;
}

export function IsSmtpUrl(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isSmtpUrl',
      target: object.constructor,
      propertyName,
      options: { message: `${propertyName} debe ser una URL smtp:// o smtps:// (usuario:clave@servidor:puerto), sin ruta ni parámetros`, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && isSmtpUrl(value) },
    });
}
