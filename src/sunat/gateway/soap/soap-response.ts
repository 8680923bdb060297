import { parseXml, nodes, text } from '@/sunat/cdr/safe-xml';
import { describeCode, normalizeCode } from '@/sunat/codes/return-codes';

export type SoapAnswer =
  | { type: 'fault'; code: string; message: string; faultcode: string; faultstring: string }
  | { type: 'applicationResponse'; zip: Buffer }
  | { type: 'ticket'; ticket: string }
  | { type: 'status'; statusCode: string; statusMessage?: string; content?: Buffer };

export class SoapParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SoapParseError';
  }
}

/**
 * SUNAT puts the code in the faultcode ('soap-env:Client.0111'); some gateways send only
 * 'soap-env:Server' with the code as the faultstring.
 */
export function faultCode(faultcode: string, faultstring: string): string {
  const fromCode = /(\d{3,4})\s*$/.exec(faultcode)?.[1];
  if (fromCode) return normalizeCode(fromCode);
  const fromString = /\b(\d{3,4})\b/.exec(faultstring)?.[1];
  if (fromString) return normalizeCode(fromString);
  return faultcode.replace(/^[^:]*:/, '') || 'Server';
}

function base64(value: string | undefined, what: string): Buffer | undefined {
  if (value === undefined) return undefined;
  const compact = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw new SoapParseError(`${what} no es base64`);
  return Buffer.from(compact, 'base64');
}

export function parseSoapResponse(body: string | Buffer): SoapAnswer {
  const raw = typeof body === 'string' ? body : body.toString('utf8');
  if (!raw.trim()) throw new SoapParseError('Respuesta vacía');
  let doc: Document;
  try {
    doc = parseXml(raw);
  } catch (error) {
    throw new SoapParseError(`Respuesta no es XML: ${(error as Error).message}`);
  }
  const root = doc.documentElement;
  if (root.localName !== 'Envelope') throw new SoapParseError(`Respuesta no es un sobre SOAP: '${root.localName}'`);
  const bodyNode = nodes(root, 'Body')[0];
  if (!bodyNode) throw new SoapParseError('Sobre SOAP sin Body');

  const fault = nodes(bodyNode, 'Fault')[0];
  if (fault) {
    const faultcode = text(fault, 'faultcode') ?? '';
    const faultstring = text(fault, 'faultstring') ?? text(fault, 'detail/message') ?? '';
    const code = faultCode(faultcode, faultstring);
    const message = /^\d{3,4}$/.test(faultstring) || !faultstring ? describeCode(code).descripcion : faultstring;
    return { type: 'fault', code, message, faultcode, faultstring };
  }

  const applicationResponse = text(bodyNode, '*/applicationResponse');
  if (applicationResponse !== undefined) {
    return { type: 'applicationResponse', zip: base64(applicationResponse, 'applicationResponse')! };
  }
  const ticket = text(bodyNode, '*/ticket');
  if (ticket !== undefined) return { type: 'ticket', ticket };

  const status = nodes(bodyNode, '*/status')[0] ?? nodes(bodyNode, '*/statusCdr')[0];
  if (status) {
    const statusCode = text(status, 'statusCode');
    if (statusCode === undefined) throw new SoapParseError('status sin statusCode');
    return {
      type: 'status',
      statusCode,
      statusMessage: text(status, 'statusMessage'),
      content: base64(text(status, 'content'), 'content'),
    };
  }
  const operation = nodes(bodyNode, '*')[0] as Element | undefined;
  throw new SoapParseError(`Respuesta SOAP sin contenido reconocible (${operation?.localName ?? 'Body vacío'})`);
}
