import { fixed } from '@/common/money';
import { DocumentLine, DocumentTotals } from '@/sunat/documents/common';
import { noteAmounts } from '@/sunat/documents/note-amounts';
import { VentaView } from '@/ventas/dto/venta-view';

/** What a note carries: the stored amounts and the XML's lines and totals (SPEC "XML content" rounding). */
export interface ContenidoNota {
  montos: { monto_subtotal: string; monto_igv: string; monto_total: string };
  lines: DocumentLine[];
  totals: DocumentTotals;
}

export interface EntradaContenido {
  venta: VentaView;
  /** Company IGV as a ratio ('0.18'). */
  rate: string;
  descripcion: string;
  /** Debit notes only: the debited amount, IGV included. */
  monto_total?: number;
}

/** Credit note: the sale's amounts copied, its lines re-priced from the sale's total and prices. */
export function contenidoCredito({ venta, rate }: EntradaContenido): ContenidoNota {
  const { totals, lines } = noteAmounts({
    rate,
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
  return { montos: { monto_subtotal: fixed(venta.subtotal), monto_igv: fixed(venta.igv), monto_total: fixed(venta.total) }, lines, totals };
}

/**
 * Debit note: the total is a new amount, split with the company rate; one line for it (described by the
 * reason text) so the lines add up to the total SUNAT checks.
 */
export function contenidoDebito({ rate, descripcion, monto_total }: EntradaContenido): ContenidoNota {
  if (monto_total === undefined) throw new Error('monto_total requerido para la nota de débito');
  const total = fixed(monto_total);
  const { totals, lines } = noteAmounts({ rate, total, lines: [{ precio_unitario: total, cantidad: 1, descripcion }] });
  return { montos: { monto_subtotal: totals.gravadas, monto_igv: totals.igv, monto_total: totals.total }, lines, totals };
}
