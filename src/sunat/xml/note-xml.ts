import type { Note } from '@/sunat/documents/note';
import { XML_DECLARATION, el, ela } from './canonical';
import { openRoot } from './namespaces';
import { documentNumber, issueDateTime, legend1000, monetaryTotal, saleLine } from './sale-parts';
import { documentTaxTotal } from './tax';
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
    ela('cbc:DocumentCurrencyCode', DOCUMENT_CURRENCY_ATTRS, moneda) +
    `<cac:DiscrepancyResponse>${el('cbc:ReferenceID', affected.numero)}` +
    `${ela('cbc:ResponseCode', kind.reasonAttrs, note.motivo.codigo)}${el('cbc:Description', note.motivo.descripcion)}` +
    `</cac:DiscrepancyResponse>` +
    `<cac:BillingReference><cac:InvoiceDocumentReference>${el('cbc:ID', affected.numero)}` +
    `${ela('cbc:DocumentTypeCode', DOCUMENT_TYPE_ATTRS, affected.tipo)}</cac:InvoiceDocumentReference></cac:BillingReference>` +
    signatureBlock(note.company) +
    accountingSupplierParty(note.company) +
    accountingCustomerParty(note.customer) +
    documentTaxTotal(note.lines, totals, moneda) +
    monetaryTotal(kind.total, totals, moneda) +
    lines +
    `</${kind.root}>`
  );
}
