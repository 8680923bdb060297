import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSoapResponse } from '@/sunat/gateway/soap/soap-response';
import { VENDOR_SUNAT_DIR } from '@/sunat/xml/testing/paths';
import { zipDocument } from '@/sunat/zip/zip';
import { cdrOutcome, CdrParseError, readCdr, readCdrZip } from './cdr-reader';
import { Cdr } from './cdr-types';
import { parseXml, UnsafeXmlError, XmlParseError } from './safe-xml';

const SAMPLES = join(VENDOR_SUNAT_DIR, 'samples');

const CDR_EXPECTATIONS: Record<string, Partial<Cdr> & { noteCodes?: string[] }> = {
  'R-20000000001-09-T001-1.gre.xml': {
    id: 'b1f343dc-8650-438a-005f-5170bddf57b9',
    issueDate: '2023-01-05',
    referenceId: 'T001-1',
    responseCode: '0',
    description: 'El Comprobante  numero T001-1, ha sido aceptado',
    documentDescription: 'https://e-factura.sunat.gob.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=xxxxxxxxxxxxxxxxxxxxxxxxxxx',
    outcome: 'accepted-with-observations',
    noteCodes: ['4398'],
  },
  'R-20220557805-01-F001-22Openubl.xml': {
    id: '1609739749091',
    issueDate: '2021-01-03T23:54:17',
    referenceId: 'F001-22',
    responseCode: '0',
    description: 'La Factura numero F001-22, ha sido aceptada',
    outcome: 'accepted-with-observations',
    noteCodes: ['4252', '4255', '3030', '4255', '4252', '4252', '4252', '4252'],
  },
  'R-20600995805-01-F001-2.exception-0109.xml': {
    referenceId: 'F001-2',
    responseCode: '0109',
    description: 'El sistema no pudo procesar su solicitud',
    outcome: 'exception',
    accepted: false,
    noteCodes: [],
  },
  'R-20600995805-01-F001-3.xml': {
    id: '201656892705188',
    issueDate: '2016-05-25',
    issueTime: '08:22:48',
    referenceId: 'F001-1',
    responseCode: '0',
    description: 'La Factura numero F001-00000001, ha sido aceptada',
    recipientId: '6-20587896411',
    outcome: 'accepted-with-observations',
    noteCodes: ['4031', '4001'],
  },
  'R-20600995805-RA-20171001-1.xml': {
    referenceId: 'RA-20171001-1',
    responseCode: '0',
    description: 'La Comunicación de baja RA-20171001-1, ha sido aceptada',
    outcome: 'accepted',
    accepted: true,
    noteCodes: [],
  },
};

function expectCdr(cdr: Cdr, expected: Partial<Cdr> & { noteCodes?: string[] }) {
  const { noteCodes, ...fields } = expected;
  expect(cdr).toMatchObject(fields);
  if (noteCodes) expect(cdr.notes.map((n) => n.code)).toEqual(noteCodes);
}

describe('readCdr over every stored SUNAT CDR', () => {
  const files = readdirSync(join(SAMPLES, 'cdr'));

  it('has an expectation for every sample file', () => {
    expect(files.sort()).toEqual(Object.keys(CDR_EXPECTATIONS).sort());
  });

  it.each(files)('%s', (file) => {
    const cdr = readCdr(readFileSync(join(SAMPLES, 'cdr', file)));
    expectCdr(cdr, CDR_EXPECTATIONS[file]);
  });

  it('splits notes into code and message', () => {
    const cdr = readCdr(readFileSync(join(SAMPLES, 'cdr', 'R-20600995805-01-F001-3.xml')));
    expect(cdr.notes[0]).toEqual({ code: '4031', message: 'Debe indicar el nombre comercial' });
  });

  it('reads the same CDR from a zip with a dummy/ entry', () => {
    const xml = readFileSync(join(SAMPLES, 'cdr', 'R-20000000001-09-T001-1.gre.xml'));
    const { fileName, cdr } = readCdrZip(zipDocument('R-20000000001-09-T001-1', xml));
    expect(fileName).toBe('R-20000000001-09-T001-1.xml');
    expect(cdr.documentDescription).toMatch(/^https:\/\/e-factura\.sunat\.gob\.pe\/.*descargaqr/);
  });
});

describe('SOAP responses stored from SUNAT', () => {
  const files = readdirSync(join(SAMPLES, 'soap'));
  const read = (file: string) => parseSoapResponse(readFileSync(join(SAMPLES, 'soap', file), 'utf8'));

  it('covers every sample file', () => {
    expect(files.sort()).toEqual([
      'bill_service_response_fault.xml',
      'bill_service_response_ok.xml',
      'bill_service_response_ticket.xml',
      'get_status_response_ok.xml',
    ]);
  });

  it('sendBill answer: applicationResponse -> unzip -> accepted CDR', () => {
    const answer = read('bill_service_response_ok.xml');
    if (answer.type !== 'applicationResponse') throw new Error(answer.type);
    const { fileName, cdr } = readCdrZip(answer.zip);
    expect(fileName).toBe('R-12345678912-01-F001-1.xml');
    expect(cdr).toMatchObject({
      id: '1703151265372',
      referenceId: 'F001-1',
      responseCode: '0',
      description: 'La Factura numero F001-1, ha sido aceptada',
      outcome: 'accepted',
      notes: [],
    });
  });

  it('sendSummary answer: ticket', () => {
    expect(read('bill_service_response_ticket.xml')).toEqual({ type: 'ticket', ticket: '1703154974517' });
  });

  it('fault: code from the faultcode digits, message from faultstring', () => {
    expect(read('bill_service_response_fault.xml')).toMatchObject({
      type: 'fault',
      code: '0111',
      faultcode: 'soap-env:Client.0111',
      message: 'No tiene el perfil para enviar comprobantes electronicos - Detalle: Rejected by policy.',
    });
  });

  it('getStatus answer: statusCode 0 with the CDR of the voiding in content', () => {
    const answer = read('get_status_response_ok.xml');
    if (answer.type !== 'status') throw new Error(answer.type);
    expect(answer.statusCode).toBe('0');
    const { fileName, cdr } = readCdrZip(answer.content!);
    expect(fileName).toBe('R-12345678912-RA-20200328-1.xml');
    expect(cdr).toMatchObject({ referenceId: 'RA-20200328-1', responseCode: '0', outcome: 'accepted' });
  });
});

describe('outcome by code', () => {
  it.each([
    ['0', [], 'accepted'],
    ['0', [{ code: '4001', message: 'x' }], 'accepted-with-observations'],
    ['4001', [], 'accepted-with-observations'],
    ['2335', [], 'rejected'],
    ['3999', [], 'rejected'],
    ['0100', [], 'exception'],
    ['1999', [], 'exception'],
    ['abc', [], 'exception'],
  ] as const)('%s -> %s', (code, notes, expected) => {
    expect(cdrOutcome(code, [...notes])).toBe(expected);
  });
});

describe('hostile and broken input', () => {
  const xxe =
    '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
    '<ApplicationResponse><DocumentResponse><Response><ResponseCode>&xxe;</ResponseCode></Response></DocumentResponse></ApplicationResponse>';
  const laughs =
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
    Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('') +
    ']><ApplicationResponse>&lol9;</ApplicationResponse>';
  const hiddenDoctype = `${' '.repeat(1_000_000)}<!doctype x SYSTEM "http://127.0.0.1/evil.dtd"><ApplicationResponse/>`;

  it.each([
    ['XXE', xxe],
    ['billion laughs', laughs],
    ['lower-case doctype after padding', hiddenDoctype],
  ])('refuses %s for its DOCTYPE, before any entity is read', (_name, input) => {
    // The refusal names the DOCTYPE: the text was never handed to a parser, so nothing was expanded or fetched.
    expect(() => readCdr(input)).toThrow(new UnsafeXmlError('XML con DOCTYPE o ENTITY rechazado'));
    expect(() => readCdr(Buffer.from(input))).toThrow(new UnsafeXmlError('XML con DOCTYPE o ENTITY rechazado'));
  });

  it('refuses malformed XML and non-CDR documents', () => {
    expect(() => parseXml('<a><b></a>')).toThrow(XmlParseError);
    expect(() => readCdr('')).toThrow(XmlParseError);
    expect(() => readCdr('<Invoice/>')).toThrow(CdrParseError);
    expect(() => readCdr('<ApplicationResponse/>')).toThrow(/ResponseCode/);
  });
});
