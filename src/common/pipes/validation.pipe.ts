import { HttpException, HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { MSG } from '../errors/messages';
import { traducirMensaje } from './mensajes-validacion';

/** Flattens class-validator errors into API.md's {'detalles.0.cantidad': ['...']} map. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) out[path] = Object.values(error.constraints).map(traducirMensaje);
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, path));
  }
  return out;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) =>
      new HttpException(
        { success: false, message: MSG.datosInvalidos, errors: flattenValidationErrors(errors) },
        HttpStatus.UNPROCESSABLE_ENTITY,
      ),
  });
}
