import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, domainErrorStatus } from '../errors/domain-error';
import { RetryLaterException } from '../errors/http-errors';
import { MSG } from '../errors/messages';

/** Every error leaves in the envelope {success:false, message, ...}; unknown errors never leak detail. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof HttpException && exception.getStatus() === HttpStatus.BAD_REQUEST) {
      // Framework-level 400s (malformed JSON, bad multipart, non-numeric ids) are bad input too: 422.
      const message = errorMessage(exception.getResponse());
      res.status(HttpStatus.UNPROCESSABLE_ENTITY).json({ success: false, message: MSG.datosInvalidos, errors: { request: [message] } });
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (exception instanceof RetryLaterException) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
      res.status(status).json(toEnvelope(exception.getResponse(), status));
      return;
    }
    if (exception instanceof DomainError) {
      // The client gets the Spanish message only; the operator needs the cause (ENOSPC, EACCES, S3's answer...).
      if (exception.cause !== undefined) this.logger.error(`${exception.message} ${describe(exception.cause)}`);
      if (exception.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
      res.status(domainErrorStatus(exception.code)).json({ success: false, message: exception.message, ...exception.details });
      return;
    }
    if (isBodyParserError(exception)) {
      res.status(HttpStatus.UNPROCESSABLE_ENTITY).json({ success: false, message: MSG.datosInvalidos, errors: { body: ['JSON mal formado'] } });
      return;
    }
    if (isBodyTooLarge(exception)) {
      res.status(HttpStatus.PAYLOAD_TOO_LARGE).json({ success: false, message: MSG.cuerpoDemasiadoGrande });
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

function toEnvelope(body: string | object, status: number): object {
  if (typeof body === 'object' && body !== null && 'success' in body) return body;
  if (status === HttpStatus.UNAUTHORIZED) return { success: false, message: MSG.noAutenticado };
  if (status === HttpStatus.FORBIDDEN) return { success: false, message: MSG.sinPermiso };
  const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
  return { success: false, message: Array.isArray(message) ? message.join(', ') : String(message ?? 'Error') };
}

function errorMessage(body: string | object): string {
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  return Array.isArray(message) ? message.join(', ') : String(message ?? 'Solicitud inválida');
}

function isBodyTooLarge(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { type?: string }).type === 'entity.too.large';
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

function isBodyParserError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { type?: string }).type === 'entity.parse.failed';
}
