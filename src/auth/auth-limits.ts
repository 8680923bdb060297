import type { Request } from 'express';

/**
 * Security settings read by the auth module itself (issue 14). Read from the environment when asked, so a
 * test app built with other values sees them.
 */

/** Absolute lifetime of a refresh chain, counted from the login that started it: SESSION_MAX_HOURS, 168 (7 days). */
export function sessionMaxHours(): number {
  const raw = process.env.SESSION_MAX_HOURS;
  const value = raw === undefined || raw === '' ? 168 : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`SESSION_MAX_HOURS must be a positive number, got '${raw}'`);
  return value;
}

/**
 * TRUST_PROXY unset, empty, 'false' or '0': the service faces clients directly and the client address is
 * the socket's; X-Forwarded-For is ignored. Any other value means a proxy is configured: the address is
 * Express's req.ip, computed with the same TRUST_PROXY value ('trust proxy' setting in app.setup).
 */
export function proxyTrusted(): boolean {
  const raw = (process.env.TRUST_PROXY ?? '').trim().toLowerCase();
  return raw !== '' && raw !== 'false' && raw !== '0';
}

/**
 * The value for Express's 'trust proxy' setting that matches proxyTrusted(): false when no proxy is
 * configured, a hop count for a number ('1'), else the text itself ('loopback', '10.0.0.0/8, 10.1.2.3').
 */
export function trustProxySetting(): boolean | number | string {
  if (!proxyTrusted()) return false;
  const raw = (process.env.TRUST_PROXY ?? '').trim();
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw.toLowerCase() === 'true' ? true : raw;
}

export function clientAddress(req: Request): string {
  const address = proxyTrusted() ? req.ip : req.socket?.remoteAddress;
  return address || 'unknown';
}
