import { CallOptions } from './call-options';
import { SunatContext } from './credentials';
import {
  BillResult,
  CdrNotFoundResult,
  CdrQueryResult,
  DocumentRef,
  DocumentStatusQueryResult,
  TicketSendResult,
  TicketStatusResult,
  ValidityQuery,
  ValidityQueryResult,
} from './results';

export type ReconcileResult = BillResult | CdrNotFoundResult;

/**
 * How the service talks to SUNAT; also the DI token (Nest injects the HTTP implementation, tests may
 * inject a fake). Document names are `{RUC}-{tipo}-{serie}-{numero}` or `{RUC}-RC|RA-{fecha}-{n}`,
 * without extension; zips are the bytes of `{name}.zip`.
 */
export abstract class SunatGateway {
  /** billService sendBill: 01, 03, 07, 08 one by one, answered with a CDR. */
  abstract sendBill(ctx: SunatContext, name: string, zip: Buffer, options?: CallOptions): Promise<BillResult>;

  /** billService sendSummary: RC and RA, answered with a ticket. */
  abstract sendSummary(ctx: SunatContext, name: string, zip: Buffer, options?: CallOptions): Promise<TicketSendResult>;

  /**
   * billService sendPack: a zip `{RUC}-LT-{YYYYMMDD}-{n}.zip` of several documents of one tipo, answered with a ticket
   * whose CDR has a DocumentResponse per document (`cdr.responses`).
   */
  abstract sendPack(ctx: SunatContext, name: string, zip: Buffer, options?: CallOptions): Promise<TicketSendResult>;

  /** billConsultService getStatus: SUNAT's state of an 01/07/08 (F series): 0001 accepted, 0002 rejected, 0003 voided, 0011 not found. */
  abstract getDocumentStatus(ctx: SunatContext, ref: DocumentRef, options?: CallOptions): Promise<DocumentStatusQueryResult>;

  /**
   * The validity check of a CPE (Consulta Integrada, REST, with the API client of `ctx.gre`): estadoCp 0 unknown to
   * SUNAT, 1 accepted, 2 voided. Any tipo (01, 03, 07, 08), boletas included.
   */
  abstract checkValidity(ctx: SunatContext, query: ValidityQuery, options?: CallOptions): Promise<ValidityQueryResult>;

  /** billService getStatus: '98' in process, '0' done, '99' done with errors (CDR in content). */
  abstract getStatus(ctx: SunatContext, ticket: string, options?: CallOptions): Promise<TicketStatusResult>;

  /** billConsultService getStatusCdr: the CDR SUNAT holds for an 01/03/07/08. */
  abstract getStatusCdr(ctx: SunatContext, ref: DocumentRef, options?: CallOptions): Promise<CdrQueryResult>;

  /** GRE REST: send a dispatch guide (09), answered with a ticket. */
  abstract sendGuide(ctx: SunatContext, name: string, zip: Buffer, options?: CallOptions): Promise<TicketSendResult>;

  /** GRE REST: state of a guide ticket. */
  abstract getGuideStatus(ctx: SunatContext, ticket: string, options?: CallOptions): Promise<TicketStatusResult>;

  /**
   * After an unknown or needs-reconciliation outcome of sendBill: ask SUNAT what it holds for that
   * number instead of resending. 'not-found' is the only answer after which a resend is safe.
   */
  abstract reconcileBill(ctx: SunatContext, name: string, options?: CallOptions): Promise<ReconcileResult>;

  /** After an unknown outcome of a ticket query: the stored ticket is simply asked again. */
  reconcileTicket(ctx: SunatContext, ticket: string, channel: 'soap' | 'gre', options?: CallOptions): Promise<TicketStatusResult> {
    return channel === 'gre' ? this.getGuideStatus(ctx, ticket, options) : this.getStatus(ctx, ticket, options);
  }
}
