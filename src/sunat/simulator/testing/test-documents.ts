import { zipDocument } from '@/sunat/zip/zip';
import { createSelfSignedCert, KeyAndCert } from '../crypto/self-signed';
import { signXml } from '../crypto/xml-signature';

/**
 * Minimal signed documents for gateway and simulator tests. Signed with xml-crypto and a throwaway
 * certificate, independent of the service's own XmlSigner, so these tests do not depend on it.
 */
export const createTestCertificate = (): KeyAndCert => createSelfSignedCert('EMPRESA DE PRUEBA SAC');

const NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sac: 'urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1',
};
const ROOT_NS: Record<string, string> = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  DebitNote: 'urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2',
  DespatchAdvice: 'urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2',
  SummaryDocuments: 'urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1',
  VoidedDocuments: 'urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1',
};
const ROOT_BY_TIPO: Record<string, string> = {
  '01': 'Invoice',
  '03': 'Invoice',
  '07': 'CreditNote',
  '08': 'DebitNote',
  '09': 'DespatchAdvice',
  RC: 'SummaryDocuments',
  RA: 'VoidedDocuments',
};

export interface TestDocument {
  name: string;
  xml: string;
  zip: Buffer;
}

/** name: '20000000001-01-F001-1' or '20000000001-RC-20240101-1'; `note` changes the content, not the identity. */
export function unsignedXml(name: string, note = 'PRUEBA'): string {
  const [ruc, tipo, serie, numero] = name.split('-');
  const root = ROOT_BY_TIPO[tipo];
  if (!root) throw new Error(`tipo sin plantilla: ${tipo}`);
  const summary = tipo === 'RC' || tipo === 'RA';
  const id = summary ? `${tipo}-${serie}-${numero}` : `${serie}-${numero}`;
  const supplier = summary
    ? `<cac:AccountingSupplierParty><cbc:CustomerAssignedAccountID>${ruc}</cbc:CustomerAssignedAccountID><cbc:AdditionalAccountID>6</cbc:AdditionalAccountID></cac:AccountingSupplierParty>`
    : tipo === '09'
      ? `<cac:DespatchSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${ruc}</cbc:ID></cac:PartyIdentification></cac:Party></cac:DespatchSupplierParty>` +
        `<cac:DeliveryCustomerParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">20000000002</cbc:ID></cac:PartyIdentification></cac:Party></cac:DeliveryCustomerParty>`
      : `<cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${ruc}</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingSupplierParty>` +
        `<cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">20100070970</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingCustomerParty>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<${root} xmlns="${ROOT_NS[root]}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ext="${NS.ext}" xmlns:sac="${NS.sac}">` +
    `<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>` +
    `<cbc:UBLVersionID>${summary ? '2.0' : '2.1'}</cbc:UBLVersionID><cbc:CustomizationID>${summary ? '1.1' : '2.0'}</cbc:CustomizationID>` +
    `<cbc:ID>${id}</cbc:ID><cbc:Note>${note}</cbc:Note>` +
    `<cac:Signature><cbc:ID>SignIMM</cbc:ID><cac:SignatoryParty><cac:PartyIdentification><cbc:ID>${ruc}</cbc:ID></cac:PartyIdentification></cac:SignatoryParty></cac:Signature>` +
    supplier +
    `</${root}>`
  );
}

export function signedDocument(key: KeyAndCert, name: string, note?: string): TestDocument {
  const xml = signXml(unsignedXml(name, note), key, { signatureId: 'SignIMM' });
  return { name, xml, zip: zipDocument(name, xml) };
}

/** Signed, then one byte of content changed: SUNAT answers 2335. */
export function tamperedDocument(key: KeyAndCert, name: string): TestDocument {
  const xml = signXml(unsignedXml(name), key, { signatureId: 'SignIMM' }).replace('PRUEBA', 'PRUEBO');
  return { name, xml, zip: zipDocument(name, xml) };
}
