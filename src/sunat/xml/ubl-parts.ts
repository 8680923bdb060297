import type { Company, Customer } from '@/sunat/documents/common';
import { SIGNATURE_ID } from '@/sunat/documents/signature';
import { attr, el, ela, text } from './canonical';

/** The single empty slot the signer fills with ds:Signature. */
export const UBL_EXTENSIONS = '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>';

/** cbc:ID of a party with its catalog 06 identity type (attributes in C14N order). */
export function partyDocumentId(tipoDoc: string, numero: string): string {
  return (
    `<cbc:ID schemeAgencyName="PE:SUNAT" schemeID="${attr(tipoDoc)}" schemeName="Documento de Identidad"` +
    ` schemeURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo06">${text(numero)}</cbc:ID>`
  );
}

/** cac:Signature: the UBL pointer SUNAT follows to the ds:Signature with the same Id. */
export function signatureBlock(company: Company): string {
  return (
    `<cac:Signature>${el('cbc:ID', SIGNATURE_ID)}<cac:SignatoryParty><cac:PartyIdentification>` +
    `${el('cbc:ID', company.ruc)}</cac:PartyIdentification><cac:PartyName>${el('cbc:Name', company.razon_social)}` +
    `</cac:PartyName></cac:SignatoryParty><cac:DigitalSignatureAttachment><cac:ExternalReference>` +
    `${el('cbc:URI', `#${SIGNATURE_ID}`)}</cac:ExternalReference></cac:DigitalSignatureAttachment></cac:Signature>`
  );
}

/** cac:AccountingSupplierParty of invoices and notes, with the registered fiscal address. */
export function accountingSupplierParty(company: Company): string {
  const comercial = company.comercial ? `<cac:PartyName>${el('cbc:Name', company.comercial)}</cac:PartyName>` : '';
  return (
    `<cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification>${partyDocumentId('6', company.ruc)}` +
    `</cac:PartyIdentification>${comercial}<cac:PartyLegalEntity>${el('cbc:RegistrationName', company.razon_social)}` +
    `<cac:RegistrationAddress>${ela('cbc:ID', ' schemeAgencyName="PE:INEI" schemeName="Ubigeos"', company.ubigeo)}` +
    `${ela('cbc:AddressTypeCode', ' listAgencyName="PE:SUNAT" listName="Establecimientos anexos"', company.codigo_local || '0000')}` +
    `${el('cbc:CityName', company.provincia)}${el('cbc:CountrySubentity', company.departamento)}` +
    `${el('cbc:District', company.distrito)}<cac:AddressLine>${el('cbc:Line', company.direccion)}</cac:AddressLine>` +
    `<cac:Country>${ela('cbc:IdentificationCode', ' listAgencyName="United Nations Economic Commission for Europe" listID="ISO 3166-1" listName="Country"', 'PE')}` +
    `</cac:Country></cac:RegistrationAddress></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>`
  );
}

/** cac:AccountingCustomerParty of invoices and notes. */
export function accountingCustomerParty(customer: Customer): string {
  const address = customer.direccion
    ? `<cac:RegistrationAddress><cac:AddressLine>${el('cbc:Line', customer.direccion)}</cac:AddressLine></cac:RegistrationAddress>`
    : '';
  return (
    `<cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification>${partyDocumentId(customer.tipo_doc, customer.numero)}` +
    `</cac:PartyIdentification><cac:PartyLegalEntity>${el('cbc:RegistrationName', customer.nombre)}${address}` +
    `</cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>`
  );
}

export const DOCUMENT_CURRENCY_ATTRS = ' listAgencyName="United Nations Economic Commission for Europe" listID="ISO 4217 Alpha" listName="Currency"';

/** cac:AccountingSupplierParty of the UBL 2.0 batches (RC, RA): RUC in CustomerAssignedAccountID. */
export function batchSupplierParty(company: Company): string {
  return (
    `<cac:AccountingSupplierParty>${el('cbc:CustomerAssignedAccountID', company.ruc)}` +
    `<cbc:AdditionalAccountID>6</cbc:AdditionalAccountID><cac:Party><cac:PartyLegalEntity>` +
    `${el('cbc:RegistrationName', company.razon_social)}</cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>`
  );
}
