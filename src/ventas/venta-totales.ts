import { D, fixed, sum } from '@/common/money';
import { DocumentLine, DocumentTotals } from '@/sunat/documents/common';
import { noteAmounts } from '@/sunat/documents/note-amounts';

/** A sale line ready to be priced; amounts are decimal strings. */
export interface LineaPrecio {
  codigo: string | null;
  codigo_sunat: string | null;
  descripcion: string;
  unidad: string;
  cantidad: string;
  /** Includes IGV. */
  precio_unitario: string;
  tipo_afectacion_igv: string;
}

export interface TotalesVenta {
  op_gravadas: string;
  op_exoneradas: string;
  op_inafectas: string;
  /** Amount without IGV: gravadas + exoneradas + inafectas. */
  subtotal: string;
  igv: string;
  total: string;
  /** Per line, as written in the XML. */
  lineas: DocumentLine[];
  /** Per line: round(precio x cantidad, 2). */
  totalesLinea: string[];
}

/** Highest total a sale may carry: the XML legend (amount in words, catalog 52 code 1000) goes up to 999,999,999.99. */
export const TOTAL_MAXIMO = new D('999999999.99');

/**
 * SPEC's rounding: total = round(sum(precio x cantidad), 2) with the exact products (never rounded per line
 * first), then taxable base and IGV from that total (noteAmounts: base = round(total/(1+rate), 2),
 * igv = round(total/(1+rate) x rate, 2)). Exonerated and unaffected lines carry no IGV.
 */
export function calcularVenta(rate: string, lineas: LineaPrecio[]): TotalesVenta {
  const brutos = lineas.map((l) => new D(l.precio_unitario).times(l.cantidad));
  const total = fixed(sum(brutos));
  const { totals, lines } = noteAmounts({
    rate,
    total,
    lines: lineas.map((l) => ({
      precio_unitario: l.precio_unitario,
      cantidad: l.cantidad,
      codigo: l.codigo,
      codigo_sunat: l.codigo_sunat,
      unidad: l.unidad,
      descripcion: l.descripcion,
      tipo_afectacion_igv: l.tipo_afectacion_igv,
    })),
  });
  return {
    ...fromTotals(totals),
    lineas: lines,
    totalesLinea: brutos.map((b) => fixed(b)),
  };
}

function fromTotals(t: DocumentTotals) {
  return {
    op_gravadas: t.gravadas,
    op_exoneradas: t.exoneradas,
    op_inafectas: t.inafectas,
    subtotal: fixed(sum([t.gravadas, t.exoneradas, t.inafectas])),
    igv: t.igv,
    total: t.total,
  };
}
