import { escapeXml } from '@/sunat/gateway/soap/envelope';
import { Answer } from '../control/apply-control';

const XML = 'text/xml; charset=utf-8';
const SOAP_ENV = 'xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/"';

/** Shapes copied from SUNAT's real answers in vendor/sunat/samples/soap. */
function billEnvelope(content: string): Answer {
  return {
    status: 200,
    contentType: XML,
    body:
      `<?xml version="1.0" encoding="UTF-8"?>` +
      `<soap-env:Envelope ${SOAP_ENV}><soap-env:Header/><soap-env:Body>${content}</soap-env:Body></soap-env:Envelope>`,
  };
}

function statusEnvelope(content: string): Answer {
  return {
    status: 200,
    contentType: XML,
    body: `<?xml version="1.0" encoding="UTF-8"?>` + `<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>${content}</S:Body></S:Envelope>`,
  };
}

export const sendBillResponse = (cdrZip: Buffer) =>
  billEnvelope(
    `<br:sendBillResponse xmlns:br="http://service.sunat.gob.pe"><applicationResponse>${cdrZip.toString('base64')}</applicationResponse></br:sendBillResponse>`,
  );

export const sendSummaryResponse = (ticket: string, element: 'sendSummaryResponse' | 'sendPackResponse' = 'sendSummaryResponse') =>
  billEnvelope(`<br:${element} xmlns:br="http://service.sunat.gob.pe"><ticket>${escapeXml(ticket)}</ticket></br:${element}>`);

/** billService getStatus (a ticket: content and statusCode) and billConsultService getStatus (statusCode and statusMessage). */
export const getStatusResponse = (statusCode: string, content?: Buffer, statusMessage?: string) =>
  statusEnvelope(
    `<ns2:getStatusResponse xmlns:ns2="http://service.sunat.gob.pe"><status>` +
      (content ? `<content>${content.toString('base64')}</content>` : '') +
      `<statusCode>${escapeXml(statusCode)}</statusCode>` +
      (statusMessage !== undefined ? `<statusMessage>${escapeXml(statusMessage)}</statusMessage>` : '') +
      `</status></ns2:getStatusResponse>`,
  );

export const getStatusCdrResponse = (statusCode: string, statusMessage: string, content?: Buffer) =>
  statusEnvelope(
    `<ns2:getStatusCdrResponse xmlns:ns2="http://service.sunat.gob.pe"><statusCdr>` +
      (content ? `<content>${content.toString('base64')}</content>` : '') +
      `<statusCode>${escapeXml(statusCode)}</statusCode><statusMessage>${escapeXml(statusMessage)}</statusMessage>` +
      `</statusCdr></ns2:getStatusCdrResponse>`,
  );

/**
 * SOAP 1.1 faults travel with HTTP 500, the code in the faultcode as SUNAT does ('soap-env:Client.0111');
 * 'Server' when SUNAT itself cannot answer (0109 while it is down).
 */
export function soapFault(code: string, message: string, side: 'Client' | 'Server' = 'Client'): Answer {
  const answer = billEnvelope(
    `<soap-env:Fault xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">` +
      `<faultcode>soap-env:${side}.${escapeXml(code)}</faultcode><faultstring>${escapeXml(message)}</faultstring></soap-env:Fault>`,
  );
  return { ...answer, status: 500 };
}
