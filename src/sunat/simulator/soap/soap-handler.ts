import { IncomingMessage, ServerResponse } from 'node:http';
import { Answer, answerWith } from '../control/apply-control';
import { ControlAction, SimOperation } from '../control/control-actions';
import { documentKey } from '../documents/document-kinds';
import { inspectZip } from '../documents/inspect-zip';
import { readBody } from '../http-util';
import { ResolvedOptions } from '../options';
import { DocumentProcessor } from '../processing';
import { SimFault } from '../sim-fault';
import { SimulatorState } from '../state';
import { parseSoapRequest, SoapRequest } from './soap-request';
import { getStatusCdrResponse, getStatusResponse, sendBillResponse, sendSummaryResponse, soapFault } from './soap-templates';

const BILL_OPERATIONS = new Set(['sendBill', 'sendSummary', 'getStatus']);
const CONSULT_OPERATIONS = new Set(['getStatusCdr']);

export class SoapHandler {
  constructor(
    private readonly state: SimulatorState,
    private readonly options: ResolvedOptions,
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
    const operation = allowed.has(request.operation) ? (request.operation as SimOperation) : undefined;
    const action = operation ? this.state.control.take(operation) : undefined;
    if (operation) this.state.record(operation, request.fields.fileName ?? request.fields.ticket);
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

  /** Beta-style SOL check: RUC + the configured user, and the configured password (0102 otherwise). */
  private authenticate(request: SoapRequest): string {
    const match = /^(\d{11})(.+)$/.exec(request.username ?? '');
    if (!match || match[2] !== this.options.solUser || request.password !== this.options.solPassword) {
      throw new SimFault('0102');
    }
    return match[1];
  }

  private async dispatch(operation: SimOperation, request: SoapRequest, ruc: string, action?: ControlAction): Promise<Answer> {
    const { fields } = request;
    switch (operation) {
      case 'sendBill': {
        const submission = inspectZip(fields.fileName, Buffer.from(fields.contentFile ?? '', 'base64'), 'bill', ruc);
        return sendBillResponse(await this.processor.bill(submission, action));
      }
      case 'sendSummary': {
        const submission = inspectZip(fields.fileName, Buffer.from(fields.contentFile ?? '', 'base64'), 'summary', ruc);
        return sendSummaryResponse(await this.processor.summary(submission, action));
      }
      case 'getStatus': {
        const ticket = this.state.tickets.get(fields.ticket ?? '');
        if (!ticket || !/^\d+$/.test(ticket.ticket)) throw new SimFault('0127');
        if (ticket.pollsLeft > 0) {
          ticket.pollsLeft--;
          return getStatusResponse('98');
        }
        return getStatusResponse(ticket.finalCode, ticket.cdrZip);
      }
      case 'getStatusCdr': {
        if (fields.rucComprobante !== ruc) throw new SimFault('0154');
        const document = this.state.documents.get(
          documentKey({ ruc: fields.rucComprobante, tipo: fields.tipoComprobante, serie: fields.serieComprobante, numero: fields.numeroComprobante }),
        );
        if (!document) return getStatusCdrResponse('0011', 'Comprobante no encontrado o no existe');
        return getStatusCdrResponse('0004', 'La constancia existe', document.cdrZip);
      }
      default:
        throw new SimFault('0200', `operación no soportada: ${operation}`);
    }
  }
}

function faultAnswer(error: unknown): Answer {
  if (error instanceof SimFault) return soapFault(error.code, error.message);
  return soapFault('0100', `El sistema no puede responder su solicitud: ${(error as Error).message}`);
}
