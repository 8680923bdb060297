import { entradas } from '@/catalogos/catalogos-data';

/**
 * Transfer reasons a guide may carry: every code of SUNAT's catálogo 20, worded as the catalogue words them
 * (src/catalogos/data/catalogo-20.json). What each one needs is in reglas-motivo.ts.
 */
export const MOTIVOS_TRASLADO: ReadonlyArray<{ codigo: string; descripcion: string }> = entradas('20').map((e) => ({
  codigo: e.codigo,
  descripcion: e.descripcion,
}));

export const CODIGOS_MOTIVO: string[] = MOTIVOS_TRASLADO.map((m) => m.codigo);

export function descripcionMotivo(codigo: string): string | undefined {
  return MOTIVOS_TRASLADO.find((m) => m.codigo === codigo)?.descripcion;
}
