import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { escapeXml } from '@/sunat/gateway/soap/envelope';
import { KeyAndCert } from '../crypto/self-signed';
import { signXml } from '../crypto/xml-signature';

export const SUNAT_RUC = '20131312955';

export interface CdrSpec {
  /** Name of the document answered (20000000001-01-F001-1): the zip is R-{name}.zip. */
  name: string;
  referenceId: string;
  responseCode: string;
  description: string;
  notes?: string[];
  senderRuc: string;
  recipient?: string;
  qrUrl?: string;
}

function limaNow(): { date: string; time: string } {
  const iso = new Date(Date.now() - 5 * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** A UBL 2.0 ApplicationResponse shaped like SUNAT's (see vendor/sunat/samples/cdr). */
export function buildCdrXml(spec: CdrSpec): string {
  const { date, time } = limaNow();
  const notes = (spec.notes ?? []).map((note) => `<cbc:Note>${escapeXml(note)}</cbc:Note>`).join('');
  const qr = spec.qrUrl ? `<cbc:DocumentDescription>${escapeXml(spec.qrUrl)}</cbc:DocumentDescription>` : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"` +
    ` xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"` +
    ` xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"` +
    ` xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2">` +
    `<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>` +
    `<cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.0</cbc:CustomizationID>` +
    `<cbc:ID>${randomUUID()}</cbc:ID><cbc:IssueDate>${date}</cbc:IssueDate><cbc:IssueTime>${time}</cbc:IssueTime>` +
    `<cbc:ResponseDate>${date}</cbc:ResponseDate><cbc:ResponseTime>${time}</cbc:ResponseTime>` +
    notes +
    `<cac:Signature><cbc:ID>SignSUNAT</cbc:ID><cac:SignatoryParty><cac:PartyIdentification><cbc:ID>${SUNAT_RUC}</cbc:ID>` +
    `</cac:PartyIdentification><cac:PartyName><cbc:Name>SUNAT</cbc:Name></cac:PartyName></cac:SignatoryParty>` +
    `<cac:DigitalSignatureAttachment><cac:ExternalReference><cbc:URI>#SignSUNAT</cbc:URI></cac:ExternalReference>` +
    `</cac:DigitalSignatureAttachment></cac:Signature>` +
    `<cac:SenderParty><cac:PartyIdentification><cbc:ID>${SUNAT_RUC}</cbc:ID></cac:PartyIdentification></cac:SenderParty>` +
    `<cac:ReceiverParty><cac:PartyIdentification><cbc:ID>${escapeXml(spec.senderRuc)}</cbc:ID></cac:PartyIdentification></cac:ReceiverParty>` +
    `<cac:DocumentResponse><cac:Response><cbc:ReferenceID>${escapeXml(spec.referenceId)}</cbc:ReferenceID>` +
    `<cbc:ResponseCode>${escapeXml(spec.responseCode)}</cbc:ResponseCode>` +
    `<cbc:Description>${escapeXml(spec.description)}</cbc:Description></cac:Response>` +
    `<cac:DocumentReference><cbc:ID>${escapeXml(spec.referenceId)}</cbc:ID>${qr}</cac:DocumentReference>` +
    (spec.recipient
      ? `<cac:RecipientParty><cac:PartyIdentification><cbc:ID>${escapeXml(spec.recipient)}</cbc:ID></cac:PartyIdentification></cac:RecipientParty>`
      : '') +
    `</cac:DocumentResponse></ar:ApplicationResponse>`
  );
}

/** Signed CDR in R-{name}.zip with SUNAT's empty `dummy/` entry. */
export function buildCdrZip(spec: CdrSpec, key: KeyAndCert): Buffer {
  const signed = signXml(buildCdrXml(spec), key, { signatureId: 'SignSUNAT', algorithm: 'sha256' });
  const zipped = zipSync({ 'dummy/': new Uint8Array(0), [`R-${spec.name}.xml`]: strToU8(signed) });
  return Buffer.from(zipped);
}
