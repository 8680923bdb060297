import { summaryFileName } from '@/sunat/documents/file-names';
import { buildSummaryXml } from './summary-xml';
import { summary } from './testing/fixtures';
import { texts } from './testing/query';
import { openublSummary } from './testing/sample-data';
import { compareWithSample, readSample } from './testing/structure';
import { expectSunatReady } from './testing/sunat-checks';

const LINE = '/*/sac:SummaryDocumentsLine';

describe('buildSummaryXml', () => {
  const data = summary();
  const xml = buildSummaryXml(data);

  it('writes a UBL 2.0 / 1.1 summary with the 3-digit correlative id', () => {
    expect(texts(xml, '/*/cbc:UBLVersionID')).toEqual(['2.0']);
    expect(texts(xml, '/*/cbc:CustomizationID')).toEqual(['1.1']);
    expect(texts(xml, '/*/cbc:ID')).toEqual([`RC-${data.fecha_generacion.replace(/-/g, '')}-001`]);
    expect(texts(xml, '/*/cbc:ReferenceDate')).toEqual([data.fecha_referencia]);
  });

  it('carries status, document, client and per-affectation payments of each line', () => {
    expect(texts(xml, `${LINE}/cac:Status/cbc:ConditionCode`)).toEqual(['1', '1', '3', '1']);
    expect(texts(xml, `${LINE}/cbc:ID`)).toEqual(['B001-45', 'B001-46', 'B001-40', 'BC01-3']);
    expect(texts(xml, `${LINE}/cac:AccountingCustomerParty/cbc:AdditionalAccountID`)).toEqual(['1', '0', '6', '1']);
    expect(texts(xml, `${LINE}[1]/sac:BillingPayment/cbc:InstructionID`)).toEqual(['01']);
    expect(texts(xml, `${LINE}[1]/sac:BillingPayment/cbc:PaidAmount`)).toEqual(['50.00']);
    expect(texts(xml, `${LINE}[1]/cac:TaxTotal/cbc:TaxAmount`)).toEqual(['9.00']);
    expect(texts(xml, `${LINE}[2]/sac:BillingPayment/cbc:InstructionID`)).toEqual(['02']);
    expect(texts(xml, `${LINE}[2]/cac:TaxTotal/cbc:TaxAmount`)).toEqual(['0.00']);
    expect(texts(xml, `${LINE}[4]/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID`)).toEqual(['B001-45']);
  });

  it('refuses an empty summary', () => {
    expect(() => buildSummaryXml({ ...data, lines: [] })).toThrow('No hay documentos para el resumen.');
  });

  it('passes the XSD (signed) and SUNAT summary rules', async () => {
    await expectSunatReady({ xml, fileName: summaryFileName('20000000001', data.fecha_generacion, 1), xsd: 'summary', tipo: 'RC' });
  });

  it('matches the openubl summary sample element by element', () => {
    const cmp = compareWithSample(buildSummaryXml(openublSummary()), readSample('summary/openubl-summaryDocuments.xml'), [
      'SummaryDocuments/cac:Signature/',
      // the sample's first boleta also carries an ICBPER tax total, which this service does not issue
      'SummaryDocuments/sac:SummaryDocumentsLine/cac:TaxTotal/',
    ]);
    expect(cmp.commonInOurOrder).toEqual(cmp.commonInSampleOrder);
    expect(cmp.missing).toEqual([]);
    expect(cmp.extra).toEqual([]);
    // SPEC.md names batches with a 3-digit correlative.
    expect(cmp.differentValues).toEqual([{ path: 'SummaryDocuments/cbc:ID', ours: ['RC-20191224-001'], sample: ['RC-20191224-1'] }]);
  });
});
