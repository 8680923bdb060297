import { cdrMismatch, cdrRefersTo, readCdrZip, SentDocument } from '@/sunat/cdr/cdr-reader';
import { isAlreadyRegistered } from '@/sunat/codes/return-codes';
import { BillResult, ExceptionResult, NeedsReconciliationResult, RawAnswer, UnknownResult } from './results';

export function refusal(code: string, message: string, source: ExceptionResult['source'], raw?: RawAnswer): ExceptionResult | NeedsReconciliationResult {
  if (isAlreadyRegistered(code)) return { kind: 'needs-reconciliation', code, message, raw };
  return { kind: 'exception', code, message, source, raw };
}

/**
 * A CDR zip as a send result; an unreadable CDR keeps the raw answer and reports an unknown outcome. With
 * `expected` (serie-número or summary ids), a CDR about other documents is no answer either: unknown
 * 'foreign-cdr', so the caller reconciles (getStatusCdr, or asks the ticket again) instead of taking it; so is one
 * whose hash or customer contradicts `sent` (another company's document with the same serie-número, in beta).
 */
export function billResultFromCdr(cdrZip: Buffer, raw: RawAnswer, expected?: string[], sent?: SentDocument): BillResult {
  let cdr;
  try {
    cdr = readCdrZip(cdrZip).cdr;
  } catch (error) {
    return unreadable(`CDR ilegible: ${(error as Error).message}`, raw);
  }
  if (expected?.length && !cdrRefersTo(cdr, expected)) {
    const about = cdr.responses.map((r) => r.documentId ?? r.referenceId ?? '?').join(', ') || '(ninguno)';
    return { kind: 'unknown', reason: 'foreign-cdr', message: `El CDR recibido es de otro comprobante (${about}), se esperaba ${expected.join(', ')}`, raw };
  }
  const mismatch = sent ? cdrMismatch(cdr, sent) : undefined;
  if (mismatch) {
    const about = cdr.responses[0]?.documentId ?? cdr.responses[0]?.referenceId ?? '?';
    return { kind: 'unknown', reason: 'foreign-cdr', message: `El CDR recibido es de otro comprobante ${about} (${mismatch})`, raw };
  }
  const common = { code: cdr.responseCode, message: cdr.description, notes: cdr.notes, cdrZip, cdr, raw };
  switch (cdr.outcome) {
    case 'accepted':
    case 'accepted-with-observations':
      return { kind: 'accepted', ...common };
    case 'rejected':
      return { kind: 'rejected', ...common };
    case 'exception':
      return refusal(cdr.responseCode, cdr.description, 'cdr', raw);
  }
}

export function unreadable(message: string, raw: RawAnswer): UnknownResult {
  if (!raw.body.trim()) return { kind: 'unknown', reason: 'empty-answer', message: `SUNAT respondió vacío (HTTP ${raw.httpStatus})`, raw };
  if (raw.httpStatus >= 300) return { kind: 'unknown', reason: 'http-error', message: `SUNAT respondió HTTP ${raw.httpStatus}: ${message}`, raw };
  return { kind: 'unknown', reason: 'unreadable-answer', message, raw };
}
