import type { Note } from '@/sunat/documents/note';
import { XML_DECLARATION, el, ela } from './canonical';
import { openRoot } from './namespaces';
import { LEGEND_1002, LEGEND_2007, documentNumber, issueDateTime, legend1000, monetaryTotal, saleLine } from './sale-parts';
import { currencyAmount, documentTaxTotal, schemeOf } from './tax';
import { DOCUMENT_CURRENCY_ATTRS, UBL_EXTENSIONS, accountingCustomerParty, accountingSupplierParty, signatureBlock } from './ubl-parts';

const KINDS = {
  '07': {
    root: 'CreditNote',
    line: 'cac:CreditNoteLine',
    quantity: 'cbc:CreditedQuantity',
    total: 'cac:LegalMonetaryTotal',
    reasonAttrs: ' listAgencyName="PE:SUNAT" listName="Tipo de nota de credito" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo09"',
  },
  '08': {
    root: 'DebitNote',
    line: 'cac:DebitNoteLine',
    quantity: 'cbc:DebitedQuantity',
    total: 'cac:RequestedMonetaryTotal',
    reasonAttrs: ' listAgencyName="PE:SUNAT" listName="Tipo de nota de debito" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo10"',
  },
} as const;

const DOCUMENT_TYPE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Tipo de Documento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01"';

/** Nota de crédito (07, UBL 2.1 CreditNote) or nota de débito (08, UBL 2.1 DebitNote), in canonical form. */
export function buildNoteXml(note: Note): string {
  const kind = KINDS[note.tipo];
  if (!kind) throw new Error(`Tipo de nota no soportado: ${note.tipo}`);
  const { moneda, totals } = note;
  const affected = note.documento_afectado;
  let lines = '';
  for (let i = 0; i < note.lines.length; i++) {
    lines += saleLine(kind.line, kind.quantity, note.lines[i], i + 1, moneda);
  }
  return (
    XML_DECLARATION +
    openRoot(kind.root) +
    UBL_EXTENSIONS +
    '<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:CustomizationID>2.0</cbc:CustomizationID>' +
    el('cbc:ID', documentNumber(note.serie, note.correlativo)) +
    issueDateTime(note.fecha_emision, note.hora_emision) +
    legend1000(totals.total, moneda) +
    (note.lines.some((l) => schemeOf(l.tipo_afectacion_igv).id === '9996') ? LEGEND_1002 : '') +
    (note.lines.some((l) => l.tipo_afectacion_igv === '17') ? LEGEND_2007 : '') +
    ela('cbc:DocumentCurrencyCode', DOCUMENT_CURRENCY_ATTRS, moneda) +
    `<cac:DiscrepancyResponse>${el('cbc:ReferenceID', affected.numero)}` +
    `${ela('cbc:ResponseCode', kind.reasonAttrs, note.motivo.codigo)}${el('cbc:Description', note.motivo.descripcion)}` +
    `</cac:DiscrepancyResponse>` +
    `<cac:BillingReference><cac:InvoiceDocumentReference>${el('cbc:ID', affected.numero)}` +
    `${ela('cbc:DocumentTypeCode', DOCUMENT_TYPE_ATTRS, affected.tipo)}</cac:InvoiceDocumentReference></cac:BillingReference>` +
    signatureBlock(note.company) +
    accountingSupplierParty(note.company) +
    accountingCustomerParty(note.customer) +
    paymentTerms(note) +
    documentTaxTotal(note.lines, totals, moneda) +
    monetaryTotal(kind.total, totals, moneda) +
    lines +
    `</${kind.root}>`
  );
}

/**
 * Reason 13's new schedule (SUNAT rules 3257, 3249, 3252-3256, 3319): FormaPago Credito with the pending
 * amount, then one Cuota001.. per instalment with its amount and due date.
 */
function paymentTerms(note: Note): string {
  if (!note.cuotas?.length) return '';
  const pending = note.cuotas.reduce((acc, c) => acc + Math.round(Number(c.monto) * 100), 0);
  let out =
    `<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Credito</cbc:PaymentMeansID>` +
    `${currencyAmount('cbc:Amount', note.moneda, (pending / 100).toFixed(2), 'cuotas')}</cac:PaymentTerms>`;
  note.cuotas.forEach((c, i) => {
    out +=
      `<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Cuota${String(i + 1).padStart(3, '0')}</cbc:PaymentMeansID>` +
      `${currencyAmount('cbc:Amount', note.moneda, c.monto, 'cuotas')}${el('cbc:PaymentDueDate', c.fecha_vencimiento)}</cac:PaymentTerms>`;
  });
  return out;
}
