import type { VentaReferenciasView } from '@/ventas/dto/venta-referencias-view';
import { moneyWith } from '../layout/format';
import { Par } from '../printable';

/** Issue 18 part B: the sale's guides, purchase order, related documents and deducted advances, as header fields. */
export function camposReferencias(moneda: string, v: Partial<VentaReferenciasView>): Par[] {
  const campos: Par[] = [];
  if (v.guias?.length) campos.push(['Guías de remisión', v.guias.map((g) => `${g.serie}-${g.numero}`).join(', ')]);
  if (v.orden_compra) campos.push(['Orden de compra', v.orden_compra]);
  if (v.documentos_relacionados?.length) campos.push(['Documentos relacionados', v.documentos_relacionados.map((d) => d.numero).join(', ')]);
  if (v.anticipos?.length) {
    campos.push(['Anticipos deducidos', v.anticipos.map((a) => `${a.numero_completo} ${moneyWith(moneda, a.monto)}`).join(', ')]);
  }
  return campos;
}
