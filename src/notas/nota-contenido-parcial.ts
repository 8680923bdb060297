import Decimal from 'decimal.js';
import { invalidField } from '@/common/errors/http-errors';
import { DocumentLine } from '@/sunat/documents/common';
import { esAfectacionGratuita, NOTHING_CREDITED, notePart, noteTotalsOf, remainingOf, spreadCents } from '@/sunat/documents/note-line-amounts';
import type { ContenidoNota, EntradaContenido, ParteNota } from './nota-contenido';
import { LineaVentaNota } from './nota-lineas-venta.service';
import { AlcanceCredito, ItemCreditoInput } from './nota-motivo-reglas';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const s2 = (v: Decimal.Value) => new D(v).toFixed(2);

/** Units a stock movement can carry (productos/stock.service.ts). */
const DECIMALES_STOCK = 3;

/**
 * A partial credit note (issue 19), built from the sale's stored lines and what live notes already took:
 * - devolucion (07): `cantidad` units of each item; returned units of catalogue products go back to stock on acceptance;
 * - descuento_item (05): `monto` (with taxes) off each item;
 * - monto (04, 08, 09, 10, 11, 12): `monto` (with taxes) over the sale's lines in proportion to what remains of
 *   each (11: export lines only, 12: IVAP lines only);
 * - cuotas (13): the new instalments of a credit sale; the note's amounts are 0.
 * Nothing may exceed what remains (422 on the field).
 */
export function contenidoParcial(alcance: Exclude<AlcanceCredito, 'total'>, e: EntradaContenido): ContenidoNota {
  if (alcance === 'cuotas') return contenidoCuotas(e);
  const lineas = e.lineas ?? [];
  const acreditado = (l: LineaVentaNota) => e.acreditado?.get(l.id_detalle) ?? NOTHING_CREDITED;
  const partes: Array<{ linea: LineaVentaNota; parte: ReturnType<typeof notePart>; devolver: boolean }> = [];

  if (alcance === 'monto') {
    const elegibles = lineas.filter((l) => elegible(e.codigoMotivo, l.tipo_afectacion_igv));
    if (!elegibles.length) {
      throw invalidField('motivo_id', e.codigoMotivo === '11' ? 'La venta no tiene líneas de exportación (40).' : 'La venta no tiene líneas IVAP (17).');
    }
    const restos = elegibles.map((l) => remainingOf(l, acreditado(l)).cobrado);
    const disponible = restos.reduce((a, r) => a.plus(r), new D(0));
    const monto = new D(e.monto!);
    if (monto.gt(disponible)) throw invalidField('monto', `La nota excede lo que queda por acreditar de la venta (${s2(disponible)}).`);
    const repartido = spreadCents(
      monto.toFixed(2),
      restos.map((r) => r.toFixed(2)),
    );
    elegibles.forEach((l, i) => {
      if (new D(repartido[i]).gt(0)) partes.push({ linea: l, parte: notePart(l, acreditado(l), { kind: 'monto', monto: repartido[i] }), devolver: false });
    });
  } else {
    const vistos = new Set<number>();
    (e.items as ItemCreditoInput[]).forEach((item, i) => {
      const linea = lineas.find((l) => l.id_detalle === item.id_detalle);
      if (!linea) throw invalidField(`items.${i}.id_detalle`, 'La línea no pertenece a la venta.');
      if (vistos.has(item.id_detalle)) throw invalidField(`items.${i}.id_detalle`, 'La línea está repetida.');
      vistos.add(item.id_detalle);
      const resto = remainingOf(linea, acreditado(linea));
      if (alcance === 'devolucion') {
        const cantidad = new D(item.cantidad!);
        if (cantidad.gt(resto.cantidad)) {
          throw invalidField(`items.${i}.cantidad`, `Excede la cantidad que queda por devolver de la línea (${resto.cantidad.toFixed()}).`);
        }
        if (linea.icbper && !cantidad.isInteger()) throw invalidField(`items.${i}.cantidad`, 'Una línea con ICBPER devuelve bolsas enteras.');
        const devolver = !!e.venta.stock_descontado && linea.id_producto !== null;
        if (devolver && cantidad.decimalPlaces() > DECIMALES_STOCK) {
          throw invalidField(`items.${i}.cantidad`, `La cantidad devuelta al stock admite hasta ${DECIMALES_STOCK} decimales.`);
        }
        partes.push({ linea, parte: notePart(linea, acreditado(linea), { kind: 'cantidad', cantidad: cantidad.toFixed() }), devolver });
      } else {
        if (esAfectacionGratuita(linea.tipo_afectacion_igv)) throw invalidField(`items.${i}.id_detalle`, 'Una línea gratuita no tiene importe que descontar.');
        const monto = new D(item.monto!);
        if (monto.gt(resto.cobrado)) {
          throw invalidField(`items.${i}.monto`, `Excede lo que queda por acreditar de la línea (${s2(resto.cobrado)}).`);
        }
        partes.push({ linea, parte: notePart(linea, acreditado(linea), { kind: 'monto', monto: monto.toFixed(2) }), devolver: false });
      }
    });
  }

  const lines = partes.map((p) => p.parte.line);
  const totals = noteTotalsOf(lines);
  if (!new D(totals.total).gt(0)) throw invalidField(alcance === 'monto' ? 'monto' : 'items', 'La nota no acredita ningún importe.');
  const guardadas: ParteNota[] = partes.map(({ linea, parte, devolver }) => ({
    id_detalle: linea.id_detalle,
    id_producto: linea.id_producto,
    taken: parte.taken,
    devolver_stock: devolver,
  }));
  return {
    montos: { monto_subtotal: totals.subtotal, monto_igv: totals.impuestos, monto_total: totals.total },
    lines,
    totals,
    parcial: true,
    partes: guardadas,
  };
}

/** Reason 11 adjusts export lines, 12 IVAP lines; the others any line the client paid for. */
function elegible(codigo: string, afectacion: string): boolean {
  if (codigo === '11') return afectacion === '40';
  if (codigo === '12') return afectacion === '17';
  return !esAfectacionGratuita(afectacion);
}

/**
 * Reason 13 (SUNAT's "Ajustes - montos y/o fechas de pago"): zero amounts (3315) on one zero line, and the
 * new schedule as FormaPago Credito with the pending amount = the sum of the instalments (3319).
 */
function contenidoCuotas(e: EntradaContenido): ContenidoNota {
  // Issue 18 stores the sale's forma_pago; a sale without one (older code) is taken at its word.
  const formaPago = (e.venta as { forma_pago?: string }).forma_pago;
  if (formaPago && formaPago !== 'Credito') throw invalidField('motivo_id', 'El motivo 13 ajusta las cuotas de una venta al crédito (forma_pago Credito).');
  const cuotas = e.cuotas ?? [];
  if (!cuotas.length) throw invalidField('cuotas', 'Indique al menos una cuota.');
  const pendiente = cuotas.reduce((a, c) => a.plus(c.monto), new D(0));
  const saldo = saldoVenta(e);
  if (pendiente.gt(saldo)) throw invalidField('cuotas', `Las cuotas exceden el saldo de la venta (${s2(saldo)}).`);
  cuotas.forEach((c, i) => {
    if (c.fecha_vencimiento <= e.fechaEmision) {
      throw invalidField(`cuotas.${i}.fecha_vencimiento`, 'La fecha de vencimiento de la cuota debe ser posterior a la emisión de la nota.');
    }
  });
  const percent = new D(e.rate).times(100).toFixed(2);
  const line: DocumentLine = {
    codigo: 'P001',
    descripcion: e.descripcion,
    unidad: 'ZZ',
    cantidad: '1',
    valor_unitario: '0.00',
    precio_unitario: '0.00',
    tipo_afectacion_igv: '10',
    valor_venta: '0.00',
    igv: '0.00',
    porcentaje_igv: percent,
  };
  const totals = noteTotalsOf([line]);
  return {
    montos: { monto_subtotal: '0.00', monto_igv: '0.00', monto_total: '0.00' },
    lines: [line],
    totals,
    parcial: true,
    partes: [],
    cuotas: cuotas.map((c) => ({ monto: s2(c.monto), fecha_vencimiento: c.fecha_vencimiento })),
  };
}

/** What the instalments may add up to: the sale's total (its net pending amount with a detracción or retención) less what live credit notes took. */
function saldoVenta(e: EntradaContenido): Decimal {
  let tomado = new D(0);
  for (const c of e.acreditado?.values() ?? []) tomado = tomado.plus(c.total);
  // Issue 18's net pending amount (total - detracción - retención) is what instalments may add up to.
  const neto = (e.venta as { monto_neto_pendiente?: number }).monto_neto_pendiente;
  const base = neto !== undefined && neto !== null && new D(neto).lt(e.venta.total) ? new D(neto) : new D(e.venta.total);
  return base.minus(tomado);
}
