import type { SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';

/**
 * Transport options from the company's URL, built field by field: nothing of the URL but scheme, host, port, user
 * and password reaches nodemailer (no logging or proxy options), and attachments may not read files or URLs.
 */
export function opcionesSmtp(url: string, timeoutMs: number): SMTPTransportOptions {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  const user = decodeURIComponent(u.username);
  return {
    host: u.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(u.password) } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    logger: false,
    debug: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

interface ErrorSmtp {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** SMTP's verdict on a failed send: a permanent refusal is recorded and never retried; anything else may pass later. */
export interface FalloSmtp {
  permanente: boolean;
  detalle: string;
}

/** Errors of the configuration, which sending again cannot change. */
const CODIGOS_PERMANENTES = new Set(['ENOAUTH', 'ECONFIG', 'EFILEACCESS', 'EURLACCESS']);

/**
 * RFC 5321: 5yz replies are permanent (550 mailbox unavailable, 535 authentication refused, 554 rejected), 4yz
 * transient (421, 450, 451, 452); 503 (bad sequence) is the session's fault and passes on a new connection. No reply
 * at all (connection refused or dropped, timeout, DNS, TLS) is transient.
 */
export function clasificarErrorSmtp(error: unknown): FalloSmtp {
  const e = (error ?? {}) as ErrorSmtp;
  const detalle = (e.response ?? e.message ?? String(error)).trim();
  if (typeof e.responseCode === 'number') return { permanente: e.responseCode >= 500 && e.responseCode !== 503, detalle };
  return { permanente: !!e.code && CODIGOS_PERMANENTES.has(e.code), detalle };
}

/** A text that may quote the URL (an error message) without the URL, its user or its password. */
export function sinCredenciales(texto: string, url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return texto.split(url).join('[oculto]');
  }
  const secretos = [url, u.password, safeDecode(u.password), u.username, safeDecode(u.username)].filter((s) => s.length >= 3);
  return secretos.sort((a, b) => b.length - a.length).reduce((t, s) => t.split(s).join('[oculto]'), texto);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
