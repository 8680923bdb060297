import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, domainErrorStatus } from '../errors/domain-error';
import { RetryLaterException } from '../errors/http-errors';
import { MSG_FRAMEWORK, respuestaDeFramework, SolicitudVista } from '../errors/mensajes-framework';
import { MSG } from '../errors/messages';
import { esErrorDeBodyParser } from './body-parser-errors';

/**
 * Every error leaves in the envelope {success:false, message, ...}, in Spanish; unknown errors never leak detail.
 * Our own HttpExceptions carry the envelope already; the framework's (no envelope, English text) are translated.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (exception instanceof RetryLaterException) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
      const body = exception.getResponse();
      if (typeof body === 'object' && body !== null && 'success' in body) {
        res.status(status).json(body);
        return;
      }
      if (status === HttpStatus.UNAUTHORIZED || status === HttpStatus.FORBIDDEN) {
        res.status(status).json({ success: false, message: status === HttpStatus.UNAUTHORIZED ? MSG.noAutenticado : MSG.sinPermiso });
        return;
      }
      // Framework-level errors (unknown routes, non-numeric ids, multipart problems): Spanish, and 400s are bad input: 422.
      const answer = respuestaDeFramework(status, errorMessage(body), solicitud(http.getRequest<Request | undefined>()));
      res.status(answer.status).json(answer.body);
      return;
    }
    if (exception instanceof DomainError) {
      // The client gets the Spanish message only; the operator needs the cause (ENOSPC, EACCES, S3's answer...).
      if (exception.cause !== undefined) this.logger.error(`${exception.message} ${describe(exception.cause)}`);
      if (exception.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
      res.status(domainErrorStatus(exception.code)).json({ success: false, message: exception.message, ...exception.details });
      return;
    }
    if (esErrorDeBodyParser(exception)) {
      const { status, body } = cuerpoIlegible(exception.type, exception.status);
      res.status(status).json(body);
      return;
    }
    const fueraDeRango = databaseInputError(exception);
    if (fueraDeRango) {
      // A value the DTOs let through but the column cannot hold: still the client's input, never a 500.
      res.status(HttpStatus.UNPROCESSABLE_ENTITY).json({ success: false, message: MSG.datosInvalidos, errors: { request: [fueraDeRango] } });
      return;
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ success: false, message: MSG.errorInterno });
  }
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as NodeJS.ErrnoException).code;
  return `${cause.name}${code ? ` ${code}` : ''}: ${cause.message}`;
}

function errorMessage(body: string | object): string {
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  return Array.isArray(message) ? message.join(', ') : String(message ?? '');
}

function solicitud(req: Request | undefined): SolicitudVista {
  return { method: req?.method ?? '', path: req?.path ?? '', params: req?.params };
}

/** body-parser's failures by type: a malformed JSON is bad input (422), an oversized body 413, a charset 415. */
function cuerpoIlegible(type: string, status: number): { status: number; body: object } {
  switch (type) {
    case 'entity.too.large':
    case 'parameters.too.many':
      return { status: HttpStatus.PAYLOAD_TOO_LARGE, body: { success: false, message: MSG.cuerpoDemasiadoGrande } };
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return { status: HttpStatus.UNSUPPORTED_MEDIA_TYPE, body: { success: false, message: MSG_FRAMEWORK.codificacionNoAdmitida } };
    case 'entity.parse.failed':
      return { status: HttpStatus.UNPROCESSABLE_ENTITY, body: { success: false, message: MSG.datosInvalidos, errors: { body: [MSG_FRAMEWORK.jsonInvalido] } } };
    default:
      return {
        status: status >= 500 ? status : HttpStatus.UNPROCESSABLE_ENTITY,
        body:
          status >= 500
            ? { success: false, message: MSG.errorInterno }
            : { success: false, message: MSG.datosInvalidos, errors: { body: [MSG_FRAMEWORK.solicitudInvalida] } },
      };
  }
}

/** PostgreSQL's verdict on a value out of its column's range or encoding (SQLSTATE class 22). */
function databaseInputError(e: unknown): string | undefined {
  const code =
    typeof e === 'object' && e !== null
      ? ((e as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (e as { code?: string }).code)
      : undefined;
  if (code === '22003') return 'Un número está fuera del rango admitido.';
  if (code === '22P02' || code === '22021' || code === '22007' || code === '22008') return 'Un valor no tiene el formato admitido.';
  return undefined;
}
