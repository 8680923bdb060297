import { create } from 'xmlbuilder2';
import { SolCredentials, solUsername } from '../credentials';

export const SOAP_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SUNAT_SERVICE_NS = 'http://service.sunat.gob.pe';
export const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const XMLNS = 'http://www.w3.org/2000/xmlns/';

/**
 * Document/literal SOAP 1.1 with a WS-Security UsernameToken, as SUNAT's billService expects. Built as a
 * tree (xmlbuilder2 escapes every text): the envelope is not signed, so no canonical form is needed here.
 */
export function soapEnvelope(sol: SolCredentials, operation: string, fields: Record<string, string | number>): string {
  const envelope = create({ version: '1.0', encoding: 'UTF-8' })
    .ele(SOAP_ENV_NS, 'soapenv:Envelope')
    .att(XMLNS, 'xmlns:ser', SUNAT_SERVICE_NS)
    .att(XMLNS, 'xmlns:wsse', WSSE_NS);
  envelope
    .ele(SOAP_ENV_NS, 'soapenv:Header')
    .ele(WSSE_NS, 'wsse:Security')
    .ele(WSSE_NS, 'wsse:UsernameToken')
    .ele(WSSE_NS, 'wsse:Username')
    .txt(solUsername(sol))
    .up()
    .ele(WSSE_NS, 'wsse:Password')
    .txt(sol.clave);
  const call = envelope.ele(SOAP_ENV_NS, 'soapenv:Body').ele(SUNAT_SERVICE_NS, `ser:${operation}`);
  // The operation's parts are unqualified (document/literal, elementFormDefault unqualified).
  for (const [name, value] of Object.entries(fields)) call.ele(null, name).txt(String(value));
  return envelope.end({ headless: false });
}

export const sendBillEnvelope = (sol: SolCredentials, fileName: string, zip: Buffer) =>
  soapEnvelope(sol, 'sendBill', { fileName, contentFile: zip.toString('base64') });

export const sendSummaryEnvelope = (sol: SolCredentials, fileName: string, zip: Buffer) =>
  soapEnvelope(sol, 'sendSummary', { fileName, contentFile: zip.toString('base64') });

export const sendPackEnvelope = (sol: SolCredentials, fileName: string, zip: Buffer) =>
  soapEnvelope(sol, 'sendPack', { fileName, contentFile: zip.toString('base64') });

/** billConsultService getStatus: the same four fields as getStatusCdr. */
export const consultStatusEnvelope = (sol: SolCredentials, ref: { ruc: string; tipo: string; serie: string; numero: number }) =>
  soapEnvelope(sol, 'getStatus', {
    rucComprobante: ref.ruc,
    tipoComprobante: ref.tipo,
    serieComprobante: ref.serie,
    numeroComprobante: ref.numero,
  });

export const getStatusEnvelope = (sol: SolCredentials, ticket: string) => soapEnvelope(sol, 'getStatus', { ticket });

export const getStatusCdrEnvelope = (sol: SolCredentials, ref: { ruc: string; tipo: string; serie: string; numero: number }) =>
  soapEnvelope(sol, 'getStatusCdr', {
    rucComprobante: ref.ruc,
    tipoComprobante: ref.tipo,
    serieComprobante: ref.serie,
    numeroComprobante: ref.numero,
  });
