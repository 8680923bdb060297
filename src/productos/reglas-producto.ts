import { esGratuita } from '@/sunat/documents/sale-amounts';

/** The tax settings of a product, as they will be stored (after a partial update is applied). */
export interface ImpuestosProducto {
  tipo_afectacion_igv: string;
  icbper: boolean;
  isc: { sistema: string; tasa?: number | string | null; monto?: number | string | null; precio_publico?: number | string | null } | null;
}

/** Amounts each ISC system (catálogo 08) needs: 01 al valor, 02 monto fijo, 03 precio de venta al público. */
export const CAMPOS_ISC: Record<string, Array<'tasa' | 'monto' | 'precio_publico'>> = {
  '01': ['tasa'],
  '02': ['monto'],
  '03': ['tasa', 'precio_publico'],
};

/**
 * Rules across fields that the DTO cannot express, with the sale's wording: ISC only on gravado (10) products,
 * each ISC system with its amounts, ICBPER never on a free affectation. Returns errors by field (empty when valid).
 */
export function reglasProducto(p: ImpuestosProducto): Record<string, string[]> {
  const errores: Record<string, string[]> = {};
  if (p.isc) {
    if (p.tipo_afectacion_igv !== '10') errores.isc = ['El ISC se admite en productos gravados (tipo_afectacion_igv 10).'];
    for (const campo of CAMPOS_ISC[p.isc.sistema] ?? []) {
      const valor = p.isc[campo];
      if (valor === undefined || valor === null || !(Number(valor) > 0)) {
        errores[`isc.${campo}`] = [`Indique ${campo} (mayor que 0) para el sistema ${p.isc.sistema}.`];
      }
    }
  }
  if (p.icbper && esGratuita(p.tipo_afectacion_igv)) {
    errores.icbper = ['Un producto de entrega gratuita (tipo_afectacion_igv 11-16, 21 o 31-37) no lleva ICBPER.'];
  }
  return errores;
}
