import type { Money } from './common';

/**
 * How an invoice is paid (issue 18): FormaPago Contado, or Credito with the net pending amount and its
 * instalments; detracción (SPOT), percepción and retención. Amounts are already computed (ventas/venta-pago.ts).
 */
export interface InvoicePayment {
  forma_pago: 'Contado' | 'Credito';
  /** cbc:DueDate, YYYY-MM-DD. */
  fecha_vencimiento?: string;
  /** Credito: total - detracción - retención, in the document currency; the instalments add up to it (rule 3319). */
  monto_neto_pendiente?: Money;
  /** Credito: Cuota001..n. */
  cuotas?: Array<{ monto: Money; fecha_vencimiento: string }>;
  /** Operations 1001-1004: catálogo 54 code, percent, amount in PEN, Banco de la Nación account, catálogo 59 means. */
  detraccion?: { codigo: string; porcentaje: string; monto: Money; cuenta: string; medio_pago: string };
  /** Operation 2001, in PEN: catálogo 53 regime 51/52/53, factor (0.02), base, amount and base + amount. */
  percepcion?: { codigo: string; factor: string; base: Money; monto: Money; total: Money };
  /** Informative charge 62, in the document currency: factor (0.03), base and amount. */
  retencion?: { factor: string; base: Money; monto: Money };
}
