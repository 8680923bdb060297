import type { Invoice } from '@/sunat/documents/invoice';
import { XML_DECLARATION, attr, el, ela } from './canonical';
import { openRoot } from './namespaces';
import { LEGEND_1002, LEGEND_2007, discount, documentNumber, issueDateTime, legend1000, monetaryTotal, saleLine } from './sale-parts';
import { documentTaxTotal, schemeOf } from './tax';
import { dueDate, paymentCharges, paymentLegends, paymentMeansAndTerms } from './payment-terms';
import { documentReferences } from './document-references';
import { payableAmount, prepaidDeductions, prepaidMonetaryTotal, prepaidPayments, taxTotalsAfterPrepaid } from './prepaid';
import { DOCUMENT_CURRENCY_ATTRS, UBL_EXTENSIONS, accountingCustomerParty, accountingSupplierParty, signatureBlock } from './ubl-parts';

const TYPE_CODE_ATTRS_BEFORE_ID = ' listAgencyName="PE:SUNAT" listID="';
const TYPE_CODE_ATTRS_AFTER_ID =
  '" listName="Tipo de Documento" listSchemeURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo51"' +
  ' listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01" name="Tipo de Operacion"';

/**
 * Factura (01) or boleta (03) as UBL 2.1 Invoice, CustomizationID 2.0, in canonical form.
 * The operation type (catalog 51, '0101' venta interna) goes in InvoiceTypeCode/@listID, where
 * SUNAT's 2.1 rules read it; cbc:ProfileID is not used by UBL 2.1 SUNAT documents.
 */
export function buildInvoiceXml(invoice: Invoice): string {
  const { moneda, totals } = invoice;
  const tipoOperacion = invoice.tipo_operacion ?? '0101';
  let lines = '';
  for (let i = 0; i < invoice.lines.length; i++) {
    lines += saleLine('cac:InvoiceLine', 'cbc:InvoicedQuantity', invoice.lines[i], i + 1, moneda);
  }
  return (
    XML_DECLARATION +
    openRoot('Invoice') +
    UBL_EXTENSIONS +
    '<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:CustomizationID>2.0</cbc:CustomizationID>' +
    el('cbc:ID', documentNumber(invoice.serie, invoice.correlativo)) +
    issueDateTime(invoice.fecha_emision, invoice.hora_emision) +
    dueDate(invoice) +
    ela('cbc:InvoiceTypeCode', TYPE_CODE_ATTRS_BEFORE_ID + attr(tipoOperacion) + TYPE_CODE_ATTRS_AFTER_ID, invoice.tipo) +
    legend1000(payableAmount(invoice), moneda) +
    (invoice.lines.some((l) => schemeOf(l.tipo_afectacion_igv).id === '9996') ? LEGEND_1002 : '') +
    (invoice.lines.some((l) => l.tipo_afectacion_igv === '17') ? LEGEND_2007 : '') +
    paymentLegends(invoice) +
    ela('cbc:DocumentCurrencyCode', DOCUMENT_CURRENCY_ATTRS, moneda) +
    documentReferences(invoice) +
    signatureBlock(invoice.company) +
    accountingSupplierParty(invoice.company) +
    accountingCustomerParty(invoice.customer) +
    paymentMeansAndTerms(invoice) +
    prepaidPayments(invoice) +
    (totals.descuento_global ? discount('02', totals.descuento_global, moneda) : '') +
    prepaidDeductions(invoice) +
    paymentCharges(invoice) +
    documentTaxTotal(invoice.lines, taxTotalsAfterPrepaid(invoice), moneda) +
    (invoice.anticipos?.length ? prepaidMonetaryTotal(invoice, moneda) : monetaryTotal('cac:LegalMonetaryTotal', totals, moneda)) +
    lines +
    '</Invoice>'
  );
}
