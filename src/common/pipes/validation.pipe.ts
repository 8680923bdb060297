import { ArgumentMetadata, HttpException, HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { MSG } from '../errors/messages';
import { entradaInvalida, revisarEntrada } from './limites-entrada';
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

/** class-validator behind LIMITES_ENTRADA: bodies and queries are bounded before they are transformed. */
class BoundedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const hallazgo = revisarEntrada(value);
      if (hallazgo) throw entradaInvalida(hallazgo);
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new BoundedValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) =>
      new HttpException({ success: false, message: MSG.datosInvalidos, errors: flattenValidationErrors(errors) }, HttpStatus.UNPROCESSABLE_ENTITY),
  });
}
