import { D, fixed } from '@/common/money';
import { invalidField } from '@/common/errors/http-errors';
import { DocumentLine, DocumentTotals } from '@/sunat/documents/common';
import { noteAmounts } from '@/sunat/documents/note-amounts';
import { esAfectacionGratuita, LineCredited, NOTHING_CREDITED, notePart, noteTotalsOf } from '@/sunat/documents/note-line-amounts';
import { SaleAmountsError, saleAmounts } from '@/sunat/documents/sale-amounts';
import { VentaView } from '@/ventas/dto/venta-view';
import { CuotaNota, LineaNota } from './entities/nota-base';
import { contenidoParcial } from './nota-contenido-parcial';
import { LineaVentaNota, porcentajeEnNota } from './nota-lineas-venta.service';
import { alcanceCredito, alcanceDebito, ItemCreditoInput, ItemDebitoInput, MSG_IVAP_12 } from './nota-motivo-reglas';

/** What a part of a note takes from a sale line: stored in nota_lineas. */
export interface ParteNota {
  id_detalle: number | null;
  id_producto: number | null;
  taken: LineCredited;
  devolver_stock: boolean;
}

/** What a note carries: the stored amounts and the XML's lines and totals. */
export interface ContenidoNota {
  montos: { monto_subtotal: string; monto_igv: string; monto_total: string };
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** Issue 19: a partial note (items, monto or cuotas) never annuls the sale. */
  parcial: boolean;
  partes: ParteNota[];
  /** Reason 13: the new instalments (the note's amounts are 0). */
  cuotas?: CuotaNota[];
}

export interface EntradaContenido {
  venta: VentaView;
  /** Company IGV as a ratio ('0.18'). */
  rate: string;
  descripcion: string;
  /** Catálogo 09 / 10 code of the reason, as stored. */
  codigoMotivo: string;
  /** YYYY-MM-DD (Lima): instalments fall after it. */
  fechaEmision: string;
  /** Debit notes: the debited amount, IGV included (SPEC), or its items (issue 19). */
  monto_total?: number;
  /** Credit notes (issue 19): items, monto or cuotas; debit notes: items. */
  items?: ItemCreditoInput[] | ItemDebitoInput[];
  monto?: number;
  cuotas?: Array<{ monto: number; fecha_vencimiento: string }>;
  /** Credit notes: the sale's stored lines and what live partial notes already took from each. */
  lineas?: LineaVentaNota[];
  acreditado?: Map<number, LineCredited>;
}

/** A sale SPEC.md's note rounding still fits: gravado / exonerado / inafecto lines, prices with IGV, no discount or extra tax. */
function ventaSimple(venta: VentaView): boolean {
  return (
    venta.precios_incluyen_igv !== false &&
    venta.productosVentas.every((l) => ['10', '20', '30'].includes(l.tipo_afectacion_igv || '10') && !(Number(l.descuento) > 0)) &&
    !(Number(venta.descuentos) > 0) &&
    !(Number(venta.isc) > 0) &&
    !(Number(venta.icbper) > 0)
  );
}

/**
 * Credit note. Without items, monto or cuotas it is SPEC.md's whole-sale note: the sale's amounts copied
 * (SPEC's rounding for a plain sale; otherwise each stored line as it is, every affectation and tax kept).
 * With them it is a partial note (nota-contenido-parcial.ts).
 */
export function contenidoCredito(e: EntradaContenido): ContenidoNota {
  const alcance = alcanceCredito(e.codigoMotivo, e);
  const conIvap = e.venta.productosVentas.some((l) => l.tipo_afectacion_igv === '17');
  if (conIvap && e.codigoMotivo !== '12' && alcance !== 'cuotas') throw invalidField('motivo_id', MSG_IVAP_12);
  if (alcance !== 'total') return contenidoParcial(alcance, e);
  const { venta } = e;
  const montos = { monto_subtotal: fixed(venta.subtotal), monto_igv: fixed(venta.igv), monto_total: fixed(venta.total) };
  if (ventaSimple(venta)) {
    const { totals, lines } = noteAmounts({
      rate: e.rate,
      total: fixed(venta.total),
      lines: venta.productosVentas.map((l) => ({
        precio_unitario: l.precio_unitario,
        cantidad: l.cantidad,
        codigo: l.codigo_producto,
        codigo_sunat: l.producto?.codigo_sunat,
        unidad: l.unidad_medida,
        descripcion: l.descripcion,
        tipo_afectacion_igv: l.tipo_afectacion_igv,
      })),
    });
    return { montos, lines, totals, parcial: false, partes: [] };
  }
  const lines = (e.lineas ?? []).map((l) => notePart(l, NOTHING_CREDITED, { kind: 'cantidad', cantidad: l.cantidad }).line);
  return { montos, lines, totals: noteTotalsOf(lines), parcial: false, partes: [] };
}

/**
 * Debit note: `monto_total` (SPEC: one gravado line described by the reason text, split with the company
 * rate; an export line for reason 11, IVAP for 12) or `items` priced as sale lines (issue 19).
 */
export function contenidoDebito(e: EntradaContenido): ContenidoNota {
  const alcance = alcanceDebito(e.codigoMotivo, { monto_total: e.monto_total, items: e.items as ItemDebitoInput[] | undefined });
  if (alcance === 'monto_total' && e.codigoMotivo !== '11' && e.codigoMotivo !== '12') {
    const total = fixed(e.monto_total!);
    const { totals, lines } = noteAmounts({ rate: e.rate, total, lines: [{ precio_unitario: total, cantidad: 1, descripcion: e.descripcion }] });
    return { montos: { monto_subtotal: totals.gravadas, monto_igv: totals.igv, monto_total: totals.total }, lines, totals, parcial: false, partes: [] };
  }
  const items: ItemDebitoInput[] =
    alcance === 'items'
      ? (e.items as ItemDebitoInput[])
      : [{ descripcion: e.descripcion, cantidad: 1, precio_unitario: e.monto_total!, tipo_afectacion_igv: e.codigoMotivo === '11' ? '40' : '17' }];
  const campo = alcance === 'items' ? 'items' : 'monto_total';
  let calculado: ReturnType<typeof saleAmounts>;
  try {
    calculado = saleAmounts({
      rate: e.rate,
      precios_incluyen_igv: e.venta.precios_incluyen_igv !== false,
      lines: items.map((i) => ({
        codigo: null,
        codigo_sunat: null,
        descripcion: i.descripcion,
        unidad: i.unidad_medida ?? 'NIU',
        cantidad: String(i.cantidad),
        precio_unitario: String(i.precio_unitario),
        tipo_afectacion_igv: i.tipo_afectacion_igv ?? '10',
      })),
    });
  } catch (err) {
    if (err instanceof SaleAmountsError) throw invalidField(alcance === 'items' ? err.field.replace(/^productos\./, 'items.') : campo, err.message);
    throw err;
  }
  const percent = fixed(new D(e.rate).times(100));
  const lines = calculado.lines.map((l) => ({ ...l, porcentaje_igv: porcentajeEnNota(l.tipo_afectacion_igv, percent) }));
  const totals = noteTotalsOf(lines);
  return {
    montos: { monto_subtotal: totals.subtotal, monto_igv: totals.impuestos, monto_total: totals.total },
    lines,
    totals,
    parcial: alcance === 'items',
    partes: [],
  };
}

/** The note's lines as its view and PDF show them: what each line credits or debits, taxes and ICBPER included. */
export function lineasImpresas(c: ContenidoNota): LineaNota[] {
  return c.lines.map((l) => {
    const gratuita = esAfectacionGratuita(l.tipo_afectacion_igv);
    const total = gratuita
      ? new D(0)
      : new D(l.valor_venta)
          .plus(l.igv)
          .plus(l.isc?.monto ?? 0)
          .plus(l.icbper?.monto ?? 0);
    return {
      cantidad: l.cantidad,
      unidad: l.unidad,
      codigo: l.codigo,
      descripcion: l.descripcion,
      tipo_afectacion_igv: l.tipo_afectacion_igv,
      precio_unitario: gratuita ? '0.00' : l.precio_unitario,
      total: total.toFixed(2),
    };
  });
}
