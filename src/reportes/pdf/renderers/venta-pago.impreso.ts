import type { VentaPagoView } from '@/ventas/dto/venta-pago-view';
import { fecha, money, moneyWith } from '../layout/format';
import { Par } from '../printable';

/* Issue 18: what a sale's PDF (A4 and ticket) prints of its payment conditions. */

const pct = (n: number) => `${n} %`;

/** Client-block rows: forma de pago, due date, exchange rate, instalments, detracción, percepción, retención. */
export function camposPago(moneda: string, v: VentaPagoView): Par[] {
  const pares: Par[] = [['Forma de pago', v.forma_pago === 'Credito' ? 'Crédito' : 'Contado']];
  if (v.fecha_vencimiento) pares.push(['Fecha de vencimiento', fecha(v.fecha_vencimiento)]);
  if (v.tipo_cambio) pares.push(['Tipo de cambio', String(v.tipo_cambio)]);
  if (v.cuotas.length) {
    pares.push(['Cuotas', v.cuotas.map((c) => `Cuota ${c.numero}: ${moneyWith(moneda, c.monto)} vence ${fecha(c.fecha_vencimiento)}`).join('; ')]);
  }
  const d = v.detraccion;
  if (d) {
    pares.push([
      'Detracción',
      `${d.codigo}${d.descripcion ? ` ${d.descripcion}` : ''}, ${pct(d.porcentaje)}, S/ ${money(d.monto)}, Cta. Banco de la Nación ${d.cuenta_banco_nacion}`,
    ]);
  }
  if (v.percepcion) pares.push(['Percepción', `Régimen ${v.percepcion.codigo_regimen}, ${pct(v.percepcion.porcentaje)}`]);
  if (v.retencion) pares.push(['Retención', pct(v.retencion.porcentaje)]);
  return pares;
}

/** Rows after the total: detracción, retención, percepción and what remains to be paid. */
export function totalesPago(moneda: string, v: VentaPagoView): Par[] {
  const pares: Par[] = [];
  if (v.detraccion) pares.push([`Detracción (${pct(v.detraccion.porcentaje)})`, moneyWith('PEN', v.detraccion.monto)]);
  if (v.retencion) pares.push([`Retención (${pct(v.retencion.porcentaje)})`, moneyWith(moneda, v.retencion.monto)]);
  if (v.percepcion) {
    pares.push([`Percepción (${pct(v.percepcion.porcentaje)})`, moneyWith('PEN', v.percepcion.monto)]);
    pares.push(['Total a cobrar con percepción', moneyWith('PEN', v.percepcion.total)]);
  }
  if (v.detraccion || v.retencion || v.forma_pago === 'Credito') pares.push(['Neto pendiente de pago', moneyWith(moneda, v.monto_neto_pendiente)]);
  return pares;
}

/** Catálogo 52 legends of the payment conditions: 2006 detracción, 2000 percepción. */
export function leyendasPago(v: Pick<VentaPagoView, 'detraccion' | 'percepcion'>): string[] {
  return [...(v.detraccion ? ['Operación sujeta a detracción'] : []), ...(v.percepcion ? ['COMPROBANTE DE PERCEPCIÓN'] : [])];
}
