import { D, fixed, sum } from '@/common/money';
import { invalidField } from '@/common/errors/http-errors';
import { DocumentLine } from '@/sunat/documents/common';
import { IscInput, SaleAmountsError, saleAmounts, SaleTotals } from '@/sunat/documents/sale-amounts';

/** A sale line ready to be priced; amounts are decimal strings. */
export interface LineaPrecio {
  codigo: string | null;
  codigo_sunat: string | null;
  descripcion: string;
  unidad: string;
  cantidad: string;
  /** With IGV unless the sale's precios_incluyen_igv is false; a free line's referential value. */
  precio_unitario: string;
  tipo_afectacion_igv: string;
  /** Line discount (catalog 53 code 00) in the prices' terms; '0' when none. */
  descuento: string;
  /** ICBPER: cantidad counts bags. */
  icbper: boolean;
  /** ISC (catalog 08) of a gravado line. */
  isc?: IscInput | null;
}

export interface OpcionesPrecio {
  precios_incluyen_igv: boolean;
  descuento_global: string;
  /** ICBPER per bag of the issue year (tasaIcbper). */
  icbper_tasa?: string;
}

/** ICBPER per plastic bag by issue year (Ley 30884): 2019 0.10, 2020 0.20, 2021 0.30, 2022 0.40, 2023 onward 0.50. */
export function tasaIcbper(fecha: string): string {
  const year = Number(fecha.slice(0, 4));
  if (year <= 2019) return '0.10';
  if (year >= 2023) return '0.50';
  return `0.${year - 2018}0`;
}

export interface TotalesVenta {
  op_gravadas: string;
  op_exoneradas: string;
  op_inafectas: string;
  op_gratuitas: string;
  igv_gratuitas: string;
  op_exportacion: string;
  op_ivap: string;
  ivap: string;
  descuentos: string;
  descuento_global: string;
  icbper: string;
  isc: string;
  /** Amount without taxes: gravadas + exoneradas + inafectas + exportación + IVAP base. */
  subtotal: string;
  igv: string;
  total: string;
  /** Per line, as written in the XML. */
  lineas: DocumentLine[];
  /** Per line: what the client pays for it, taxes included (0.00 on free lines). */
  totalesLinea: string[];
  /** The document totals the XML writes. */
  documento: SaleTotals;
}

/** Highest total a sale may carry: the XML legend (amount in words, catalog 52 code 1000) goes up to 999,999,999.99. */
export const TOTAL_MAXIMO = new D('999999999.99');

/**
 * Issue 17: each line is priced and rounded on its own (saleAmounts, as SUNAT's rules compute lines) and
 * the sale's amounts are the sums of its lines, so the header never drifts from the lines, whatever their number.
 */
export function calcularVenta(
  rate: string,
  lineas: LineaPrecio[],
  opciones: OpcionesPrecio = { precios_incluyen_igv: true, descuento_global: '0' },
): TotalesVenta {
  let r;
  try {
    r = saleAmounts({
      rate,
      precios_incluyen_igv: opciones.precios_incluyen_igv,
      descuento_global: opciones.descuento_global,
      icbper_tasa: opciones.icbper_tasa,
      lines: lineas,
    });
  } catch (e) {
    if (e instanceof SaleAmountsError) throw invalidField(e.field, e.message);
    throw e;
  }
  const t = r.totals;
  return {
    op_gravadas: t.gravadas,
    op_exoneradas: t.exoneradas,
    op_inafectas: t.inafectas,
    op_gratuitas: t.gratuitas,
    igv_gratuitas: t.igv_gratuitas,
    op_exportacion: t.exportacion,
    op_ivap: t.ivap_base,
    ivap: t.ivap,
    descuentos: t.descuentos,
    descuento_global: t.descuento_global?.monto ?? '0.00',
    icbper: t.icbper,
    isc: t.isc,
    subtotal: fixed(sum([t.gravadas, t.exoneradas, t.inafectas, t.exportacion, t.ivap_base])),
    igv: t.igv,
    total: t.total,
    lineas: r.lines,
    totalesLinea: r.lineTotals,
    documento: t,
  };
}
