import type { LoteLinea } from '@/lotes-sunat/lote-types';

/** SUNAT takes at most 500 lines in one RC file; more boletas go in several summaries. */
export const MAX_LINEAS_RESUMEN = 500;

/** What the answer reports of each summary sent (`tickets` when a request made more than one). */
export interface ResumenEnviado {
  ticket: string;
  nombre_archivo: string;
  cantidad: number;
}

/** The boletas in blocks of MAX_LINEAS_RESUMEN, in the order given (the last block holds the rest). */
export function partesDelResumen(lineas: LoteLinea[], max = MAX_LINEAS_RESUMEN): LoteLinea[][] {
  const partes: LoteLinea[][] = [];
  for (let i = 0; i < lineas.length; i += max) partes.push(lineas.slice(i, i + max));
  return partes;
}

/** The advertencia for a summary after the first that could not be sent: its boletas keep their state. */
export function parteNoEnviada(n: number, de: number, parte: LoteLinea[], motivo: string): string {
  const primera = parte[0].venta.numero_completo;
  const ultima = parte[parte.length - 1].venta.numero_completo;
  return `Resumen ${n} de ${de} (${parte.length} boletas, ${primera} a ${ultima}) no enviado: ${motivo}`;
}
