import { CallOptions } from '../call-options';
import { HttpTransport } from '../http/transport';
import { hostOf, SunatLogger } from '../logger';
import { unreadable } from '../outcomes';
import { FailureResult, RawAnswer, SunatOperation } from '../results';
import { parseSoapResponse, SoapAnswer } from './soap-response';

export interface SoapReply {
  answer: SoapAnswer;
  raw: RawAnswer;
}

export class SoapCaller {
  constructor(
    private readonly transport: HttpTransport,
    private readonly logger: SunatLogger,
  ) {}

  /** One SOAP round trip; anything that is not a readable SOAP answer becomes a failure result. */
  async call(operation: SunatOperation, url: string, envelope: string, subject: string, options: CallOptions = {}): Promise<SoapReply | FailureResult> {
    const started = Date.now();
    const meta = { operation, host: hostOf(url), subject };
    const outcome = await this.transport.request({
      method: 'POST',
      url,
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"urn:${operation === 'consultStatus' ? 'getStatus' : operation}"` },
      body: envelope,
    });
    if (!outcome.ok) {
      this.logger.warn('SUNAT sin respuesta', { ...meta, sent: outcome.sent, error: outcome.message, ms: Date.now() - started });
      if (!outcome.sent) return { kind: 'not-sent', message: `No se pudo conectar con SUNAT: ${outcome.message}` };
      return { kind: 'unknown', reason: outcome.reason, message: `Sin respuesta de SUNAT: ${outcome.message}` };
    }
    const raw: RawAnswer = {
      operation,
      httpStatus: outcome.status,
      contentType: outcome.contentType,
      body: outcome.body,
      receivedAt: new Date(),
    };
    await options.onRawAnswer?.(raw);
    let answer: SoapAnswer;
    try {
      answer = parseSoapResponse(outcome.body);
    } catch (error) {
      this.logger.warn('Respuesta SUNAT ilegible', { ...meta, status: outcome.status, ms: Date.now() - started });
      return unreadable((error as Error).message, raw);
    }
    this.logger.info('Respuesta SUNAT', {
      ...meta,
      status: outcome.status,
      answer: answer.type,
      code: answer.type === 'fault' ? answer.code : answer.type === 'status' ? answer.statusCode : undefined,
      ms: Date.now() - started,
    });
    return { answer, raw };
  }
}

export function isFailure(value: SoapReply | FailureResult): value is FailureResult {
  return 'kind' in value;
}
