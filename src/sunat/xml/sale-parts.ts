import type { DocumentLine, DocumentTotals, Discount, Moneda } from '@/sunat/documents/common';
import { attr, el, ela, quantity, sumMoney, unitPrice } from './canonical';
import { amountInWords } from './amount-in-words';
import { currencyAmount, lineTaxTotal, schemeOf } from './tax';

/* Parts shared by invoices, boletas and notes. */

const PRICE_TYPE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Tipo de Precio" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo16"';
const ITEM_CLASSIFICATION_ATTRS = ' listAgencyName="GS1 US" listID="UNSPSC" listName="Item Classification"';

const DISCOUNT_ATTRS = ' listAgencyName="PE:SUNAT" listName="Cargo/descuento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo53"';

/** cbc:Note with legend 1002 (catalog 52): the document carries free lines. */
export const LEGEND_1002 = ela('cbc:Note', ' languageLocaleID="1002"', 'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE');

/** cbc:Note with legend 2007 (catalog 52): the document carries IVAP (affectation 17) lines (SUNAT observes 4264 without it). */
export const LEGEND_2007 = ela('cbc:Note', ' languageLocaleID="2007"', 'Operación sujeta a IVAP');

/** A discount (cac:AllowanceCharge, ChargeIndicator false) with its catalog 53 code: '00' on a line, '02' global. */
export function discount(codigo: '00' | '02', d: Discount, moneda: Moneda): string {
  if (!/^\d(\.\d{1,5})?$/.test(d.factor)) throw new Error(`factor de descuento inválido "${d.factor}"`);
  return (
    `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>${ela('cbc:AllowanceChargeReasonCode', DISCOUNT_ATTRS, codigo)}` +
    `<cbc:MultiplierFactorNumeric>${d.factor}</cbc:MultiplierFactorNumeric>${currencyAmount('cbc:Amount', moneda, d.monto, 'descuento')}` +
    `${currencyAmount('cbc:BaseAmount', moneda, d.base, 'descuento')}</cac:AllowanceCharge>`
  );
}

/** `<cbc:PriceAmount currencyID="PEN">84.7457627119</cbc:PriceAmount>`: up to 10 decimals. */
const priceAmount = (moneda: Moneda, value: string, field: string): string =>
  `<cbc:PriceAmount currencyID="${moneda}">${unitPrice(value, field)}</cbc:PriceAmount>`;

/** cbc:Note with legend 1000, the total in words. */
export function legend1000(total: string, moneda: Moneda): string {
  return ela('cbc:Note', ' languageLocaleID="1000"', amountInWords(total, moneda));
}

/**
 * One document line. `lineTag` is cac:InvoiceLine / cac:CreditNoteLine / cac:DebitNoteLine and
 * `quantityTag` its quantity element.
 */
export function saleLine(lineTag: string, quantityTag: string, line: DocumentLine, index: number, moneda: Moneda): string {
  const classification = line.codigo_sunat
    ? `<cac:CommodityClassification>${ela('cbc:ItemClassificationCode', ITEM_CLASSIFICATION_ATTRS, line.codigo_sunat)}</cac:CommodityClassification>`
    : '';
  // A free line (subtotal 9996) prices its referential value (catalog 16 type 02) and charges 0.
  const priceType = schemeOf(line.tipo_afectacion_igv).id === '9996' ? '02' : '01';
  return (
    `<${lineTag}><cbc:ID>${index}</cbc:ID>` +
    `<${quantityTag} unitCode="${attr(line.unidad)}" unitCodeListAgencyName="United Nations Economic Commission for Europe"` +
    ` unitCodeListID="UN/ECE rec 20">${quantity(line.cantidad)}</${quantityTag}>` +
    currencyAmount('cbc:LineExtensionAmount', moneda, line.valor_venta, 'valor_venta') +
    `<cac:PricingReference><cac:AlternativeConditionPrice>` +
    priceAmount(moneda, line.precio_unitario, 'precio_unitario') +
    `${ela('cbc:PriceTypeCode', PRICE_TYPE_ATTRS, priceType)}</cac:AlternativeConditionPrice></cac:PricingReference>` +
    (line.descuento ? discount('00', line.descuento, moneda) : '') +
    lineTaxTotal(line, moneda) +
    `<cac:Item>${el('cbc:Description', line.descripcion)}<cac:SellersItemIdentification>${el('cbc:ID', line.codigo)}` +
    `</cac:SellersItemIdentification>${classification}</cac:Item>` +
    `<cac:Price>${priceAmount(moneda, line.valor_unitario, 'valor_unitario')}</cac:Price></${lineTag}>`
  );
}

/** cac:LegalMonetaryTotal (invoices, credit notes) or cac:RequestedMonetaryTotal (debit notes). */
export function monetaryTotal(tag: string, totals: DocumentTotals, moneda: Moneda): string {
  // Paid lines only (free lines add nothing), net of the global discount: SUNAT's rule 3278.
  const lineExtension = sumMoney([totals.gravadas, totals.exoneradas, totals.inafectas, totals.exportacion ?? '0.00', totals.ivap_base ?? '0.00']);
  return (
    `<${tag}>${currencyAmount('cbc:LineExtensionAmount', moneda, lineExtension, 'totales')}` +
    `${currencyAmount('cbc:TaxInclusiveAmount', moneda, totals.total, 'total')}` +
    `${currencyAmount('cbc:PayableAmount', moneda, totals.total, 'total')}</${tag}>`
  );
}

/** 'F001-25' */
export function documentNumber(serie: string, correlativo: number): string {
  if (!Number.isInteger(correlativo) || correlativo < 1 || correlativo > 99_999_999) {
    throw new Error(`Correlativo inválido: ${correlativo}`);
  }
  return `${serie}-${correlativo}`;
}

export function issueDateTime(fecha: string, hora?: string): string {
  return el('cbc:IssueDate', fecha) + (hora ? el('cbc:IssueTime', hora) : '');
}
