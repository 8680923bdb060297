import type { Invoice } from '@/sunat/documents/invoice';
import { el, ela } from './canonical';
import { currencyAmount } from './tax';

/*
 * Issue 18: how a factura is paid, as SUNAT's rules read it (ValidaExprRegFactura 2.0.1):
 * - cac:PaymentTerms ID FormaPago, PaymentMeansID Contado | Credito (3244-3247); Credito carries the net pending
 *   amount (3251, ≤ PayableAmount 3265) and one PaymentTerms per instalment, 'Cuota001'.., each with its amount
 *   and a due date after the issue date (3249, 3252-3256, 3266, 3267); the instalments add up to it (3319).
 * - Detracción (operations 1001-1004): cac:PaymentMeans ID Detraccion with the Banco de la Nación account (3034),
 *   cac:PaymentTerms ID Detraccion with the catálogo 54 code (3127, 3033), percent and amount in PEN (3035, 3208).
 * - Percepción (operation 2001, Contado only: 3330): charge 51/52/53 (3093) with base and amount in PEN
 *   (2788, 2792, 2798) and a PaymentTerms ID Percepcion with the total to collect in PEN (3309, 3310, 2788).
 * - Retención: informative charge 62 (ChargeIndicator false, 3114) in the document currency, client with RUC
 *   (3262), amount = base x factor (3263), base ≤ PayableAmount (3264).
 */

const DETRACCION_CODE_ATTRS = ' schemeAgencyName="PE:SUNAT" schemeName="Codigo de detraccion" schemeURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo54"';
const MEANS_CODE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Medio de pago" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo59"';
const CHARGE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Cargo/descuento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo53"';

/** Catálogo 52 legends the payment conditions need: 2006 detracción (4265 without it), 2000 percepción. */
export function paymentLegends(invoice: Invoice): string {
  const pago = invoice.pago;
  return (
    (pago?.percepcion ? ela('cbc:Note', ' languageLocaleID="2000"', 'COMPROBANTE DE PERCEPCIÓN') : '') +
    (pago?.detraccion ? ela('cbc:Note', ' languageLocaleID="2006"', 'Operación sujeta a detracción') : '')
  );
}

/** cbc:DueDate (after IssueTime): the sale's due date, when it has one. */
export function dueDate(invoice: Invoice): string {
  return invoice.pago?.fecha_vencimiento ? el('cbc:DueDate', invoice.pago.fecha_vencimiento) : '';
}

/** cac:PaymentMeans and cac:PaymentTerms, in UBL order (after the customer, before the charges). */
export function paymentMeansAndTerms(invoice: Invoice): string {
  const pago = invoice.pago;
  const moneda = invoice.moneda;
  let out = '';
  if (pago?.detraccion) {
    const d = pago.detraccion;
    out +=
      `<cac:PaymentMeans><cbc:ID>Detraccion</cbc:ID>${ela('cbc:PaymentMeansCode', MEANS_CODE_ATTRS, d.medio_pago)}` +
      `<cac:PayeeFinancialAccount>${el('cbc:ID', d.cuenta)}</cac:PayeeFinancialAccount></cac:PaymentMeans>` +
      `<cac:PaymentTerms><cbc:ID>Detraccion</cbc:ID>${ela('cbc:PaymentMeansID', DETRACCION_CODE_ATTRS, d.codigo)}` +
      `${el('cbc:PaymentPercent', d.porcentaje)}${currencyAmount('cbc:Amount', 'PEN', d.monto, 'detraccion')}</cac:PaymentTerms>`;
  }
  if (pago?.percepcion) {
    out += `<cac:PaymentTerms><cbc:ID>Percepcion</cbc:ID>${currencyAmount('cbc:Amount', 'PEN', pago.percepcion.total, 'percepcion')}</cac:PaymentTerms>`;
  }
  const forma = pago?.forma_pago ?? invoice.forma_pago;
  if (forma === 'Credito' && pago) {
    out +=
      `<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Credito</cbc:PaymentMeansID>` +
      `${currencyAmount('cbc:Amount', moneda, pago.monto_neto_pendiente ?? '', 'monto_neto_pendiente')}</cac:PaymentTerms>`;
    (pago.cuotas ?? []).forEach((c, i) => {
      out +=
        `<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Cuota${String(i + 1).padStart(3, '0')}</cbc:PaymentMeansID>` +
        `${currencyAmount('cbc:Amount', moneda, c.monto, 'cuotas')}${el('cbc:PaymentDueDate', c.fecha_vencimiento)}</cac:PaymentTerms>`;
    });
  } else if (invoice.tipo === '01' || forma) {
    out += `<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Contado</cbc:PaymentMeansID></cac:PaymentTerms>`;
  }
  return out;
}

/** Header charges of the payment conditions: percepción (51-53, in PEN) and retención (62, informative). */
export function paymentCharges(invoice: Invoice): string {
  const pago = invoice.pago;
  let out = '';
  if (pago?.percepcion) {
    const p = pago.percepcion;
    out += charge(
      true,
      p.codigo,
      p.factor,
      currencyAmount('cbc:Amount', 'PEN', p.monto, 'percepcion') + currencyAmount('cbc:BaseAmount', 'PEN', p.base, 'percepcion'),
    );
  }
  if (pago?.retencion) {
    const r = pago.retencion;
    out += charge(
      false,
      '62',
      r.factor,
      currencyAmount('cbc:Amount', invoice.moneda, r.monto, 'retencion') + currencyAmount('cbc:BaseAmount', invoice.moneda, r.base, 'retencion'),
    );
  }
  return out;
}

function charge(indicator: boolean, codigo: string, factor: string, amounts: string): string {
  if (!/^\d{1,3}(\.\d{1,5})?$/.test(factor)) throw new Error(`factor de cargo inválido "${factor}"`);
  return (
    `<cac:AllowanceCharge><cbc:ChargeIndicator>${indicator}</cbc:ChargeIndicator>${ela('cbc:AllowanceChargeReasonCode', CHARGE_ATTRS, codigo)}` +
    `<cbc:MultiplierFactorNumeric>${factor}</cbc:MultiplierFactorNumeric>${amounts}</cac:AllowanceCharge>`
  );
}
