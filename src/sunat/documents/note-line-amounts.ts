import Decimal from 'decimal.js';
import type { DocumentLine, DocumentTotals, Money } from './common';

/**
 * Amounts of a note built from the sale's STORED lines (issue 19), for every catalog 07 affectation, ISC and
 * ICBPER: each note line keeps its sale line's affectation, tax scheme and percent, and the note's header is
 * the sum of its lines (as the sale's is), so SUNAT's tolerance rules hold whatever the number of lines.
 *
 * A note credits (or copies) a part of each sale line: `cantidad` units (return per item) or an amount with
 * taxes (discount per item, global discount, decrease in value...). The part's value, ISC and tax are what
 * REMAINS of the line (its amounts less what earlier notes took) scaled by the same fraction (units / remaining
 * units, or amount / remaining amount), the tax taking the cent left by rounding so the part adds up to the
 * amount; the part that takes all that remains gets exactly the remaining amounts, so the notes of a line
 * never add up to more (or less) than the line.
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = Decimal;
const r2 = (v: Dec): Dec => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const s2 = (v: Dec): string => r2(v).toFixed(2);
const s10 = (v: Dec): string => {
  const d = v.toDecimalPlaces(10, Decimal.ROUND_HALF_UP);
  return d.decimalPlaces() < 2 ? d.toFixed(2) : d.toFixed();
};

const GRATUITAS = /^(1[1-6]|21|3[1-7])$/;
export const esAfectacionGratuita = (codigo: string): boolean => GRATUITAS.test(codigo);

/** A sale line as stored (net of its share of the sale's global discount), with its ISC and ICBPER. */
export interface StoredSaleLine {
  codigo: string;
  codigo_sunat?: string;
  descripcion: string;
  unidad: string;
  cantidad: string;
  tipo_afectacion_igv: string;
  /** Value without taxes (a free line's referential value). */
  valor_venta: Money;
  /** IGV (10, and the unpaid IGV of 11-16) or IVAP (17). */
  igv: Money;
  /** Percent written on the line ('18.00', '4.00', '0.00'). */
  porcentaje_igv: string;
  isc?: { sistema: string; base: Money; monto: Money; porcentaje: string };
  icbper?: { monto: Money; tasa: Money };
}

/** What previous notes already took from a line (zeros when none). */
export interface LineCredited {
  cantidad: string;
  valor_venta: Money;
  igv: Money;
  isc: Money;
  isc_base: Money;
  icbper: Money;
  /** What the client was credited for it, ICBPER included (0 on free lines). */
  total: Money;
}

export const NOTHING_CREDITED: LineCredited = { cantidad: '0', valor_venta: '0', igv: '0', isc: '0', isc_base: '0', icbper: '0', total: '0' };

/** What the client paid for a line, ICBPER aside: value + ISC + tax; 0 on free lines. */
export function chargedWithoutIcbper(line: { tipo_afectacion_igv: string; valor_venta: Money; igv: Money; isc?: { monto: Money } }): Dec {
  if (esAfectacionGratuita(line.tipo_afectacion_igv)) return new D(0);
  return new D(line.valor_venta).plus(line.isc?.monto ?? 0).plus(line.igv);
}

/** The line's amounts not yet credited. */
export function remainingOf(line: StoredSaleLine, credited: LineCredited) {
  return {
    cantidad: new D(line.cantidad).minus(credited.cantidad),
    valor: new D(line.valor_venta).minus(credited.valor_venta),
    igv: new D(line.igv).minus(credited.igv),
    isc: new D(line.isc?.monto ?? 0).minus(credited.isc),
    iscBase: new D(line.isc?.base ?? 0).minus(credited.isc_base),
    icbper: new D(line.icbper?.monto ?? 0).minus(credited.icbper),
    cobrado: chargedWithoutIcbper({
      tipo_afectacion_igv: line.tipo_afectacion_igv,
      valor_venta: new D(line.valor_venta).minus(credited.valor_venta).toFixed(2),
      igv: new D(line.igv).minus(credited.igv).toFixed(2),
      isc: { monto: new D(line.isc?.monto ?? 0).minus(credited.isc).toFixed(2) },
    }),
  };
}

/** One part of a sale line a note carries, and what it takes from the line (to store and subtract next time). */
export interface NoteLinePart {
  line: DocumentLine;
  taken: LineCredited;
}

export type PartRequest =
  /** `cantidad` units: value, ISC and tax scaled by cantidad / line quantity; ICBPER for those bags. */
  | { kind: 'cantidad'; cantidad: string }
  /** An amount with taxes (ICBPER aside) split like the line; the note line keeps the line's quantity. */
  | { kind: 'monto'; monto: string };

/**
 * The part of `line` a note takes. Callers check beforehand that the request fits in what remains
 * (cantidad <= remaining units, monto <= remaining charged amount).
 */
export function notePart(line: StoredSaleLine, credited: LineCredited, request: PartRequest): NoteLinePart {
  const rem = remainingOf(line, credited);
  const q = new D(line.cantidad);
  const free = esAfectacionGratuita(line.tipo_afectacion_igv);
  // The part is taken from what REMAINS of the line: after a discount on it, a returned unit is worth less.
  let fraction: Dec;
  let quantity: Dec;
  let bags = new D(0);
  if (request.kind === 'cantidad') {
    quantity = new D(request.cantidad);
    fraction = rem.cantidad.gt(0) ? quantity.div(rem.cantidad) : new D(1);
    if (line.icbper) bags = quantity;
  } else {
    quantity = q;
    fraction = rem.cobrado.gt(0) ? new D(request.monto).div(rem.cobrado) : new D(1);
  }
  const all = fraction.gte(1);
  let valor: Dec;
  let isc: Dec;
  let iscBase: Dec;
  let tax: Dec;
  if (all) {
    valor = rem.valor;
    isc = rem.isc;
    iscBase = rem.iscBase;
    tax = rem.igv;
  } else {
    valor = r2(rem.valor.times(fraction));
    isc = r2(rem.isc.times(fraction));
    iscBase = r2(rem.iscBase.times(fraction));
    const cobrado = request.kind === 'monto' ? new D(request.monto) : r2(rem.cobrado.times(fraction));
    tax = free ? r2(rem.igv.times(fraction)) : cobrado.minus(valor).minus(isc);
    if (tax.isNegative()) {
      // A part of a cent on a taxed line: the value gives way so the tax is never negative.
      valor = valor.plus(tax);
      tax = new D(0);
    }
  }
  const icbper = line.icbper ? (all && request.kind === 'cantidad' ? rem.icbper : r2(bags.times(line.icbper.tasa))) : new D(0);
  const charged = free ? new D(0) : valor.plus(isc).plus(tax);
  const total = charged.plus(icbper);
  const doc: DocumentLine = {
    codigo: line.codigo,
    codigo_sunat: line.codigo_sunat,
    descripcion: line.descripcion,
    unidad: line.unidad,
    cantidad: quantity.toFixed(),
    valor_unitario: free ? '0.00' : s10(valor.div(quantity)),
    precio_unitario: s10((free ? valor : charged).div(quantity)),
    tipo_afectacion_igv: line.tipo_afectacion_igv,
    valor_venta: s2(valor),
    igv: s2(tax),
    porcentaje_igv: line.porcentaje_igv,
  };
  if (line.isc && isc.gt(0)) {
    const porcentaje = line.isc.sistema === '02' && valor.gt(0) ? isc.div(valor).times(100).toDecimalPlaces(5).toFixed() : line.isc.porcentaje;
    doc.isc = { sistema: line.isc.sistema, base: s2(iscBase), monto: s2(isc), porcentaje };
  }
  if (line.icbper && bags.gt(0)) doc.icbper = { monto: s2(icbper), tasa: line.icbper.tasa };
  return {
    line: doc,
    taken: {
      total: s2(total),
      cantidad: request.kind === 'cantidad' ? quantity.toFixed() : '0',
      valor_venta: s2(valor),
      igv: s2(tax),
      isc: s2(isc),
      isc_base: s2(iscBase),
      icbper: s2(icbper),
    },
  };
}

/** Header totals of a note: sums of its lines per scheme (the same grouping as the sale's). */
export function noteTotalsOf(lines: readonly DocumentLine[]): DocumentTotals & { subtotal: Money; impuestos: Money } {
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
    icbper: new D(0),
    iscBase: new D(0),
    isc: new D(0),
  };
  for (const l of lines) {
    const c = l.tipo_afectacion_igv;
    if (l.isc) {
      acc.iscBase = acc.iscBase.plus(l.isc.base);
      acc.isc = acc.isc.plus(l.isc.monto);
    }
    if (l.icbper) acc.icbper = acc.icbper.plus(l.icbper.monto);
    if (esAfectacionGratuita(c)) {
      acc.gratuitas = acc.gratuitas.plus(l.valor_venta);
      acc.igvGratuitas = acc.igvGratuitas.plus(l.igv);
    } else if (c === '10') {
      acc.gravadas = acc.gravadas.plus(l.valor_venta);
      acc.igv = acc.igv.plus(l.igv);
    } else if (c === '17') {
      acc.ivapBase = acc.ivapBase.plus(l.valor_venta);
      acc.ivap = acc.ivap.plus(l.igv);
    } else if (c === '20') acc.exoneradas = acc.exoneradas.plus(l.valor_venta);
    else if (c === '30') acc.inafectas = acc.inafectas.plus(l.valor_venta);
    else acc.exportacion = acc.exportacion.plus(l.valor_venta);
  }
  const subtotal = acc.gravadas.plus(acc.exoneradas).plus(acc.inafectas).plus(acc.exportacion).plus(acc.ivapBase);
  const impuestos = acc.igv.plus(acc.ivap).plus(acc.isc).plus(acc.icbper);
  return {
    gravadas: s2(acc.gravadas),
    exoneradas: s2(acc.exoneradas),
    inafectas: s2(acc.inafectas),
    igv: s2(acc.igv),
    total: s2(subtotal.plus(impuestos)),
    gratuitas: s2(acc.gratuitas),
    igv_gratuitas: s2(acc.igvGratuitas),
    exportacion: s2(acc.exportacion),
    ivap_base: s2(acc.ivapBase),
    ivap: s2(acc.ivap),
    icbper: s2(acc.icbper),
    isc_base: s2(acc.iscBase),
    isc: s2(acc.isc),
    subtotal: s2(subtotal),
    impuestos: s2(impuestos),
  };
}

/**
 * Splits `monto` (cents) over weights in proportion, largest remainder first, so the parts add up to it
 * exactly and none exceeds its weight when monto <= the sum of the weights.
 */
export function spreadCents(monto: string, weights: readonly string[]): string[] {
  const total = weights.reduce((a, w) => a.plus(w), new D(0));
  const cents = new D(monto).times(100);
  if (total.lte(0)) return weights.map(() => '0.00');
  const raw = weights.map((w) => cents.times(w).div(total));
  const floor = raw.map((r) => r.floor());
  let left = cents.minus(floor.reduce((a, f) => a.plus(f), new D(0))).toNumber();
  const order = raw.map((r, i) => ({ i, frac: r.minus(r.floor()) })).sort((a, b) => b.frac.comparedTo(a.frac) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floor[i] = floor[i].plus(1);
    left -= 1;
  }
  return floor.map((f) => f.div(100).toFixed(2));
}
