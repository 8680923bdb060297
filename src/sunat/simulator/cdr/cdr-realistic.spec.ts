import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cdrRefersTo, documentIdOfName, readCdr, readCdrZip } from '@/sunat/cdr/cdr-reader';
import { decodeXml, nodes, parseXml } from '@/sunat/cdr/safe-xml';
import { VENDOR_SUNAT_DIR } from '@/sunat/xml/testing/paths';
import { unzip } from '@/sunat/zip/zip';
import { createSelfSignedCert } from '../crypto/self-signed';
import { verifyXmlSignature } from '../crypto/xml-signature';
import { buildCdrZip, CdrSpec, CdrStyle } from './cdr-builder';

const CDR_SAMPLES = join(VENDOR_SUNAT_DIR, 'samples', 'cdr');
const AR_NS = 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2';
const key = createSelfSignedCert('SUNAT SIMULADOR');

const SPEC: CdrSpec = {
  name: '20000000001-01-F001-7',
  referenceId: 'F001-7',
  responseCode: '0',
  description: 'La Factura numero F001-7, ha sido aceptada',
  notes: ['4252 - El dato ingresado como atributo @listName es incorrecto.', '3030 - Información del código de local anexo: € ≠ ñ'],
  senderRuc: '20000000001',
  recipient: '6-20100066603',
};

/** The CDR's bytes as they travel in the zip. */
const cdrXmlBytes = (zip: Buffer): Buffer => [...unzip(zip)].find(([path]) => path.endsWith('.xml'))![1];

/** Local names of the root's children, in order (Notes and Signature positions included). */
const childOrder = (xml: Buffer | string): string[] => (nodes(parseXml(xml).documentElement, '*') as Element[]).map((el) => el.localName);

describe('realistic CDRs look like the real ones in vendor/sunat/samples/cdr', () => {
  const realistic = (spec: Partial<CdrSpec> = {}) => buildCdrZip({ ...SPEC, ...spec, style: 'realistic' }, key);

  it('ISO-8859-1 bytes as declared, the ApplicationResponse namespace as the default one, no `ar:` prefix', () => {
    const bytes = cdrXmlBytes(realistic());
    const head = bytes.subarray(0, 59).toString('latin1');
    expect(head).toBe('<?xml version="1.0" encoding="ISO-8859-1" standalone="no"?>');
    // Latin-1 letters are single bytes; what Latin-1 cannot hold is a character reference
    expect(bytes.includes(Buffer.from('Información', 'latin1'))).toBe(true);
    expect(bytes.toString('latin1')).toContain('&#8364; &#8800;');
    const root = parseXml(bytes).documentElement;
    expect({ name: root.tagName, ns: root.namespaceURI }).toEqual({ name: 'ApplicationResponse', ns: AR_NS });
    const sample = parseXml(readFileSync(join(CDR_SAMPLES, 'R-20600995805-RA-20171001-1.xml'))).documentElement;
    expect({ name: sample.tagName, ns: sample.namespaceURI }).toEqual({ name: 'ApplicationResponse', ns: AR_NS });
  });

  it('numeric ID, datetime IssueDate with IssueTime 00:00:00, Notes after cac:Signature (as the 2021 and GRE samples)', () => {
    const { cdr, xml } = readCdrZip(realistic());
    expect(cdr.id).toMatch(/^\d{13,}$/);
    expect(cdr.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(cdr.issueTime).toBe('00:00:00');
    const order = childOrder(xml);
    const sampleOrder = childOrder(readFileSync(join(CDR_SAMPLES, 'R-20220557805-01-F001-22Openubl.xml')));
    const withoutRepeats = (list: string[]) => list.filter((name, i) => name !== list[i - 1]);
    expect(withoutRepeats(order)).toEqual(withoutRepeats(sampleOrder));
    expect(order.indexOf('Note')).toBeGreaterThan(order.indexOf('Signature'));
  });

  it('signed: the signature verifies on the decoded text (references above U+00FF included)', () => {
    const bytes = cdrXmlBytes(realistic());
    expect(verifyXmlSignature(decodeXml(bytes))).toEqual({ valid: true });
  });

  it('an exception code is the minimal unsigned CDR of sample ...exception-0109 (same element tree)', () => {
    const zip = realistic({ responseCode: '0109', description: 'El sistema no pudo procesar su solicitud', notes: [] });
    const ours = parseXml(cdrXmlBytes(zip)).documentElement;
    const sample = parseXml(readFileSync(join(CDR_SAMPLES, 'R-20600995805-01-F001-2.exception-0109.xml'))).documentElement;
    const tree = (el: Element): string => `${el.localName}(${(nodes(el, '*') as Element[]).map(tree).join(',')})`;
    expect(tree(ours)).toBe(tree(sample));
    expect(readCdrZip(zip).cdr).toMatchObject({
      responseCode: '0109',
      outcome: 'exception',
      accepted: false,
      referenceId: 'F001-7',
      responses: [{ referenceId: 'F001-7' }],
    });
  });

  it.each<CdrStyle>(['realistic', 'clean'])('the reader reads the %s style with the same meaning', (style) => {
    const { cdr } = readCdrZip(buildCdrZip({ ...SPEC, style }, key));
    expect(cdr).toMatchObject({
      referenceId: 'F001-7',
      documentId: 'F001-7',
      responseCode: '0',
      description: SPEC.description,
      recipientId: '6-20100066603',
      outcome: 'accepted-with-observations',
      notes: [
        { code: '4252', message: 'El dato ingresado como atributo @listName es incorrecto.' },
        { code: '3030', message: 'Información del código de local anexo: € ≠ ñ' },
      ],
    });
    expect(cdrRefersTo(cdr, ['F001-7'])).toBe(true);
    expect(cdrRefersTo(cdr, ['F001-8'])).toBe(false);
  });

  it('a pack CDR carries one DocumentResponse per document and refers to exactly those documents', () => {
    const zip = buildCdrZip(
      { ...SPEC, name: '20000000001-LT-20240101-1', more: [{ referenceId: 'F001-8', responseCode: '2800', description: 'x' }], style: 'realistic' },
      key,
    );
    const { cdr } = readCdrZip(zip);
    expect(cdr.responses.map((r) => [r.documentId, r.responseCode])).toEqual([
      ['F001-7', '0'],
      ['F001-8', '2800'],
    ]);
    expect(cdrRefersTo(cdr, ['F001-7', 'F001-8'])).toBe(true);
    expect(cdrRefersTo(cdr, ['F001-7'])).toBe(false);
    expect(cdrRefersTo(cdr, ['F001-7', 'F001-8', 'F001-9'])).toBe(false);
  });
});

describe('each real sample CDR: read, and checked against the document its file name says it answers', () => {
  /** R-20600995805-01-F001-3.xml answers F001-1 (SUNAT's own sample): a client that sent F001-3 must not take it. */
  const REFERS_TO_ITS_NAME: Record<string, boolean> = {
    'R-20000000001-09-T001-1.gre.xml': true,
    'R-20220557805-01-F001-22Openubl.xml': true,
    'R-20600995805-01-F001-2.exception-0109.xml': true,
    'R-20600995805-01-F001-3.xml': false,
    'R-20600995805-RA-20171001-1.xml': true,
  };
  const samples = readdirSync(CDR_SAMPLES).filter((f) => f.endsWith('.xml'));

  it('every sample is listed', () => expect(samples.sort()).toEqual(Object.keys(REFERS_TO_ITS_NAME).sort()));

  it.each(samples)('%s', (file) => {
    const cdr = readCdr(readFileSync(join(CDR_SAMPLES, file)));
    const name = file.replace(/^R-/, '').replace(/(\.gre|\.exception-\d+|Openubl)?\.xml$/, '');
    expect(cdr.responses.length).toBe(1);
    expect(cdrRefersTo(cdr, [documentIdOfName(name)])).toBe(REFERS_TO_ITS_NAME[file]);
    expect(cdrRefersTo(cdr, [cdr.referenceId!])).toBe(true);
  });
});

describe('document ids', () => {
  it.each([
    ['20000000001-01-F001-00000001', 'F001-00000001'],
    ['20000000001-RA-20171001-01.zip', 'RA-20171001-01'],
    ['20000000001-09-T001-1.xml', 'T001-1'],
  ])('%s names %s', (name, id) => expect(documentIdOfName(name)).toBe(id));

  it('zero-padded números and case are the same document', () => {
    expect(cdrRefersTo({ responses: [{ referenceId: 'F001-00000001', documentId: 'f001-1' }] }, ['F001-1'])).toBe(true);
    expect(cdrRefersTo({ responses: [{ referenceId: 'F001-1', documentId: 'F001-2' }] }, ['F001-1'])).toBe(false);
    expect(cdrRefersTo({ responses: [{}] }, ['F001-1'])).toBe(false);
  });
});
