import { Cdr, CdrNote } from '@/sunat/cdr/cdr-types';
import type { ConsultState } from './consult-status';
import type { EstadoCp, ValidityState } from './validez/validez-codes';

/** 'consultStatus' is billConsultService's getStatus (a document's state); 'getStatus' is billService's (a ticket). */
/** 'validez' is the CPE validity check (Consulta Integrada, REST), 'validezToken' its OAuth token. */
export type SunatOperation =
  'sendBill' | 'sendSummary' | 'sendPack' | 'getStatus' | 'getStatusCdr' | 'consultStatus' | 'greToken' | 'greSend' | 'greStatus' | 'validezToken' | 'validez';

/** SUNAT's answer exactly as received, so a caller can store it before anything parses it. */
export interface RawAnswer {
  operation: SunatOperation;
  httpStatus: number;
  contentType?: string;
  body: string;
  receivedAt: Date;
}

export interface CdrPayload {
  cdrZip: Buffer;
  cdr: Cdr;
}

export interface AcceptedResult extends CdrPayload {
  kind: 'accepted';
  code: string;
  message: string;
  notes: CdrNote[];
  raw: RawAnswer;
}

/** A CDR that rejects: the series-number is spent, never re-sign or renumber it. */
export interface RejectedResult extends CdrPayload {
  kind: 'rejected';
  code: string;
  message: string;
  notes: CdrNote[];
  raw: RawAnswer;
}

/** SUNAT refused without registering (0100-1999, auth, validation): the number is not consumed. */
export interface ExceptionResult {
  kind: 'exception';
  code: string;
  message: string;
  source: 'soap-fault' | 'cdr' | 'gre' | 'oauth' | 'validez';
  raw?: RawAnswer;
}

/** SUNAT says it already has this document or file: find out what it holds instead of resending. */
export interface NeedsReconciliationResult {
  kind: 'needs-reconciliation';
  code: string;
  message: string;
  raw?: RawAnswer;
}

/** The request left and no usable answer came back: it may or may not be registered. */
export interface UnknownResult {
  kind: 'unknown';
  /** 'foreign-cdr': a CDR came back about another document than the one asked about (never taken as the answer). */
  reason: 'timeout' | 'connection-reset' | 'empty-answer' | 'http-error' | 'unreadable-answer' | 'foreign-cdr';
  message: string;
  raw?: RawAnswer;
}

/** The request never left this machine (connection refused, DNS): safe to send again. */
export interface NotSentResult {
  kind: 'not-sent';
  message: string;
}

export type FailureResult = ExceptionResult | NeedsReconciliationResult | UnknownResult | NotSentResult;

export type BillResult = AcceptedResult | RejectedResult | FailureResult;

export interface TicketIssuedResult {
  kind: 'ticket';
  ticket: string;
  raw: RawAnswer;
}

export type TicketSendResult = TicketIssuedResult | FailureResult;

export interface InProcessResult {
  kind: 'in-process';
  code: '98';
  raw: RawAnswer;
}

/** Final ticket answers carry the CDR when SUNAT generated one (a GRE 99 may come without). */
export type TicketAcceptedResult = Omit<AcceptedResult, keyof CdrPayload> & Partial<CdrPayload>;
export type TicketRejectedResult = Omit<RejectedResult, keyof CdrPayload> & Partial<CdrPayload>;

export type TicketStatusResult = InProcessResult | TicketAcceptedResult | TicketRejectedResult | FailureResult;

export interface CdrNotFoundResult {
  kind: 'not-found';
  code: string;
  message: string;
  raw: RawAnswer;
}

/** getStatusCdr: the stored CDR as an accepted/rejected result, or SUNAT has nothing for that number. */
export type CdrQueryResult = AcceptedResult | RejectedResult | CdrNotFoundResult | FailureResult;

/** billConsultService getStatus: SUNAT's state of a document (see consult-status.ts for the codes). */
export interface DocumentStatusResult {
  kind: 'status';
  /** 0001 accepted, 0002 rejected, 0003 voided, 0011 not found, others a refused query. */
  code: string;
  message: string;
  state: ConsultState;
  raw: RawAnswer;
}

export type DocumentStatusQueryResult = DocumentStatusResult | FailureResult;

/** The validity check's answer about one document (see validez/validez-codes.ts). */
export interface ValidityResult {
  kind: 'validity';
  estadoCp: EstadoCp;
  state: ValidityState;
  message: string;
  /** SUNAT's remarks on the query (e.g. the amount asked about is not the one it holds). */
  observaciones: string[];
  raw: RawAnswer;
}

export type ValidityQueryResult = ValidityResult | FailureResult;

/** What the validity check asks about a document: its issue date (YYYY-MM-DD) and, optionally, its total. */
export interface ValidityQuery extends DocumentRef {
  fechaEmision: string;
  monto?: string;
}

export interface DocumentRef {
  ruc: string;
  tipo: string;
  serie: string;
  numero: number;
}

/** True only for the outcomes after which SUNAT's state for the document is known. */
export function isDefinitive(result: { kind: string }): boolean {
  return result.kind === 'accepted' || result.kind === 'rejected';
}
