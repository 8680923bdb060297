/**
 * What the gateway logs: operation, host, file name or ticket, HTTP status, code, outcome, duration.
 * Never credentials, tokens or document bodies: callers may pass any structured logger (pino, Nest).
 */
export interface SunatLogger {
  info(message: string, meta: Record<string, unknown>): void;
  warn(message: string, meta: Record<string, unknown>): void;
}

export const silentLogger: SunatLogger = { info: () => undefined, warn: () => undefined };

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'url-invalida';
  }
}
