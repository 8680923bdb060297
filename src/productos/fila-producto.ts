import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { flattenValidationErrors } from '@/common/pipes/validation.pipe';
import { FilaProductoDto } from './dto/importar.dto';
import { reglasProducto } from './reglas-producto';
import { UNIDAD_SERVICIO } from './stock.service';

/**
 * Validates one import row with the same rules as POST /api/productos (the DTO is the single source),
 * plus the service rule that a 'ZZ' service carries no stock. Returns the typed row and its errors.
 */
export function validarFila(raw: Record<string, unknown>): { fila: FilaProductoDto; errores: Record<string, string[]> } {
  const fila = plainToInstance(FilaProductoDto, raw);
  const errores = flattenValidationErrors(validateSync(fila, { whitelist: true, forbidNonWhitelisted: true }));
  if (typeof fila.unidad === 'string' && fila.unidad === UNIDAD_SERVICIO && Number(fila.stock) > 0) {
    (errores.stock ??= []).push('Los servicios (unidad ZZ) no llevan stock.');
  }
  // Cross-field tax rules of a new product (an update is checked again against the stored product when written).
  if (!Object.keys(errores).length) {
    const reglas = reglasProducto({ tipo_afectacion_igv: fila.tipo_afectacion_igv ?? '10', icbper: fila.icbper ?? false, isc: fila.isc ?? null });
    for (const [campo, mensajes] of Object.entries(reglas)) (errores[campo] ??= []).push(...mensajes);
  }
  return { fila, errores };
}

/** Marks every repeated codigo after its first appearance; keys are list positions. */
export function codigosRepetidos(codigos: unknown[], numeroDeFila: (i: number) => number): Map<number, string> {
  const vistos = new Map<string, number>();
  const repetidos = new Map<number, string>();
  codigos.forEach((codigo, i) => {
    if (typeof codigo !== 'string' || !codigo.trim()) return;
    const key = codigo.trim();
    const primera = vistos.get(key);
    if (primera === undefined) vistos.set(key, i);
    else repetidos.set(i, `El código ${key} ya figura en la fila ${numeroDeFila(primera)}.`);
  });
  return repetidos;
}
