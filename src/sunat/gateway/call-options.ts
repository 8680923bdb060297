import type { SentDocument } from '@/sunat/cdr/cdr-reader';
import { RawAnswer } from './results';

export interface CallOptions {
  /** Awaited with SUNAT's answer before it is parsed, so a parser bug can never lose a CDR. */
  onRawAnswer?: (raw: RawAnswer) => void | Promise<void>;
  /**
   * The documents (serie-número, or the RC/RA id) a CDR in the answer must be about: a CDR about anything else is
   * treated as no answer (unknown, reason 'foreign-cdr'). sendBill and getStatusCdr know it from the call; ticket
   * queries (getStatus, getGuideStatus) check only when it is given.
   */
  expect?: string[];
  /**
   * What was sent (its hash, its customer): a CDR that names the right document but repeats another hash or customer
   * is not about what was sent either ('foreign-cdr'). sendBill, getStatusCdr and ticket queries check it when given.
   */
  sent?: SentDocument;
}
