import { CallOptions } from './call-options';
import { SunatContext } from './credentials';
import { parseDocumentName, stripExtension } from './document-name';
import { resolveEndpoints, SunatEndpointsConfig } from './endpoints';
import { GreClient } from './gre/gre-client';
import { GreTokenCache } from './gre/token-cache';
import { DEFAULT_TRANSPORT, HttpTransport, TransportOptions } from './http/transport';
import { silentLogger, SunatLogger } from './logger';
import { documentIdOfName } from '@/sunat/cdr/cdr-reader';
import { normalizeCode } from '@/sunat/codes/return-codes';
import { CONSULT_STATUS, consultState } from './consult-status';
import { billResultFromCdr, refusal, unreadable } from './outcomes';
import {
  BillResult,
  CdrQueryResult,
  DocumentRef,
  DocumentStatusQueryResult,
  FailureResult,
  TicketSendResult,
  TicketStatusResult,
  ValidityQuery,
  ValidityQueryResult,
} from './results';
import { consultStatusEnvelope, getStatusCdrEnvelope, getStatusEnvelope, sendBillEnvelope, sendPackEnvelope, sendSummaryEnvelope } from './soap/envelope';
import { isFailure, SoapCaller, SoapReply } from './soap/soap-caller';
import { ReconcileResult, SunatGateway } from './sunat-gateway';
import { ValidezClient } from './validez/validez-client';

export interface HttpSunatGatewayOptions {
  endpoints?: SunatEndpointsConfig;
  transport?: Partial<TransportOptions>;
  logger?: SunatLogger;
  /** Seconds before SUNAT's expires_in at which a GRE token stops being reused. */
  tokenMarginSeconds?: number;
  now?: () => number;
}

export class HttpSunatGateway extends SunatGateway {
  private readonly soap: SoapCaller;
  private readonly gre: GreClient;
  private readonly validez: ValidezClient;
  private readonly endpointConfig: SunatEndpointsConfig;

  constructor(options: HttpSunatGatewayOptions = {}) {
    super();
    const transport = new HttpTransport({ ...DEFAULT_TRANSPORT, ...options.transport });
    const logger = options.logger ?? silentLogger;
    const now = options.now ?? Date.now;
    this.endpointConfig = options.endpoints ?? {};
    this.soap = new SoapCaller(transport, logger);
    this.gre = new GreClient(transport, new GreTokenCache(now), logger, now, options.tokenMarginSeconds ?? 60);
    this.validez = new ValidezClient(transport, new GreTokenCache(now), logger, now, options.tokenMarginSeconds ?? 60);
  }

  async sendBill(ctx: SunatContext, name: string, zip: Buffer, options?: CallOptions): Promise<BillResult> {
    const doc = stripExtension(name);
    const reply = await this.soap.call('sendBill', this.urls(ctx).billService, sendBillEnvelope(ctx.sol, `${doc}.zip`, zip), doc, options);
    if (isFailure(reply)) return reply;
    const { answer, raw } = reply;
    if (answer.type === 'fault') return refusal(answer.code, answer.message, 'soap-fault', raw);
    // a CDR about another document is no answer: the caller reconciles with getStatusCdr
    if (answer.type === 'applicationResponse') return billResultFromCdr(answer.zip, raw, [documentIdOfName(doc)], options?.sent);
    return unreadable(`Respuesta inesperada a sendBill: ${answer.type}`, raw);
  }

  async sendPack(ctx: SunatContext, name: string, zip: Buffer, options?: CallOptions): Promise<TicketSendResult> {
    const pack = stripExtension(name);
    const reply = await this.soap.call('sendPack', this.urls(ctx).billService, sendPackEnvelope(ctx.sol, `${pack}.zip`, zip), pack, options);
    return ticketIssued(reply, 'sendPack');
  }

  async getDocumentStatus(ctx: SunatContext, ref: DocumentRef, options?: CallOptions): Promise<DocumentStatusQueryResult> {
    const subject = `${ref.ruc}-${ref.tipo}-${ref.serie}-${ref.numero}`;
    const reply = await this.soap.call('consultStatus', this.urls(ctx).consultService, consultStatusEnvelope(ctx.sol, ref), subject, options);
    if (isFailure(reply)) return reply;
    const { answer, raw } = reply;
    if (answer.type === 'fault') return refusal(answer.code, answer.message, 'soap-fault', raw);
    if (answer.type !== 'status') return unreadable(`Respuesta inesperada a getStatus (consulta): ${answer.type}`, raw);
    const code = normalizeCode(answer.statusCode);
    const message = answer.statusMessage ?? (CONSULT_STATUS as Record<string, string>)[code] ?? `Código ${code}`;
    return { kind: 'status', code, message, state: consultState(code), raw };
  }

  async checkValidity(ctx: SunatContext, query: ValidityQuery, options?: CallOptions): Promise<ValidityQueryResult> {
    if (!ctx.gre?.clientId || !ctx.gre.clientSecret) {
      return {
        kind: 'exception',
        code: 'sin-credenciales',
        message: 'Faltan client_id y client_secret de la API SUNAT para la consulta de validez',
        source: 'validez',
      };
    }
    return this.validez.check(this.urls(ctx), ctx.gre, ctx.sol.ruc, query, options);
  }

  async sendSummary(ctx: SunatContext, name: string, zip: Buffer, options?: CallOptions): Promise<TicketSendResult> {
    const doc = stripExtension(name);
    const reply = await this.soap.call('sendSummary', this.urls(ctx).billService, sendSummaryEnvelope(ctx.sol, `${doc}.zip`, zip), doc, options);
    return ticketIssued(reply, 'sendSummary');
  }

  async getStatus(ctx: SunatContext, ticket: string, options?: CallOptions): Promise<TicketStatusResult> {
    const reply = await this.soap.call('getStatus', this.urls(ctx).billService, getStatusEnvelope(ctx.sol, ticket), ticket, options);
    return ticketStatus(reply, options);
  }

  async getStatusCdr(ctx: SunatContext, ref: DocumentRef, options?: CallOptions): Promise<CdrQueryResult> {
    const subject = `${ref.ruc}-${ref.tipo}-${ref.serie}-${ref.numero}`;
    const reply = await this.soap.call('getStatusCdr', this.urls(ctx).consultService, getStatusCdrEnvelope(ctx.sol, ref), subject, options);
    if (isFailure(reply)) return reply;
    const { answer, raw } = reply;
    if (answer.type === 'fault') return refusal(answer.code, answer.message, 'soap-fault', raw);
    if (answer.type !== 'status') return unreadable(`Respuesta inesperada a getStatusCdr: ${answer.type}`, raw);
    if (answer.content && answer.content.length) return billResultFromCdr(answer.content, raw, [`${ref.serie}-${ref.numero}`], options?.sent);
    return { kind: 'not-found', code: answer.statusCode, message: answer.statusMessage ?? 'Sin constancia', raw };
  }

  async reconcileBill(ctx: SunatContext, name: string, options?: CallOptions): Promise<ReconcileResult> {
    const ref = parseDocumentName(name);
    if (!ref) throw new Error(`No se puede conciliar '${name}': no es el nombre de un comprobante`);
    return this.getStatusCdr(ctx, ref, options);
  }

  async sendGuide(ctx: SunatContext, name: string, zip: Buffer, options: CallOptions = {}): Promise<TicketSendResult> {
    return this.gre.send(this.urls(ctx), ctx.sol, requireGre(ctx), stripExtension(name), zip, options);
  }

  async getGuideStatus(ctx: SunatContext, ticket: string, options: CallOptions = {}): Promise<TicketStatusResult> {
    return this.gre.status(this.urls(ctx), ctx.sol, requireGre(ctx), ticket, options);
  }

  private urls(ctx: SunatContext) {
    return resolveEndpoints(ctx.modo, this.endpointConfig);
  }
}

function requireGre(ctx: SunatContext) {
  if (!ctx.gre?.clientId || !ctx.gre.clientSecret) {
    throw new Error('Faltan client_id y client_secret de la API GRE para esta empresa');
  }
  return ctx.gre;
}

function ticketIssued(reply: SoapReply | FailureResult, operation: string): TicketSendResult {
  if (isFailure(reply)) return reply;
  const { answer, raw } = reply;
  if (answer.type === 'fault') return refusal(answer.code, answer.message, 'soap-fault', raw);
  if (answer.type === 'ticket' && answer.ticket) return { kind: 'ticket', ticket: answer.ticket, raw };
  return unreadable(`Respuesta inesperada a ${operation}: ${answer.type}`, raw);
}

function ticketStatus(reply: SoapReply | FailureResult, options?: CallOptions): TicketStatusResult {
  if (isFailure(reply)) return reply;
  const { answer, raw } = reply;
  if (answer.type === 'fault') return refusal(answer.code, answer.message, 'soap-fault', raw);
  if (answer.type !== 'status') return unreadable(`Respuesta inesperada a getStatus: ${answer.type}`, raw);
  const code = answer.statusCode.trim();
  if (code === '98') return { kind: 'in-process', code: '98', raw };
  if (answer.content && answer.content.length) {
    const fromCdr = billResultFromCdr(answer.content, raw, options?.expect, options?.sent);
    if (code === '99' && fromCdr.kind === 'accepted') {
      return { ...fromCdr, kind: 'rejected', code: '99', message: fromCdr.message || 'Procesado con errores' };
    }
    return fromCdr;
  }
  if (code === '0') return { kind: 'accepted', code: '0', message: answer.statusMessage ?? 'Aceptado', notes: [], raw };
  if (code === '99') return { kind: 'rejected', code: '99', message: answer.statusMessage ?? 'Procesado con errores', notes: [], raw };
  return refusal(code, answer.statusMessage ?? 'Error desconocido', 'soap-fault', raw);
}
