import { EstadoCp } from '@/sunat/gateway/validez/validez-codes';
import { documentKey } from '../documents/document-kinds';

/** What SUNAT holds of one document, set by a test instead of what it received: never got it, accepted, voided. */
export type EstadoForzado = 'no_existe' | 'aceptado' | 'anulado';

export interface ValidezOverride {
  estado?: EstadoForzado;
  /** The total SUNAT holds: a query with another `monto` is answered with an observation saying so. */
  monto?: string;
}

const ESTADOS: Record<EstadoForzado, EstadoCp> = { no_existe: '0', aceptado: '1', anulado: '2' };

/** The validity answer's observation when the amount asked about is not the one SUNAT holds. */
export const MONTO_DISTINTO = 'El importe total no coincide con el registrado en SUNAT';

export interface ValidezOverrideRequest extends ValidezOverride {
  ruc: string;
  tipo: string;
  serie: string;
  numero: number;
  /** true forgets the override: the answer comes from what SUNAT received again. */
  olvidar?: boolean;
}

export function parseValidezOverride(input: unknown): ValidezOverrideRequest {
  const value = (input ?? {}) as Record<string, unknown>;
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error('Se espera un objeto JSON');
  if (typeof value.ruc !== 'string' || !/^\d{11}$/.test(value.ruc)) throw new Error('ruc de 11 dígitos requerido');
  if (typeof value.tipo !== 'string' || !/^\d{2}$/.test(value.tipo)) throw new Error('tipo de 2 dígitos requerido');
  if (typeof value.serie !== 'string' || !/^[A-Z0-9]{4}$/i.test(value.serie)) throw new Error('serie de 4 caracteres requerida');
  const numero = Number(value.numero);
  if (!Number.isInteger(numero) || numero <= 0) throw new Error('numero entero positivo requerido');
  if (value.estado !== undefined && !(String(value.estado) in ESTADOS)) throw new Error(`estado debe ser uno de ${Object.keys(ESTADOS).join(', ')}`);
  if (value.monto !== undefined && (typeof value.monto !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value.monto))) throw new Error('monto como "123.45"');
  if (value.olvidar === undefined && value.estado === undefined && value.monto === undefined) throw new Error('estado, monto u olvidar requerido');
  return {
    ruc: value.ruc,
    tipo: value.tipo,
    serie: value.serie.toUpperCase(),
    numero,
    ...(value.estado !== undefined ? { estado: value.estado as EstadoForzado } : {}),
    ...(value.monto !== undefined ? { monto: value.monto } : {}),
    ...(value.olvidar === true ? { olvidar: true } : {}),
  };
}

/** Per-document differences between what SUNAT received and what its validity service answers. */
export class ValidezOverrides {
  private readonly overrides = new Map<string, ValidezOverride>();

  apply(input: unknown): void {
    const { ruc, tipo, serie, numero, olvidar, estado, monto } = parseValidezOverride(input);
    const key = documentKey({ ruc, tipo, serie, numero: String(numero) });
    if (olvidar) this.overrides.delete(key);
    else this.overrides.set(key, { ...(estado ? { estado } : {}), ...(monto ? { monto } : {}) });
  }

  /** estadoCp forced for this document, when a test set one. */
  estadoCp(key: string): EstadoCp | undefined {
    const estado = this.overrides.get(key)?.estado;
    return estado ? ESTADOS[estado] : undefined;
  }

  /** Observations of a query: the amount asked about differs from the one SUNAT holds. */
  observaciones(key: string, monto: unknown): string[] {
    const held = this.overrides.get(key)?.monto;
    if (held === undefined || monto === undefined || monto === null || monto === '') return [];
    return Number(held) === Number(monto) ? [] : [MONTO_DISTINTO];
  }

  clear(): void {
    this.overrides.clear();
  }

  snapshot() {
    return Object.fromEntries(this.overrides);
  }
}
