import type { DocumentLine, DocumentTotals, Moneda } from '@/sunat/documents/common';
import { attr, el, ela, quantity, sumMoney } from './canonical';
import { amountInWords } from './amount-in-words';
import { currencyAmount, lineTaxTotal } from './tax';

/* Parts shared by invoices, boletas and notes. */

const PRICE_TYPE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Tipo de Precio" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo16"';
const ITEM_CLASSIFICATION_ATTRS = ' listAgencyName="GS1 US" listID="UNSPSC" listName="Item Classification"';

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
  return (
    `<${lineTag}><cbc:ID>${index}</cbc:ID>` +
    `<${quantityTag} unitCode="${attr(line.unidad)}" unitCodeListAgencyName="United Nations Economic Commission for Europe"` +
    ` unitCodeListID="UN/ECE rec 20">${quantity(line.cantidad)}</${quantityTag}>` +
    currencyAmount('cbc:LineExtensionAmount', moneda, line.valor_venta, 'valor_venta') +
    `<cac:PricingReference><cac:AlternativeConditionPrice>` +
    currencyAmount('cbc:PriceAmount', moneda, line.precio_unitario, 'precio_unitario') +
    `${ela('cbc:PriceTypeCode', PRICE_TYPE_ATTRS, '01')}</cac:AlternativeConditionPrice></cac:PricingReference>` +
    lineTaxTotal(line, moneda) +
    `<cac:Item>${el('cbc:Description', line.descripcion)}<cac:SellersItemIdentification>${el('cbc:ID', line.codigo)}` +
    `</cac:SellersItemIdentification>${classification}</cac:Item>` +
    `<cac:Price>${currencyAmount('cbc:PriceAmount', moneda, line.valor_unitario, 'valor_unitario')}</cac:Price></${lineTag}>`
  );
}

/** cac:LegalMonetaryTotal (invoices, credit notes) or cac:RequestedMonetaryTotal (debit notes). */
export function monetaryTotal(tag: string, totals: DocumentTotals, moneda: Moneda): string {
  const lineExtension = sumMoney([totals.gravadas, totals.exoneradas, totals.inafectas]);
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
