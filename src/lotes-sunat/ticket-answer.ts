import type { TicketStatusResult } from '@/sunat/gateway/results';

export const EN_PROCESO = 'En proceso. Intente nuevamente en unos segundos.';

/** SPEC.md's ticket query answer (shared by the daily summary and the voiding communication). */
export type TicketAnswer =
  | { success: true; codigo: string; mensaje: string; notas: string[] }
  | { success: true; codigo: '98'; mensaje: string; en_proceso: true }
  | { success: false; codigo: string; message: string; notas?: string[] };

/** 'transitorio': SUNAT answered with one of its own exceptions, not about the batch: it stays open and is asked again. */
export type FinalOutcome = 'aceptado' | 'rechazado' | 'en_proceso' | 'transitorio' | 'sin_respuesta';

/**
 * SUNAT's exceptions 0100-0199 on a ticket query (its systems unavailable 0100-0109, 0130-0138, a ticket it does
 * not know yet 0127, ...) say nothing final about the batch; the rejection ranges (and 99 with its CDR) do.
 */
export function isTransientTicketException(code: string): boolean {
  return /^01\d\d$/.test(code.padStart(4, '0'));
}

export function outcomeOf(result: TicketStatusResult): FinalOutcome {
  if (result.kind === 'in-process') return 'en_proceso';
  if (result.kind === 'accepted') return 'aceptado';
  if (result.kind === 'exception' && isTransientTicketException(result.code)) return 'transitorio';
  if (result.kind === 'rejected' || result.kind === 'exception') return 'rechazado';
  return 'sin_respuesta';
}

/** SUNAT's notes on the CDR ('codigo - mensaje'): what the answer and the batch call `notas` (not credit/debit notes). */
export function observacionesCdr(result: TicketStatusResult): string[] {
  return 'notes' in result && Array.isArray(result.notes) ? result.notes.map((n) => (n.code ? `${n.code} - ${n.message}` : n.message)) : [];
}

export function toTicketAnswer(result: TicketStatusResult): TicketAnswer {
  switch (result.kind) {
    case 'in-process':
      return { success: true, codigo: '98', mensaje: EN_PROCESO, en_proceso: true };
    case 'accepted':
      return { success: true, codigo: result.code, mensaje: result.message, notas: observacionesCdr(result) };
    case 'rejected':
      return { success: false, codigo: result.code, message: result.message || 'Error desconocido', notas: observacionesCdr(result) };
    case 'exception':
    case 'needs-reconciliation':
      return { success: false, codigo: result.code, message: result.message || 'Error desconocido' };
    default:
      throw new Error(`respuesta de SUNAT sin resultado (${result.kind})`);
  }
}
