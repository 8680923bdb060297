import type { Invoice } from '@/sunat/documents/invoice';
import { attr, el, ela } from './canonical';

/* Issue 18 part B: the references of an invoice, in UBL order (OrderReference, DespatchDocumentReference, AdditionalDocumentReference). */

const GUIDE_TYPE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Tipo de Documento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01"';
const RELATED_TYPE_ATTRS = ' listAgencyName="PE:SUNAT" listName="Documento Relacionado" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo12"';
const PREPAID_STATUS_ATTRS = ' listAgencyName="PE:SUNAT" listName="Anticipo"';
const ISSUER_ID_ATTRS_BEFORE_TYPE =
  ' schemeAgencyName="PE:SUNAT" schemeID="6" schemeName="Documento de Identidad" schemeURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo06"';

/**
 * Goes right after cbc:DocumentCurrencyCode. An advance invoice's reference carries DocumentStatusCode = the
 * ID of its cac:PrepaidPayment (1, 2, ...) and its issuer's RUC (SUNAT's rules 3214-3217).
 */
export function documentReferences(invoice: Invoice): string {
  const refs = invoice.referencias;
  let xml = refs?.orden_compra ? `<cac:OrderReference>${el('cbc:ID', refs.orden_compra)}</cac:OrderReference>` : '';
  for (const guia of refs?.guias ?? []) {
    xml += `<cac:DespatchDocumentReference>${el('cbc:ID', guia.numero)}${ela('cbc:DocumentTypeCode', GUIDE_TYPE_ATTRS, guia.tipo)}</cac:DespatchDocumentReference>`;
  }
  (invoice.anticipos ?? []).forEach((anticipo, i) => {
    xml +=
      `<cac:AdditionalDocumentReference>${el('cbc:ID', anticipo.numero)}${ela('cbc:DocumentTypeCode', RELATED_TYPE_ATTRS, anticipo.tipo)}` +
      `${ela('cbc:DocumentStatusCode', PREPAID_STATUS_ATTRS, String(i + 1))}<cac:IssuerParty><cac:PartyIdentification>` +
      `<cbc:ID${ISSUER_ID_ATTRS_BEFORE_TYPE}>${attr(anticipo.ruc_emisor)}</cbc:ID></cac:PartyIdentification></cac:IssuerParty></cac:AdditionalDocumentReference>`;
  });
  for (const doc of refs?.documentos ?? []) {
    xml += `<cac:AdditionalDocumentReference>${el('cbc:ID', doc.numero)}${ela('cbc:DocumentTypeCode', RELATED_TYPE_ATTRS, doc.tipo)}</cac:AdditionalDocumentReference>`;
  }
  return xml;
}
