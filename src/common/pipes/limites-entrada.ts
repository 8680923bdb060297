import { HttpException, HttpStatus } from '@nestjs/common';
import { MSG } from '../errors/messages';

/**
 * Bounds every request body and query before class-transformer and class-validator see them: those
 * walk every element (100,000 ids took 5.7 s before ArrayMaxSize answered) and recurse on every level
 * (10,000 levels of nesting gave a 500). DTOs keep their own, tighter limits.
 */
export const LIMITES_ENTRADA = {
  /** Deepest nesting of objects and arrays a body may have (the deepest DTO uses 3). */
  profundidad: 8,
  /** Longest list (the Excel import takes 5,000 rows; every other DTO caps lower). */
  elementos: 5000,
  /** Longest string (descriptions and observations are at most a few thousand characters). */
  caracteres: 100_000,
} as const;

/** A finding: the field's path as API.md writes it ('detalles.0.cantidad') and the reason. */
type Hallazgo = [campo: string, motivo: string];

export function revisarEntrada(valor: unknown): Hallazgo | undefined {
  return revisar(valor, '', 0);
}

function revisar(valor: unknown, ruta: string, nivel: number): Hallazgo | undefined {
  if (typeof valor === 'string') {
    if (valor.length > LIMITES_ENTRADA.caracteres) return [ruta || 'body', `no debe superar ${LIMITES_ENTRADA.caracteres} caracteres`];
    if (valor.includes('\u0000')) return [ruta || 'body', 'contiene el carácter nulo (\\u0000), que no se admite'];
    return undefined;
  }
  if (typeof valor === 'number') {
    return Number.isFinite(valor) ? undefined : [ruta || 'body', 'debe ser un número finito'];
  }
  if (valor === null || typeof valor !== 'object') return undefined;
  if (nivel >= LIMITES_ENTRADA.profundidad) return [ruta || 'body', `anida más de ${LIMITES_ENTRADA.profundidad} niveles`];
  if (Array.isArray(valor)) {
    if (valor.length > LIMITES_ENTRADA.elementos) return [ruta || 'body', `no debe tener más de ${LIMITES_ENTRADA.elementos} elementos`];
    for (let i = 0; i < valor.length; i++) {
      const hallazgo = revisar(valor[i], ruta ? `${ruta}.${i}` : String(i), nivel + 1);
      if (hallazgo) return hallazgo;
    }
    return undefined;
  }
  for (const [clave, hijo] of Object.entries(valor)) {
    if (clave.includes('\u0000')) return [ruta || 'body', 'contiene el carácter nulo (\\u0000), que no se admite'];
    const hallazgo = revisar(hijo, ruta ? `${ruta}.${clave}` : clave, nivel + 1);
    if (hallazgo) return hallazgo;
  }
  return undefined;
}

/** The 422 of API.md for a request that breaks LIMITES_ENTRADA. */
export function entradaInvalida([campo, motivo]: Hallazgo): HttpException {
  return new HttpException({ success: false, message: MSG.datosInvalidos, errors: { [campo]: [`${campo} ${motivo}.`] } }, HttpStatus.UNPROCESSABLE_ENTITY);
}
