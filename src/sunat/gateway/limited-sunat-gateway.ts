import { CallOptions } from './call-options';
import { SunatContext } from './credentials';
import {
  BillResult,
  CdrQueryResult,
  DocumentRef,
  DocumentStatusQueryResult,
  TicketSendResult,
  TicketStatusResult,
  ValidityQuery,
  ValidityQueryResult,
} from './results';
import { SendLimiter } from './send-limiter';
import { ReconcileResult, SunatGateway } from './sunat-gateway';

/**
 * Every SUNAT call of the process through one SendLimiter: sends, ticket queries and reconciliations alike, from a
 * request or from the background (poller, start-up reconciliation). reconcileTicket is the base class's, which
 * calls the limited getStatus / getGuideStatus.
 */
export class LimitedSunatGateway extends SunatGateway {
  constructor(
    private readonly inner: SunatGateway,
    readonly limiter: SendLimiter,
  ) {
    super();
  }

  sendBill(ctx: SunatContext, name: string, zip: Buffer, options?: CallOptions): Promise<BillResult> {
    return this.limiter.run(() => this.inner.sendBill(ctx, name, zip, options));
  }

  sendSummary(ctx: SunatContext, name: string, zip: Buffer, options?: CallOptions): Promise<TicketSendResult> {
    return this.limiter.run(() => this.inner.sendSummary(ctx, name, zip, options));
  }

  sendPack(ctx: SunatContext, name: string, zip: Buffer, options?: CallOptions): Promise<TicketSendResult> {
    return this.limiter.run(() => this.inner.sendPack(ctx, name, zip, options));
  }

  getDocumentStatus(ctx: SunatContext, ref: DocumentRef, options?: CallOptions): Promise<DocumentStatusQueryResult> {
    return this.limiter.run(() => this.inner.getDocumentStatus(ctx, ref, options));
  }

  checkValidity(ctx: SunatContext, query: ValidityQuery, options?: CallOptions): Promise<ValidityQueryResult> {
    return this.limiter.run(() => this.inner.checkValidity(ctx, query, options));
  }

  getStatus(ctx: SunatContext, ticket: string, options?: CallOptions): Promise<TicketStatusResult> {
    return this.limiter.run(() => this.inner.getStatus(ctx, ticket, options));
  }

  getStatusCdr(ctx: SunatContext, ref: DocumentRef, options?: CallOptions): Promise<CdrQueryResult> {
    return this.limiter.run(() => this.inner.getStatusCdr(ctx, ref, options));
  }

  sendGuide(ctx: SunatContext, name: string, zip: Buffer, options?: CallOptions): Promise<TicketSendResult> {
    return this.limiter.run(() => this.inner.sendGuide(ctx, name, zip, options));
  }

  getGuideStatus(ctx: SunatContext, ticket: string, options?: CallOptions): Promise<TicketStatusResult> {
    return this.limiter.run(() => this.inner.getGuideStatus(ctx, ticket, options));
  }

  reconcileBill(ctx: SunatContext, name: string, options?: CallOptions): Promise<ReconcileResult> {
    return this.limiter.run(() => this.inner.reconcileBill(ctx, name, options));
  }
}
