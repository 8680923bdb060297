import catalog from './codigos-retorno.json';

export type CodeClass = 'aceptado' | 'observado' | 'rechazado' | 'excepcion' | 'consulta';

export interface ReturnCode {
  codigo: string;
  descripcion: string;
  /** Class by number range (the catalog's own `tipo` uses other words for the same ranges). */
  tipo: CodeClass;
}

const DESCRIPTIONS = new Map<string, string>(catalog.codes.map((c) => [c.codigo, c.descripcion]));

/** SUNAT codes 1032, 1033, 2223, 0140 and their kin: the document or file already reached SUNAT. */
export const ALREADY_REGISTERED_CODES: ReadonlySet<string> = new Set(catalog.alreadyRegistered);

/** '111', 111 and '0111' are the same code; anything that is not 1-4 digits is returned trimmed. */
export function normalizeCode(code: string | number): string {
  const text = String(code).trim();
  return /^\d{1,4}$/.test(text) ? text.padStart(4, '0') : text;
}

export function classify(code: string | number): CodeClass {
  const normalized = normalizeCode(code);
  if (!/^\d{4}$/.test(normalized)) return 'excepcion';
  const n = Number(normalized);
  if (n === 0) return 'aceptado';
  if (n < 100) return 'consulta';
  if (n < 2000) return 'excepcion';
  if (n < 4000) return 'rechazado';
  return 'observado';
}

export function describeCode(code: string | number): ReturnCode {
  const codigo = normalizeCode(code);
  const descripcion = codigo === '0000' ? 'Aceptado' : (DESCRIPTIONS.get(codigo) ?? `Código ${codigo} no registrado en el catálogo de SUNAT`);
  return { codigo, descripcion, tipo: classify(codigo) };
}

export function isKnownCode(code: string | number): boolean {
  return DESCRIPTIONS.has(normalizeCode(code));
}

export function isAlreadyRegistered(code: string | number): boolean {
  return ALREADY_REGISTERED_CODES.has(normalizeCode(code));
}
