import { ForbiddenException, HttpException, HttpStatus, NotFoundException } from '@nestjs/common';
import { MSG, SEND_MSG } from './messages';

/** 403 with the envelope SPEC.md uses for permissions and for other companies' records. */
export const forbidden = () => new ForbiddenException({ success: false, message: MSG.sinPermiso });

export const notFound = (recurso: string) => new NotFoundException({ success: false, message: MSG.noEncontrado(recurso) });

/** 422 in API.md's validation shape for one field, for rules checked in services. */
export function invalidField(field: string, message: string): HttpException {
  return new HttpException({ success: false, message: MSG.datosInvalidos, errors: { [field]: [message] } }, HttpStatus.UNPROCESSABLE_ENTITY);
}

/** 422 of a business rule that no single field breaks (the project's non-field shape, as batch refusals). */
export function unprocessable(message: string): HttpException {
  return new HttpException({ success: false, message }, HttpStatus.UNPROCESSABLE_ENTITY);
}

export function conflict(message: string): HttpException {
  return new HttpException({ success: false, message }, HttpStatus.CONFLICT);
}

/** Guard for a record read by id: absent is 404, another company's is 403. */
export function assertSameEmpresa<T extends { id_empresa: number }>(row: T | null, empresaId: number, recurso: string): T {
  if (!row) throw notFound(recurso);
  if (row.id_empresa !== empresaId) throw forbidden();
  return row;
}

/** 409 for a send whose XML was never generated (SPEC.md's message). */
export const xmlMissing = () => conflict(SEND_MSG.xmlNoEncontrado);

/** 409 for sending a record SUNAT already accepted. */
export const alreadyAccepted = () => conflict(SEND_MSG.yaAceptado);

/** 502 when SUNAT could not be reached or answered garbage: the record keeps its state for a retry. */
export function sunatUnavailable(detail: string): HttpException {
  return new HttpException({ success: false, message: SEND_MSG.sinComunicacion(detail) }, HttpStatus.BAD_GATEWAY);
}

/** 429 (this client asked too often) or 503 (the service is busy) with a Retry-After header, in seconds. */
export class RetryLaterException extends HttpException {
  constructor(
    status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ success: false, message }, status);
  }
}
