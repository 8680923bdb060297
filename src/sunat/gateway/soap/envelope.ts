import { SolCredentials, solUsername } from '../credentials';

export const SOAP_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SUNAT_SERVICE_NS = 'http://service.sunat.gob.pe';
export const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Document/literal SOAP 1.1 with a WS-Security UsernameToken, as SUNAT's billService expects. */
export function soapEnvelope(sol: SolCredentials, operation: string, fields: Record<string, string | number>): string {
  const body = Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:ser="${SUNAT_SERVICE_NS}" xmlns:wsse="${WSSE_NS}">` +
    `<soapenv:Header><wsse:Security><wsse:UsernameToken>` +
    `<wsse:Username>${escapeXml(solUsername(sol))}</wsse:Username>` +
    `<wsse:Password>${escapeXml(sol.clave)}</wsse:Password>` +
    `</wsse:UsernameToken></wsse:Security></soapenv:Header>` +
    `<soapenv:Body><ser:${operation}>${body}</ser:${operation}></soapenv:Body>` +
    `</soapenv:Envelope>`
  );
}

export const sendBillEnvelope = (sol: SolCredentials, fileName: string, zip: Buffer) =>
  soapEnvelope(sol, 'sendBill', { fileName, contentFile: zip.toString('base64') });

export const sendSummaryEnvelope = (sol: SolCredentials, fileName: string, zip: Buffer) =>
  soapEnvelope(sol, 'sendSummary', { fileName, contentFile: zip.toString('base64') });

export const getStatusEnvelope = (sol: SolCredentials, ticket: string) => soapEnvelope(sol, 'getStatus', { ticket });

export const getStatusCdrEnvelope = (sol: SolCredentials, ref: { ruc: string; tipo: string; serie: string; numero: number }) =>
  soapEnvelope(sol, 'getStatusCdr', {
    rucComprobante: ref.ruc,
    tipoComprobante: ref.tipo,
    serieComprobante: ref.serie,
    numeroComprobante: ref.numero,
  });
