import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { nodes, parseXml, text } from '@/sunat/cdr/safe-xml';
import { getStatusResponse, sendBillResponse, sendSummaryResponse, soapFault } from '@/sunat/simulator/soap/soap-templates';
import { VENDOR_SUNAT_DIR } from '@/sunat/xml/testing/paths';
import { getStatusCdrEnvelope, sendBillEnvelope, SOAP_ENV_NS, SUNAT_SERVICE_NS, WSSE_NS } from './envelope';
import { parseSoapResponse } from './soap-response';

const SOAP_SAMPLES = join(VENDOR_SUNAT_DIR, 'samples', 'soap');
const sol = { ruc: '20000000001', usuario: 'MODDATOS', clave: 'a&b<c' };

/** Element names with namespaces, nesting kept, text and prefixes ignored. */
function shape(xml: string): string {
  const walk = (node: Element): string => {
    const children = (nodes(node, '*') as Element[]).map(walk);
    return `{${node.namespaceURI ?? ''}}${node.localName}${children.length ? `(${children.join(',')})` : ''}`;
  };
  return walk(parseXml(xml).documentElement);
}

describe('SOAP request envelopes', () => {
  it('sendBill: WS-Security UsernameToken RUC+user, fileName and base64 zip', () => {
    const zip = Buffer.from('PK\u0003\u0004zip');
    const envelope = sendBillEnvelope(sol, '20000000001-01-F001-1.zip', zip);
    const root = parseXml(envelope).documentElement;
    expect(root.namespaceURI).toBe(SOAP_ENV_NS);
    const token = nodes(root, 'Header/Security/UsernameToken')[0] as Element;
    expect(token.namespaceURI).toBe(WSSE_NS);
    expect(text(token, 'Username')).toBe('20000000001MODDATOS');
    expect(text(token, 'Password')).toBe('a&b<c');
    const operation = nodes(root, 'Body/sendBill')[0] as Element;
    expect(operation.namespaceURI).toBe(SUNAT_SERVICE_NS);
    expect(text(operation, 'fileName')).toBe('20000000001-01-F001-1.zip');
    expect(Buffer.from(text(operation, 'contentFile')!, 'base64')).toEqual(zip);
    expect(shape(envelope)).toBe(
      `{${SOAP_ENV_NS}}Envelope({${SOAP_ENV_NS}}Header({${WSSE_NS}}Security({${WSSE_NS}}UsernameToken({${WSSE_NS}}Username,{${WSSE_NS}}Password))),` +
        `{${SOAP_ENV_NS}}Body({${SUNAT_SERVICE_NS}}sendBill({}fileName,{}contentFile)))`,
    );
  });

  it('getStatusCdr: the four fields of billConsultService in WSDL order', () => {
    const envelope = getStatusCdrEnvelope(sol, { ruc: '20000000001', tipo: '01', serie: 'F001', numero: 7 });
    const operation = nodes(parseXml(envelope).documentElement, 'Body/getStatusCdr')[0] as Element;
    expect((nodes(operation, '*') as Element[]).map((n) => `${n.localName}=${n.textContent}`)).toEqual([
      'rucComprobante=20000000001',
      'tipoComprobante=01',
      'serieComprobante=F001',
      'numeroComprobante=7',
    ]);
  });
});

describe("the simulator answers in SUNAT's shapes", () => {
  const sample = (file: string) => readFileSync(resolve(SOAP_SAMPLES, file), 'utf8');
  const zip = Buffer.from('zip');

  it.each([
    ['bill_service_response_ok.xml', sendBillResponse(zip).body],
    ['bill_service_response_ticket.xml', sendSummaryResponse('1703154974517').body],
    ['get_status_response_ok.xml', getStatusResponse('0', zip).body],
    ['bill_service_response_fault.xml', soapFault('0111', 'No tiene el perfil').body],
  ])('%s', (file, ours) => {
    expect(shape(ours)).toBe(shape(sample(file)));
    expect(parseSoapResponse(ours).type).toBe(parseSoapResponse(sample(file)).type);
  });

  it('fault carries the code in the faultcode like SUNAT', () => {
    expect(parseSoapResponse(soapFault('0102', 'Usuario o contrasena incorrectos').body)).toMatchObject({
      code: '0102',
      faultcode: 'soap-env:Client.0102',
    });
  });
});

describe('parseSoapResponse edge cases', () => {
  it.each([
    ['', /vacía/],
    ['<html>502</html>', /no es un sobre SOAP/],
    ['<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><x:sendBillResponse xmlns:x="u"/></S:Body></S:Envelope>', /sin contenido/],
  ])('refuses %p', (body, error) => {
    expect(() => parseSoapResponse(body)).toThrow(error);
  });

  it('takes the code from the faultstring when the faultcode has none', () => {
    const body =
      '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><S:Fault>' +
      '<faultcode>S:Server</faultcode><faultstring>0130</faultstring></S:Fault></S:Body></S:Envelope>';
    expect(parseSoapResponse(body)).toMatchObject({
      type: 'fault',
      code: '0130',
      message: 'El sistema no puede responder su solicitud. (No se pudo obtener el ticket de proceso)',
    });
  });
});
