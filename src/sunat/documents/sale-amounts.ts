import Decimal from 'decimal.js';
import { codigoSunatConocido } from './codigo-producto';
import type { DocumentLine, DocumentTotals } from './common';

/**
 * Amounts of a sale (factura / boleta) line by line, as SUNAT's rules compute them (issue 17):
 * every line value, tax and price is rounded on its own line, and every header amount is the SUM of
 * the line amounts, so no number of lines can break SUNAT's ±1 tolerance rules (3271, 3277-3280).
 *
 * Per catalog 07 affectation (precio_unitario p, cantidad q, discount d, IGV rate r, IVAP 4%):
 * - paid lines (10 gravado, 17 IVAP, 20 exonerado, 30 inafecto, 40 export), with t = r, 0.04 or 0:
 *   prices with tax:    total = round(p·q − d, 2); valor = round(total / (1 + t), 2); tax = total − valor;
 *   prices without tax: valor = round(p·q − d, 2); tax = round(valor · t, 2); total = valor + tax.
 * - free lines (11-16 gravado, 21 exonerado, 31-37 inafecto): p is the referential unit value (without
 *   IGV after dividing by 1 + r when prices include it); valor = round(ref · q, 2), the line charges 0,
 *   its tax (11-16 only) = round(valor · r, 2) is reported in the 9996 subtotal and never charged.
 * - icbper (7152): cantidad bags x the rate of the issue year, on top of the line total (never in the IGV base).
 * - descuento_global (catalog 53 code 02): reduces the gravado (10) base at header level; in the prices'
 *   terms (with IGV when they include it): base part = round(d / (1 + r), 2), tax part = d − base part.
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = Decimal;
const r2 = (v: Dec): Dec => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const s2 = (v: Dec): string => r2(v).toFixed(2);
/** A unit price or value: up to 10 decimals, at least 2 ('118.00', '84.7457627119'). */
const s10 = (v: Dec): string => {
  const d = v.toDecimalPlaces(10, Decimal.ROUND_HALF_UP);
  return d.decimalPlaces() < 2 ? d.toFixed(2) : d.toFixed();
};

export const AFECTACIONES_GRATUITAS = ['11', '12', '13', '14', '15', '16', '21', '31', '32', '33', '34', '35', '36', '37'] as const;
export const AFECTACIONES_07 = ['10', ...AFECTACIONES_GRATUITAS.slice(0, 6), '17', '20', '21', '30', ...AFECTACIONES_GRATUITAS.slice(7), '40'] as const;

export const esGratuita = (codigo: string): boolean => (AFECTACIONES_GRATUITAS as readonly string[]).includes(codigo);
/** Free lines that would be gravadas if sold (11-16): their IGV is computed and reported, never charged. */
export const esGratuitaGravada = (codigo: string): boolean => /^1[1-6]$/.test(codigo);

export const IVAP_RATE = '0.04';

export interface SaleLineInput {
  codigo: string | null;
  codigo_sunat: string | null;
  descripcion: string;
  unidad: string;
  cantidad: string;
  precio_unitario: string;
  tipo_afectacion_igv: string;
  /** Line discount (catalog 53 code 00) in the prices' terms. */
  descuento?: string | null;
  /** ICBPER: the quantity counts plastic bags (whole number). */
  icbper?: boolean;
  /** ISC (catalog 08) on a gravado (10) line. */
  isc?: IscInput | null;
}

/**
 * ISC systems (catalog 08): '01' al valor (tasa % of the line value), '02' monto fijo (monto per unit),
 * '03' precio de venta al público (tasa % of precio_publico × q × 0.847, the factor of the ISC law).
 */
export interface IscInput {
  sistema: string;
  /** Percent (17 = 17 %), systems 01 and 03. */
  tasa?: string | null;
  /** Per unit, system 02. */
  monto?: string | null;
  /** Suggested public unit price, system 03. */
  precio_publico?: string | null;
}

/** The ISC law's factor on the suggested public price (system 03). */
export const FACTOR_PRECIO_PUBLICO = '0.847';

export interface SaleAmountsInput {
  /** IGV as a ratio ('0.18'). */
  rate: string;
  precios_incluyen_igv: boolean;
  descuento_global?: string | null;
  /** ICBPER per bag of the issue year ('0.50'). */
  icbper_tasa?: string;
  lines: SaleLineInput[];
}

export interface SaleTotals extends DocumentTotals {
  gratuitas: string;
  igv_gratuitas: string;
  exportacion: string;
  ivap_base: string;
  ivap: string;
  /** Line discounts (00) + global discount (02), without IGV. */
  descuentos: string;
  icbper: string;
  isc_base: string;
  isc: string;
}

export interface SaleAmounts {
  lines: DocumentLine[];
  /** Per line: what the client pays for it (0.00 on free lines), IGV included. */
  lineTotals: string[];
  totals: SaleTotals;
}

/** Why a sale cannot be priced, with the request field at fault. */
export class SaleAmountsError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Unit price with tax the client pays: (p − d/q), times (1 + t) when p has no tax. */
const precioEfectivo = (p: Dec, q: Dec, descuento: Dec, factor: Dec): Dec => p.minus(descuento.div(q)).times(factor);

function lineRate(codigo: string, rate: Dec): Dec {
  if (codigo === '10' || esGratuitaGravada(codigo)) return rate;
  if (codigo === '17') return new D(IVAP_RATE);
  return new D(0);
}

/**
 * A gravado line with ISC. Prices with IGV: total = round(p·q, 2), IGV base = round(total / (1 + r), 2),
 * igv = total − base, and the base splits into value + ISC (01: value = round(base / (1 + tasa), 2); 02 and 03:
 * ISC first, value = base − ISC). Prices without IGV: value = round(p·q, 2), ISC on top, igv = round((value + ISC) · r, 2).
 * ISC: 01 round(value · tasa, 2) on the value; 02 round(monto · q, 2) (Percent = ISC / value, 5 decimals);
 * 03 round(base · tasa, 2) on base = round(precio_publico · q · 0.847, 2).
 */
function iscLinea(
  isc: IscInput,
  i: number,
  codigo: string,
  descuento: Dec,
  q: Dec,
  conIgv: boolean,
  p: Dec,
  rate: Dec,
  descuentoGlobal: boolean,
): { valor: Dec; igv: Dec; total: Dec; isc: NonNullable<DocumentLine['isc']> } {
  const campo = `productos.${i}.isc`;
  if (codigo !== '10') throw new SaleAmountsError(campo, 'El ISC se admite en líneas gravadas (tipo_afectacion_igv 10).');
  if (descuento.gt(0) || descuentoGlobal) throw new SaleAmountsError(campo, 'Una venta con ISC no admite descuentos.');
  const positivo = (v: string | null | undefined, nombre: string): Dec => {
    if (v === undefined || v === null || !new D(v).gt(0))
      throw new SaleAmountsError(`${campo}.${nombre}`, `Indique ${nombre} (mayor que 0) para el sistema ${isc.sistema}.`);
    return new D(v);
  };
  let monto: Dec;
  let base: Dec;
  let porcentaje: Dec;
  let valor: Dec;
  let igv: Dec;
  let total: Dec;
  const bruto = r2(p.times(q));
  const baseIgv = conIgv ? r2(bruto.div(rate.plus(1))) : null;
  if (isc.sistema === '01') {
    porcentaje = positivo(isc.tasa, 'tasa');
    valor = baseIgv ? r2(baseIgv.div(porcentaje.div(100).plus(1))) : bruto;
    base = valor;
    monto = baseIgv ? baseIgv.minus(valor) : r2(valor.times(porcentaje).div(100));
  } else if (isc.sistema === '02') {
    monto = r2(positivo(isc.monto, 'monto').times(q));
    valor = baseIgv ? baseIgv.minus(monto) : bruto;
    base = valor;
    porcentaje = valor.gt(0) ? monto.div(valor).times(100).toDecimalPlaces(5) : new D(0);
  } else if (isc.sistema === '03') {
    porcentaje = positivo(isc.tasa, 'tasa');
    base = r2(positivo(isc.precio_publico, 'precio_publico').times(q).times(FACTOR_PRECIO_PUBLICO));
    monto = r2(base.times(porcentaje).div(100));
    valor = baseIgv ? baseIgv.minus(monto) : bruto;
  } else {
    throw new SaleAmountsError(`${campo}.sistema`, 'Sistema de ISC no soportado (catálogo 08: 01, 02 o 03).');
  }
  if (valor.lte(0)) throw new SaleAmountsError(campo, 'El ISC no puede ser mayor que el valor de la línea.');
  if (baseIgv) {
    total = bruto;
    igv = bruto.minus(baseIgv);
  } else {
    igv = r2(valor.plus(monto).times(rate));
    total = valor.plus(monto).plus(igv);
  }
  return { valor, igv, total, isc: { sistema: isc.sistema, base: s2(base), monto: s2(monto), porcentaje: porcentaje.toFixed() } };
}

export function saleAmounts(input: SaleAmountsInput): SaleAmounts {
  const rate = new D(input.rate);
  const percentIgv = s2(rate.times(100));
  const lines: DocumentLine[] = [];
  const lineTotals: string[] = [];
  const acc = {
    gravadas: new D(0),
    igv: new D(0),
    exoneradas: new D(0),
    inafectas: new D(0),
    exportacion: new D(0),
    gratuitas: new D(0),
    igvGratuitas: new D(0),
    ivapBase: new D(0),
    ivap: new D(0),
    descuentos: new D(0),
    icbper: new D(0),
    iscBase: new D(0),
    isc: new D(0),
    total: new D(0),
  };
  input.lines.forEach((l, i) => {
    const codigo = l.tipo_afectacion_igv;
    if (!(AFECTACIONES_07 as readonly string[]).includes(codigo)) {
      throw new SaleAmountsError(`productos.${i}.tipo_afectacion_igv`, `Tipo de afectación no soportado: ${codigo}`);
    }
    const p = new D(l.precio_unitario);
    const q = new D(l.cantidad);
    const t = lineRate(codigo, rate);
    const divisor = input.precios_incluyen_igv ? t.plus(1) : new D(1);
    const descuento = new D(l.descuento || 0);
    const gratuita = esGratuita(codigo);
    if (p.lte(0)) {
      throw new SaleAmountsError(
        `productos.${i}.precio_unitario`,
        gratuita
          ? 'Una línea gratuita lleva su valor referencial en precio_unitario (mayor que 0).'
          : 'Una línea con precio 0 debe declararse gratuita (tipo_afectacion_igv 11-16, 21 o 31-37).',
      );
    }
    if (gratuita && descuento.gt(0)) throw new SaleAmountsError(`productos.${i}.descuento`, 'Una línea gratuita no lleva descuento.');
    const bruto = p.times(q);
    if (descuento.gte(bruto)) throw new SaleAmountsError(`productos.${i}.descuento`, 'El descuento debe ser menor que el importe de la línea.');

    let valor: Dec;
    let tax: Dec;
    let total: Dec;
    // Free lines charge nothing, ICBPER included: refused there.
    if (gratuita && l.icbper) throw new SaleAmountsError(`productos.${i}.icbper`, 'Una línea gratuita no lleva ICBPER.');
    let descuentoValor = new D(0);
    let isc: NonNullable<DocumentLine['isc']> | undefined;
    if (l.isc) {
      const calculado = iscLinea(
        l.isc,
        i,
        codigo,
        descuento,
        q,
        input.precios_incluyen_igv,
        p,
        rate,
        !!input.descuento_global && new D(input.descuento_global).gt(0),
      );
      valor = calculado.valor;
      tax = calculado.igv;
      total = calculado.total;
      isc = calculado.isc;
    } else if (gratuita) {
      valor = r2(bruto.div(divisor));
      tax = esGratuitaGravada(codigo) ? r2(valor.times(rate)) : new D(0);
      total = new D(0);
    } else if (input.precios_incluyen_igv) {
      total = r2(bruto.minus(descuento));
      valor = r2(total.div(divisor));
      tax = total.minus(valor);
      descuentoValor = r2(descuento.div(divisor));
    } else {
      valor = r2(bruto.minus(descuento));
      tax = r2(valor.times(t));
      total = valor.plus(tax);
      descuentoValor = r2(descuento);
    }
    if (valor.lte(0)) throw new SaleAmountsError(`productos.${i}.precio_unitario`, 'El valor de la línea redondeado a céntimos es 0.');

    const valorUnitario = isc ? valor.div(q) : p.div(divisor);
    const line: DocumentLine = {
      codigo: l.codigo || 'P001',
      // Omitted from the XML when unknown (a made-up code draws SUNAT's observation 4337).
      codigo_sunat: codigoSunatConocido(l.codigo_sunat),
      descripcion: l.descripcion || 'Producto',
      unidad: l.unidad || 'NIU',
      cantidad: q.toFixed(),
      // Free lines: cac:Price is 0 and PricingReference carries the referential value (type 02).
      valor_unitario: gratuita ? '0.00' : s10(valorUnitario),
      precio_unitario: s10(gratuita ? valorUnitario : isc ? total.div(q) : precioEfectivo(p, q, descuento, input.precios_incluyen_igv ? new D(1) : t.plus(1))),
      tipo_afectacion_igv: codigo,
      valor_venta: s2(valor),
      igv: s2(tax),
      porcentaje_igv: codigo === '17' ? '4.00' : gratuita && !esGratuitaGravada(codigo) ? '0.00' : percentIgv,
    };
    if (descuentoValor.gt(0)) {
      const base = valor.plus(descuentoValor);
      line.descuento = { monto: s2(descuentoValor), base: s2(base), factor: descuentoValor.div(base).toDecimalPlaces(5).toString() };
    }
    if (isc) {
      line.isc = isc;
      acc.iscBase = acc.iscBase.plus(isc.base);
      acc.isc = acc.isc.plus(isc.monto);
    }
    if (l.icbper) {
      if (!q.isInteger()) throw new SaleAmountsError(`productos.${i}.cantidad`, 'Con icbper la cantidad cuenta bolsas: debe ser un número entero.');
      const tasa = new D(input.icbper_tasa ?? '0.50');
      const monto = r2(q.times(tasa));
      line.icbper = { monto: s2(monto), tasa: tasa.toFixed(2) };
      acc.icbper = acc.icbper.plus(monto);
      total = total.plus(monto);
    }
    lines.push(line);
    lineTotals.push(s2(total));
    acc.total = acc.total.plus(total);
    acc.descuentos = acc.descuentos.plus(descuentoValor);
    if (gratuita) {
      acc.gratuitas = acc.gratuitas.plus(valor);
      acc.igvGratuitas = acc.igvGratuitas.plus(tax);
    } else if (codigo === '10') {
      acc.gravadas = acc.gravadas.plus(valor);
      acc.igv = acc.igv.plus(tax);
    } else if (codigo === '17') {
      acc.ivapBase = acc.ivapBase.plus(valor);
      acc.ivap = acc.ivap.plus(tax);
    } else if (codigo === '20') acc.exoneradas = acc.exoneradas.plus(valor);
    else if (codigo === '30') acc.inafectas = acc.inafectas.plus(valor);
    else acc.exportacion = acc.exportacion.plus(valor);
  });

  let descuentoGlobal: DocumentTotals['descuento_global'];
  const dg = new D(input.descuento_global || 0);
  if (dg.gt(0)) {
    const gravadoConIgv = acc.gravadas.plus(acc.igv);
    const bruto = input.precios_incluyen_igv ? gravadoConIgv : acc.gravadas;
    if (dg.gte(bruto)) throw new SaleAmountsError('descuento_global', 'El descuento global debe ser menor que el importe de las líneas gravadas (10).');
    const base = input.precios_incluyen_igv ? r2(dg.div(rate.plus(1))) : r2(dg);
    const taxPart = input.precios_incluyen_igv ? r2(dg).minus(base) : r2(base.times(rate));
    descuentoGlobal = { monto: s2(base), base: s2(acc.gravadas), factor: base.div(acc.gravadas).toDecimalPlaces(5).toString() };
    acc.gravadas = acc.gravadas.minus(base);
    acc.igv = acc.igv.minus(taxPart);
    acc.total = acc.total.minus(base).minus(taxPart);
    acc.descuentos = acc.descuentos.plus(base);
  }

  return {
    lines,
    lineTotals,
    totals: {
      gravadas: s2(acc.gravadas),
      exoneradas: s2(acc.exoneradas),
      inafectas: s2(acc.inafectas),
      igv: s2(acc.igv),
      total: s2(acc.total),
      gratuitas: s2(acc.gratuitas),
      igv_gratuitas: s2(acc.igvGratuitas),
      exportacion: s2(acc.exportacion),
      ivap_base: s2(acc.ivapBase),
      ivap: s2(acc.ivap),
      descuentos: s2(acc.descuentos),
      icbper: s2(acc.icbper),
      isc_base: s2(acc.iscBase),
      isc: s2(acc.isc),
      ...(descuentoGlobal ? { descuento_global: descuentoGlobal } : {}),
    },
  };
}
