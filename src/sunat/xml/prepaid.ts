import Decimal from 'decimal.js';
import type { DocumentTotals, Moneda } from '@/sunat/documents/common';
import type { Invoice } from '@/sunat/documents/invoice';
import { ela, sumMoney } from './canonical';
import { currencyAmount } from './tax';

/*
 * Issue 18 part B: an invoice deducting advance invoices, as SUNAT's rules compute it (Excel v7): the lines
 * keep their full value; each advance is a PrepaidPayment (taxes included) and a catálogo 53 AllowanceCharge
 * ('04' gravado, '05' exonerado, '06' inafecto) with its value, which the header tax bases leave out (3277,
 * 3275, 3274); LineExtensionAmount and TaxInclusiveAmount stay those of the lines (3278) and
 * PayableAmount = TaxInclusiveAmount - PrepaidAmount (3280).
 */

const DEDUCTION_ATTRS = ' listAgencyName="PE:SUNAT" listName="Cargo/descuento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo53"';
const PREPAID_ID_ATTRS = ' schemeAgencyName="PE:SUNAT" schemeName="Anticipo"';

const sub = (a: string, b: string): string => new Decimal(a).minus(b).toFixed(2);
const sumOf = (invoice: Invoice, codigo: string, field: 'base' | 'igv'): string =>
  sumMoney(['0.00', ...(invoice.anticipos ?? []).filter((a) => a.codigo === codigo).map((a) => a[field])]);

export const prepaidAmount = (invoice: Invoice): string => sumMoney(['0.00', ...(invoice.anticipos ?? []).map((a) => a.monto)]);

/** What the client still pays: the total less the advances (the total itself without any). */
export function payableAmount(invoice: Invoice): string {
  return invoice.anticipos?.length ? sub(invoice.totals.total, prepaidAmount(invoice)) : invoice.totals.total;
}

/** The totals the header TaxTotal states: tax bases and IGV net of the deducted advances. */
export function taxTotalsAfterPrepaid(invoice: Invoice): DocumentTotals {
  const t = invoice.totals;
  if (!invoice.anticipos?.length) return t;
  return {
    ...t,
    gravadas: sub(t.gravadas, sumOf(invoice, '04', 'base')),
    igv: sub(t.igv, sumOf(invoice, '04', 'igv')),
    exoneradas: sub(t.exoneradas, sumOf(invoice, '05', 'base')),
    inafectas: sub(t.inafectas, sumOf(invoice, '06', 'base')),
  };
}

/** cac:PrepaidPayment, one per advance, IDs 1..n (the DocumentStatusCode of its AdditionalDocumentReference). */
export function prepaidPayments(invoice: Invoice): string {
  return (invoice.anticipos ?? [])
    .map(
      (a, i) =>
        `<cac:PrepaidPayment>${ela('cbc:ID', PREPAID_ID_ATTRS, String(i + 1))}${currencyAmount('cbc:PaidAmount', invoice.moneda, a.monto, 'anticipos')}</cac:PrepaidPayment>`,
    )
    .join('');
}

/** One AllowanceCharge per advance: its value over the lines' base of the same kind. */
export function prepaidDeductions(invoice: Invoice): string {
  const t = invoice.totals;
  const baseOf = { '04': t.gravadas, '05': t.exoneradas, '06': t.inafectas } as const;
  return (invoice.anticipos ?? [])
    .map((a) => {
      const base = baseOf[a.codigo];
      const factor = new Decimal(a.base).div(base).toDecimalPlaces(5, Decimal.ROUND_HALF_UP).toFixed();
      return (
        `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>${ela('cbc:AllowanceChargeReasonCode', DEDUCTION_ATTRS, a.codigo)}` +
        `<cbc:MultiplierFactorNumeric>${factor}</cbc:MultiplierFactorNumeric>${currencyAmount('cbc:Amount', invoice.moneda, a.base, 'anticipos')}` +
        `${currencyAmount('cbc:BaseAmount', invoice.moneda, base, 'anticipos')}</cac:AllowanceCharge>`
      );
    })
    .join('');
}

/** cac:LegalMonetaryTotal of an invoice with advances; LineExtensionAmount as monetaryTotal (sale-parts.ts) states it. */
export function prepaidMonetaryTotal(invoice: Invoice, moneda: Moneda): string {
  const t = invoice.totals;
  const lineExtension = sumMoney([t.gravadas, t.exoneradas, t.inafectas, t.exportacion ?? '0.00', t.ivap_base ?? '0.00']);
  return (
    `<cac:LegalMonetaryTotal>${currencyAmount('cbc:LineExtensionAmount', moneda, lineExtension, 'totales')}` +
    `${currencyAmount('cbc:TaxInclusiveAmount', moneda, invoice.totals.total, 'total')}` +
    `${currencyAmount('cbc:PrepaidAmount', moneda, prepaidAmount(invoice), 'anticipos')}` +
    `${currencyAmount('cbc:PayableAmount', moneda, payableAmount(invoice), 'total')}</cac:LegalMonetaryTotal>`
  );
}
