import { ArgumentMetadata, HttpException, HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { invalidField } from '../errors/http-errors';
import { MSG } from '../errors/messages';
import { entradaInvalida, revisarEntrada } from './limites-entrada';
import { mensajeObligatorio, traducirMensaje } from './mensajes-validacion';

/** Flattens class-validator errors into API.md's {'detalles.0.cantidad': ['...']} map. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) out[path] = mensajesDe(error);
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, path));
  }
  return out;
}

/**
 * A field the body leaves out (or sends as null) gets one message, `<campo> es obligatorio.`, rather than every
 * rule it would have had to meet ('debe ser un texto', 'no debe ser menor que …'); a DTO's own text that already
 * says why it is required ("… es obligatorio cuando …") is kept instead.
 */
function mensajesDe(error: ValidationError): string[] {
  const mensajes = Object.values(error.constraints ?? {}).map(traducirMensaje);
  // Nest drops `value` from errors that have children, so only a leaf with the key set and empty is "absent".
  const ausente = 'value' in error && (error.value === undefined || error.value === null) && !error.children?.length;
  if (!ausente) return mensajes;
  return [mensajes.find((m) => /\bes obligatori[oa]\b/.test(m)) ?? mensajeObligatorio(error.property)];
}

const PRIMITIVOS: unknown[] = [String, Number, Boolean, Array, Object];

/** `@Body() dto: SomeDto` (a class), not `@Body('campo') x: string`. */
const leeUnDto = (metadata: ArgumentMetadata) => !metadata.data && typeof metadata.metatype === 'function' && !PRIMITIVOS.includes(metadata.metatype);

/** class-validator behind LIMITES_ENTRADA: bodies and queries are bounded before they are transformed. */
class BoundedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const hallazgo = revisarEntrada(value);
      if (hallazgo) throw entradaInvalida(hallazgo);
    }
    // A DTO reads an object: a JSON list or bare value would otherwise be validated as one (`El campo 0 …`).
    if (metadata.type === 'body' && leeUnDto(metadata) && value !== undefined && (Array.isArray(value) || typeof value !== 'object')) {
      throw invalidField('body', 'El cuerpo de la solicitud debe ser un objeto JSON.');
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
