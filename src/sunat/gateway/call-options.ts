import { RawAnswer } from './results';

export interface CallOptions {
  /** Awaited with SUNAT's answer before it is parsed, so a parser bug can never lose a CDR. */
  onRawAnswer?: (raw: RawAnswer) => void | Promise<void>;
}
