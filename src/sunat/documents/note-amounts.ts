import Decimal from 'decimal.js';
import { codigoSunatConocido } from './codigo-producto';
import type { DocumentLine, DocumentTotals, TipoAfectacionIgv } from './common';

/** A sale line as the note modules read it; prices include IGV. */
export interface SaleLineInput {
  precio_unitario: number | string;
  cantidad: number | string;
  codigo?: string | null;
  codigo_sunat?: string | null;
  unidad?: string | null;
  descripcion?: string | null;
  tipo_afectacion_igv?: string | null;
}

export interface NoteAmountsInput {
  /** IGV as a ratio (0.18), not a percentage. */
  rate: number | string;
  /** Note total, IGV included. */
  total: number | string;
  lines: SaleLineInput[];
}

// A private clone: a global Decimal.set() elsewhere cannot change how notes round.
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

const round2 = (value: Decimal): string => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

const AFECTACIONES: readonly string[] = ['10', '20', '30'];

function lineFrom(line: SaleLineInput, rate: Decimal, percent: string): DocumentLine {
  const price = new D(line.precio_unitario);
  const quantity = new D(line.cantidad);
  const afectacion = (line.tipo_afectacion_igv || '10') as TipoAfectacionIgv;
  if (!AFECTACIONES.includes(afectacion)) throw new Error(`Tipo de afectación no soportado: ${afectacion}`);
  const gross = price.times(quantity);
  const divisor = afectacion === '10' ? rate.plus(1) : new D(1);
  return {
    codigo: line.codigo || 'P001',
    codigo_sunat: codigoSunatConocido(line.codigo_sunat),
    descripcion: line.descripcion || 'Producto',
    unidad: line.unidad || 'NIU',
    cantidad: quantity.toString(),
    valor_unitario: round2(price.div(divisor)),
    precio_unitario: round2(price),
    tipo_afectacion_igv: afectacion,
    valor_venta: round2(gross.div(divisor)),
    igv: afectacion === '10' ? round2(gross.div(divisor).times(rate)) : '0.00',
    porcentaje_igv: percent,
  };
}

/**
 * Amounts of a credit or debit note built from a sale, exactly as SPEC.md "XML content" states:
 * taxable = round(total / (rate + 1), 2), tax = round(total / (rate + 1) x rate, 2), and per line
 * unit value = round(price / (rate + 1), 2), value = round(price x qty / (rate + 1), 2),
 * tax = round(price x qty / (rate + 1) x rate, 2); defaults P001 / NIU / 'Producto' / '10', and no product code
 * when the line has none (or SPEC's 10000000): see codigo-producto.ts.
 * Lines exonerated (20) or unaffected (30) carry no IGV: their amounts leave the taxable base
 * and are reported apart, so a sale with only gravado lines gets SPEC's figures unchanged.
 */
export function noteAmounts(input: NoteAmountsInput): { totals: DocumentTotals; lines: DocumentLine[] } {
  const rate = new D(input.rate);
  const percent = round2(rate.times(100));
  const lines = input.lines.map((line) => lineFrom(line, rate, percent));
  let exoneradas = new D(0);
  let inafectas = new D(0);
  for (const line of lines) {
    if (line.tipo_afectacion_igv === '20') exoneradas = exoneradas.plus(line.valor_venta);
    if (line.tipo_afectacion_igv === '30') inafectas = inafectas.plus(line.valor_venta);
  }
  const total = new D(input.total);
  const gravadoConIgv = total.minus(exoneradas).minus(inafectas);
  const base = gravadoConIgv.div(rate.plus(1));
  return {
    totals: {
      gravadas: round2(base),
      exoneradas: round2(exoneradas),
      inafectas: round2(inafectas),
      igv: round2(base.times(rate)),
      total: round2(total),
    },
    lines,
  };
}
