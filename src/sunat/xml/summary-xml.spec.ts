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

  it("writes export, free, ISC, IVAP and ICBPER amounts, and a boleta addition's percepción, within SUNAT's rules", async () => {
    const boleta = data.lines[0];
    const full = {
      ...data,
      lines: [
        // 59.00 + 9.00 IGV + 5.00 ISC + 1.00 ICBPER + 104.00 IVAP (100 + 4) + 10.00 exonerada + 20.00 inafecta = 208.00
        {
          ...boleta,
          numero: 'B001-50',
          total: '208.00',
          gravadas: '159.00',
          exoneradas: '10.00',
          inafectas: '20.00',
          gratuitas: '30.00',
          igv: '9.00',
          isc: '5.00',
          icbper: '1.00',
          ivap: '4.00',
          percepcion: { regimen: '01' as const, porcentaje: '2.00', base: '208.00', monto: '4.16', total_cobrado: '212.16' },
        },
        {
          ...boleta,
          numero: 'B001-51',
          cliente: { tipo_doc: '7' as const, numero: 'PA1234567' },
          total: '300.00',
          gravadas: '0.00',
          igv: '0.00',
          exportacion: '300.00',
        },
      ],
    };
    const out = buildSummaryXml(full);
    expect(texts(out, `${LINE}[1]/sac:BillingPayment/cbc:InstructionID`)).toEqual(['01', '02', '03', '05']);
    expect(texts(out, `${LINE}[1]/sac:BillingPayment/cbc:PaidAmount`)).toEqual(['159.00', '10.00', '20.00', '30.00']);
    expect(texts(out, `${LINE}[1]/cac:TaxTotal//cac:TaxScheme/cbc:ID`)).toEqual(['1000', '2000', '1016', '7152']);
    expect(texts(out, `${LINE}[1]/cac:TaxTotal/cbc:TaxAmount`)).toEqual(['9.00', '5.00', '4.00', '1.00']);
    expect(texts(out, `${LINE}[1]/sac:SUNATPerceptionSummaryDocumentReference/sac:SUNATTotalCashed`)).toEqual(['212.16']);
    expect(texts(out, `${LINE}[2]/sac:BillingPayment/cbc:InstructionID`)).toEqual(['04']);
    expect(texts(out, `${LINE}[2]/cac:AccountingCustomerParty/cbc:AdditionalAccountID`)).toEqual(['7']);
    await expectSunatReady({ xml: out, fileName: summaryFileName('20000000001', data.fecha_generacion, 1), xsd: 'summary', tipo: 'RC' });
    expect(() => buildSummaryXml({ ...full, lines: [{ ...full.lines[0], estado: '2' }] })).toThrow('La percepción solo se informa en altas de boletas.');
  });

  it('refuses an empty summary', () => {
    expect(() => buildSummaryXml({ ...data, lines: [] })).toThrow('No hay documentos para el resumen.');
  });

  it('passes the XSD (signed) and SUNAT summary rules', async () => {
    await expectSunatReady({ xml, fileName: summaryFileName('20000000001', data.fecha_generacion, 1), xsd: 'summary', tipo: 'RC' });
  });

  it('matches the openubl summary sample element by element', () => {
    const cmp = compareWithSample(buildSummaryXml(openublSummary()), readSample('summary/openubl-summaryDocuments.xml'), ['SummaryDocuments/cac:Signature/']);
    expect(cmp.commonInOurOrder).toEqual(cmp.commonInSampleOrder);
    expect(cmp.missing).toEqual([]);
    expect(cmp.extra).toEqual([]);
    // SPEC.md names batches with a 3-digit correlative.
    expect(cmp.differentValues).toEqual([{ path: 'SummaryDocuments/cbc:ID', ours: ['RC-20191224-001'], sample: ['RC-20191224-1'] }]);
  });
});
