import { ControlQueue, SimOperation } from './control/control-actions';
import { Outage } from './control/outage';
import { ValidezOverrides } from './control/validez-override';

export interface RegisteredDocument {
  name: string;
  sha256: string;
  accepted: boolean;
  cdrZip: Buffer;
  /** The CDR's ResponseCode and Description (what a sendPack CDR repeats for a document sent before). */
  code?: string;
  description?: string;
  /** cbc:IssueDate, compared with the ReferenceDate of an RA that voids it. */
  issueDate?: string;
  /** Voided by an accepted RA. */
  voided?: boolean;
}

export interface Ticket {
  ticket: string;
  name: string;
  pollsLeft: number;
  /** '0' or '99' once polls run out; the CDR comes with both. */
  finalCode: '0' | '99';
  cdrZip: Buffer;
  /** sendSummary: set while the file is being judged (finalCode and cdrZip are filled when it ends). */
  judging?: Promise<void>;
  /** GRE 99: the error SUNAT reports beside the CDR. */
  error?: { numError: string; desError: string };
}

/**
 * A document reported in RC files (boletas and their notes): every file received that carried it, and its state
 * once an RC carrying it was accepted (line status '3' voids it). What the validity service answers for it.
 */
export interface SummarizedDocument {
  /** documentKey (RUC-tipo-serie-número). */
  key: string;
  /** RC file names received with a line for it, in the order they came (a file presented twice counts once). */
  summaries: string[];
  state?: 'accepted' | 'voided';
  /** The RC's ReferenceDate (the boletas' issue date). */
  issueDate?: string;
}

export interface RequestLogEntry {
  operation: SimOperation;
  subject?: string;
  at: string;
}

/** Everything the simulator remembers; in memory only, cleared by /__control/reset. */
export class SimulatorState {
  readonly documents = new Map<string, RegisteredDocument>();
  /** RC/RA file names already presented. */
  readonly summaries = new Set<string>();
  /** Boletas and notes reported through RC files, by documentKey. */
  readonly summarized = new Map<string, SummarizedDocument>();
  readonly tickets = new Map<string, Ticket>();
  /** Certificate (PEM) communicated to SUNAT per production RUC: documents signed with another get 2325. */
  readonly certificates = new Map<string, string>();
  readonly tokens = new Map<string, { expiresAt: number; username: string }>();
  readonly requests: RequestLogEntry[] = [];
  readonly control = new ControlQueue();
  /** Services switched down by POST /__control/outage. */
  readonly outage = new Outage();
  /** What the validity service answers instead of what SUNAT received, per document (POST /__control/validez). */
  readonly validez = new ValidezOverrides();
  /** SUNAT requests being answered now (a delayed answer counts until it is sent), and the most at once since the last reset. */
  inFlight = 0;
  maxInFlight = 0;
  private sequence = 0;

  /** A SUNAT request arrived; the returned function marks it answered (or its connection gone). */
  begin(): () => void {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight--;
    };
  }

  record(operation: SimOperation, subject?: string): void {
    this.requests.push({ operation, subject, at: new Date().toISOString() });
  }

  /** SUNAT's SOAP tickets look like epoch milliseconds; a counter keeps them unique within a run. */
  nextSoapTicket(): string {
    return String(Date.now() * 10 + (this.sequence++ % 10));
  }

  reset(): void {
    this.documents.clear();
    this.summaries.clear();
    this.summarized.clear();
    this.tickets.clear();
    this.tokens.clear();
    this.requests.length = 0;
    this.control.clear();
    this.outage.clear();
    this.validez.clear();
    this.maxInFlight = this.inFlight;
  }

  snapshot() {
    return {
      documents: [...this.documents.values()].map(({ name, accepted, sha256, voided }) => ({ name, accepted, sha256, ...(voided ? { voided } : {}) })),
      certificates: [...this.certificates.keys()],
      summaries: [...this.summaries],
      summarized: [...this.summarized.values()].map(({ key, summaries, state }) => ({ key, summaries, ...(state ? { state } : {}) })),
      tickets: [...this.tickets.values()].map(({ ticket, name, pollsLeft, finalCode, judging }) => ({
        ticket,
        name,
        pollsLeft,
        finalCode: judging ? '98' : finalCode,
      })),
      tokens: this.tokens.size,
      requests: this.requests,
      inFlight: this.inFlight,
      maxInFlight: this.maxInFlight,
      pendingControl: this.control.pending(),
      outage: this.outage.snapshot(),
      validez: this.validez.snapshot(),
    };
  }
}
