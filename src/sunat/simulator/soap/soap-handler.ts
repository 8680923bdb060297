import { IncomingMessage, ServerResponse } from 'node:http';
import { Answer, answerWith } from '../control/apply-control';
import { ControlAction, SimOperation } from '../control/control-actions';
import { CONSULT_STATUS, ConsultStatusCode } from '@/sunat/gateway/consult-status';
import { documentKey, ParsedName, parseName } from '../documents/document-kinds';
import { inspectPack } from '../documents/inspect-pack';
import { inspectZip } from '../documents/inspect-zip';
import { readBody } from '../http-util';
import { DocumentProcessor } from '../processing';
import { SimFault } from '../sim-fault';
import { rucAutenticado } from '../sol-auth';
import { SimulatorState } from '../state';
import { parseSoapRequest, SoapRequest } from './soap-request';
import { getStatusCdrResponse, getStatusResponse, sendBillResponse, sendSummaryResponse, soapFault } from './soap-templates';

const BILL_OPERATIONS: Record<string, SimOperation> = { sendBill: 'sendBill', sendSummary: 'sendSummary', sendPack: 'sendPack', getStatus: 'getStatus' };
/** billConsultService's getStatus (a document's state) is told apart from billService's (a ticket's) as 'consultStatus'. */
const CONSULT_OPERATIONS: Record<string, SimOperation> = { getStatusCdr: 'getStatusCdr', getStatus: 'consultStatus' };

export class SoapHandler {
  constructor(
    private readonly state: SimulatorState,
    private readonly processor: DocumentProcessor,
    private readonly timers: Set<NodeJS.Timeout>,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, service: 'bill' | 'consult'): Promise<void> {
    let request: SoapRequest;
    try {
      request = parseSoapRequest(await readBody(req));
    } catch (error) {
      return answerWith(res, undefined, async () => faultAnswer(error), this.timers);
    }
    const allowed = service === 'bill' ? BILL_OPERATIONS : CONSULT_OPERATIONS;
    const operation = Object.hasOwn(allowed, request.operation) ? allowed[request.operation] : undefined;
    const action = operation ? this.state.control.take(operation) : undefined;
    if (operation) this.state.record(operation, request.fields.fileName ?? request.fields.ticket ?? consultSubject(request.fields));
    await answerWith(
      res,
      action,
      async () => {
        try {
          if (!operation) throw new SimFault('0200', `operación desconocida: ${request.operation}`);
          if (action?.action === 'fault') throw new SimFault(action.code, undefined, action.message);
          const ruc = this.authenticate(request);
          return await this.dispatch(operation, request, ruc, action);
        } catch (error) {
          return faultAnswer(error);
        }
      },
      this.timers,
    );
  }

  /**
   * billConsultService getStatus: the query is checked in SUNAT's order (formats 0004-0007, tipo 0009, serie F 0010,
   * someone else's document 0012), then the registered document's state: 0001 accepted, 0002 rejected, 0003 voided
   * by an accepted RA, 0011 never registered.
   */
  private consultStatus(fields: Record<string, string>, ruc: string): ConsultStatusCode {
    const { rucComprobante: r = '', tipoComprobante: tipo = '', serieComprobante: serie = '', numeroComprobante: numero = '' } = fields;
    if (!/^\d{11}$/.test(r)) return '0004';
    if (!/^\d{2}$/.test(tipo)) return '0005';
    if (!/^[A-Z0-9]{4}$/i.test(serie)) return '0006';
    if (!/^\d{1,8}$/.test(numero) || Number(numero) <= 0) return '0007';
    if (!['01', '07', '08'].includes(tipo)) return '0009';
    if (!/^F/i.test(serie)) return '0010';
    if (r !== ruc) return '0012';
    const document = this.state.documents.get(documentKey({ ruc: r, tipo, serie: serie.toUpperCase(), numero }));
    if (!document) return '0011';
    if (!document.accepted) return '0002';
    return document.voided ? '0003' : '0001';
  }

  /** Any RUC + non-blank user with a non-blank password (sol-auth.ts); 0102 otherwise. */
  private authenticate(request: SoapRequest): string {
    const ruc = rucAutenticado(request.username, request.password);
    if (!ruc) throw new SimFault('0102');
    return ruc;
  }

  private async dispatch(operation: SimOperation, request: SoapRequest, ruc: string, action?: ControlAction): Promise<Answer> {
    const { fields } = request;
    const foreign = action?.action === 'foreign-cdr' ? action : undefined;
    switch (operation) {
      case 'sendBill': {
        const submission = inspectZip(fields.fileName, Buffer.from(fields.contentFile ?? '', 'base64'), 'bill', ruc);
        const cdrZip = await this.processor.bill(submission, action);
        return sendBillResponse(foreign ? this.processor.foreignCdr(submission.parsed, foreign.reference) : cdrZip);
      }
      case 'sendSummary': {
        const submission = inspectZip(fields.fileName, Buffer.from(fields.contentFile ?? '', 'base64'), 'summary', ruc);
        return sendSummaryResponse(await this.processor.summary(submission, action));
      }
      case 'sendPack': {
        const pack = inspectPack(fields.fileName, Buffer.from(fields.contentFile ?? '', 'base64'), ruc);
        return sendSummaryResponse(await this.processor.pack(pack, action), 'sendPackResponse');
      }
      case 'getStatus': {
        const ticket = this.state.tickets.get(fields.ticket ?? '');
        if (!ticket || !/^\d+$/.test(ticket.ticket)) throw new SimFault('0127');
        if (ticket.pollsLeft > 0) {
          ticket.pollsLeft--;
          return getStatusResponse('98');
        }
        // the configured polls are spent: the answer waits for the judgement still running (keeps tests deterministic)
        if (ticket.judging) await ticket.judging;
        const about = foreign ? (parseName(ticket.name) ?? packAsName(ticket.name)) : undefined;
        return getStatusResponse(ticket.finalCode, about ? this.processor.foreignCdr(about, foreign?.reference) : ticket.cdrZip);
      }
      case 'getStatusCdr': {
        if (fields.rucComprobante !== ruc) throw new SimFault('0154');
        const ref = { ruc: fields.rucComprobante, tipo: fields.tipoComprobante, serie: fields.serieComprobante, numero: fields.numeroComprobante };
        const document = this.state.documents.get(documentKey(ref));
        if (!document) return getStatusCdrResponse('0011', 'Comprobante no encontrado o no existe');
        return getStatusCdrResponse('0004', 'La constancia existe', foreign ? this.processor.foreignCdr(ref, foreign.reference) : document.cdrZip);
      }
      case 'consultStatus': {
        const code = this.consultStatus(fields, ruc);
        return getStatusResponse(code, undefined, CONSULT_STATUS[code]);
      }
      default:
        throw new SimFault('0200', `operación no soportada: ${operation}`);
    }
  }
}

/** 'RUC-tipo-serie-número' of a billConsultService request, for the request log. */
function consultSubject(fields: Record<string, string>): string | undefined {
  return fields.rucComprobante ? `${fields.rucComprobante}-${fields.tipoComprobante}-${fields.serieComprobante}-${fields.numeroComprobante}` : undefined;
}

/** A pack's ticket name (RUC-LT-date-n) as the parts foreignCdr needs. */
function packAsName(name: string): ParsedName {
  const [ruc, , serie, numero] = name.split('-');
  return { name, ruc, tipo: 'LT', serie, numero };
}

function faultAnswer(error: unknown): Answer {
  if (error instanceof SimFault) return soapFault(error.code, error.message);
  return soapFault('0100', `El sistema no puede responder su solicitud: ${(error as Error).message}`);
}
