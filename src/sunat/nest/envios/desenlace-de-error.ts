import { DomainError } from '@/common/errors/domain-error';
import { Desenlace } from './envio-tipos';

/**
 * What an exception thrown by a kind's send means for its queued document: SUNAT unreachable (502) is a transient
 * failure of the service; every send slot busy, storage unavailable or a database hiccup is "try again later" without
 * blaming SUNAT; any other HTTP refusal is final for the automatic send (the document keeps its state and its enviar
 * endpoint says why).
 */
export function desenlaceDeError(error: unknown): Desenlace {
  const message = mensajeDe(error);
  if (error instanceof DomainError) {
    if (error.code === 'SUNAT_UNAVAILABLE') return { kind: 'transitorio', error: message };
    if (error.code === 'SUNAT_SENDS_BUSY' || error.code === 'STORAGE_UNAVAILABLE' || error.code === 'SUNAT_RULES_BUSY')
      return { kind: 'ocupado', error: message };
    return { kind: 'fallido', error: message };
  }
  const status = estadoHttpDe(error);
  if (status !== null) {
    if (status === 502 || status === 504) return { kind: 'transitorio', error: message };
    if (status === 503 || status === 429) return { kind: 'ocupado', error: message };
    return { kind: 'fallido', error: message };
  }
  return { kind: 'ocupado', error: message };
}

/**
 * The status of an HTTP exception a module threw (Nest's HttpException, read by shape: sunat/ never imports HTTP
 * errors), or null for anything else.
 */
export function estadoHttpDe(error: unknown): number | null {
  const getStatus = (error as { getStatus?: unknown } | null)?.getStatus;
  return typeof getStatus === 'function' ? Number(getStatus.call(error)) : null;
}

/** The envelope's message of an HTTP exception, or the error's own. */
export function mensajeDe(error: unknown): string {
  const getResponse = (error as { getResponse?: unknown } | null)?.getResponse;
  if (typeof getResponse === 'function') {
    const body: unknown = getResponse.call(error);
    if (body && typeof body === 'object' && 'message' in body) return String((body as { message: unknown }).message);
  }
  return error instanceof Error ? error.message : String(error);
}
