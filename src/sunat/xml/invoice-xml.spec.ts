import { documentFileName } from '@/sunat/documents/file-names';
import { SIGNATURE_ID } from '@/sunat/documents/signature';
import { buildInvoiceXml } from './invoice-xml';
import { boleta, factura } from './testing/fixtures';
import { texts } from './testing/query';
import { greenterInvoice } from './testing/sample-data';
import { compareWithSample, elements, readSample } from './testing/structure';
import { expectSunatReady, verifiesWithXmlCrypto } from './testing/sunat-checks';

describe('buildInvoiceXml', () => {
  const xml = buildInvoiceXml(factura());

  it('writes the UBL 2.1 header SUNAT reads', () => {
    expect(texts(xml, '/*/cbc:UBLVersionID')).toEqual(['2.1']);
    expect(texts(xml, '/*/cbc:CustomizationID')).toEqual(['2.0']);
    expect(texts(xml, '/*/cbc:ID')).toEqual(['F001-123']);
    expect(texts(xml, '/*/cbc:InvoiceTypeCode')).toEqual(['01']);
    expect(texts(xml, '/*/cbc:InvoiceTypeCode/@listID')).toEqual(['0101']);
    expect(texts(xml, '/*/cbc:IssueTime')).toEqual(['10:15:00']);
    expect(texts(xml, "/*/cbc:Note[@languageLocaleID='1000']")).toEqual(['SON TRESCIENTOS DIECISÉIS CON 00/100 SOLES']);
  });

  it('has one empty extension slot first and the cac:Signature pointer', () => {
    expect(xml).toContain('<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>');
    expect(xml.split('<ext:ExtensionContent>').length).toBe(2);
    expect(texts(xml, '/*/*[1]/ext:UBLExtension/ext:ExtensionContent')).toEqual(['']);
    expect(texts(xml, '/*/cac:Signature/cbc:ID')).toEqual([SIGNATURE_ID]);
    expect(texts(xml, '/*/cac:Signature//cbc:URI')).toEqual([`#${SIGNATURE_ID}`]);
    expect(texts(xml, '/*/cac:Signature/cac:SignatoryParty/cac:PartyIdentification/cbc:ID')).toEqual(['20000000001']);
    expect(texts(xml, '/*/cac:Signature/cac:SignatoryParty/cac:PartyName/cbc:Name')).toEqual(['EMPRESA DE PRUEBAS S.A.C.']);
  });

  it('maps each affectation to its tax scheme: 10 IGV 1000, 20 EXO 9997, 30 INA 9998', () => {
    expect(texts(xml, '/*/cac:InvoiceLine/cac:TaxTotal//cac:TaxScheme/cbc:ID')).toEqual(['1000', '9997', '9998']);
    expect(texts(xml, '/*/cac:InvoiceLine/cac:TaxTotal//cbc:TaxExemptionReasonCode')).toEqual(['10', '20', '30']);
    expect(texts(xml, '/*/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:Name')).toEqual(['IGV', 'EXO', 'INA']);
    expect(texts(xml, '/*/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount')).toEqual(['200.00', '50.00', '30.00']);
    expect(texts(xml, '/*/cac:TaxTotal/cbc:TaxAmount')).toEqual(['36.00']);
    expect(texts(xml, '/*/cac:LegalMonetaryTotal/cbc:LineExtensionAmount')).toEqual(['280.00']);
    expect(texts(xml, '/*/cac:LegalMonetaryTotal/cbc:PayableAmount')).toEqual(['316.00']);
  });

  it('escapes text as C14N does', () => {
    expect(xml).toContain('<cbc:Description>Teclado "USB" &lt;negro&gt;</cbc:Description>');
    expect(xml).toContain('<cbc:Name>PRUEBAS &amp; CÍA</cbc:Name>');
  });

  it('states payment terms Contado on facturas only', () => {
    expect(texts(xml, '/*/cac:PaymentTerms/cbc:PaymentMeansID')).toEqual(['Contado']);
    expect(texts(buildInvoiceXml(boleta()), '/*/cac:PaymentTerms')).toEqual([]);
  });

  it('refuses amounts that are not two-decimal strings', () => {
    const bad = factura();
    bad.totals = { ...bad.totals, total: '316' };
    expect(() => buildInvoiceXml(bad)).toThrow(/importe inválido/);
  });

  it('factura: canonical, valid against the UBL 2.1 XSD once signed, 0 errors in SUNAT rules', async () => {
    const { signed } = await expectSunatReady({ xml, fileName: documentFileName('20000000001', '01', 'F001', 123), xsd: 'invoice', tipo: '01' });
    expect(verifiesWithXmlCrypto(signed)).toBe(true);
  });

  it('boleta: canonical, valid against the UBL 2.1 XSD once signed, 0 errors in SUNAT rules', async () => {
    const { xslOutput } = await expectSunatReady({
      xml: buildInvoiceXml(boleta()),
      fileName: documentFileName('20000000001', '03', 'B001', 45),
      xsd: 'invoice',
      tipo: '03',
    });
    // Lines without a product code carry none (SPEC's 10000000 drew SUNAT's observation 4337): no observation at all.
    expect(xslOutput.split('\n').filter((l) => /^\d{4}\t/.test(l))).toEqual([]);
  });

  it('keeps the element order of the real factura sample (greenter F001-697)', () => {
    const cmp = compareWithSample(buildInvoiceXml(greenterInvoice()), readSample('invoice/20200464529-01-F001-697.xml'));
    expect(cmp.commonInOurOrder).toEqual(cmp.commonInSampleOrder);
    // The 2017 sample predates SUNAT's 2019 party layout, so only the parts both formats share are compared.
    expect(cmp.commonInOurOrder).toEqual(
      expect.arrayContaining([
        'Invoice/cbc:IssueTime',
        'Invoice/cbc:InvoiceTypeCode',
        'Invoice/cbc:Note',
        'Invoice/cbc:DocumentCurrencyCode',
        'Invoice/cac:Signature/cac:DigitalSignatureAttachment/cac:ExternalReference/cbc:URI',
        'Invoice/cac:PaymentTerms/cbc:ID',
        'Invoice/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:TaxTypeCode',
        'Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount',
        'Invoice/cac:InvoiceLine/cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceTypeCode',
        'Invoice/cac:InvoiceLine/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode',
        'Invoice/cac:InvoiceLine/cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode',
        'Invoice/cac:InvoiceLine/cac:Price/cbc:PriceAmount',
      ]),
    );
    // Same data, same values on the first line of both documents.
    const ours = elements(buildInvoiceXml(greenterInvoice()));
    const sample = elements(readSample('invoice/20200464529-01-F001-697.xml'));
    const first = (list: typeof ours, path: string) => list.find((e) => e.path === `Invoice/cac:InvoiceLine/${path}`)?.value;
    for (const path of [
      'cbc:InvoicedQuantity',
      'cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceAmount',
      'cac:PricingReference/cac:AlternativeConditionPrice/cbc:PriceTypeCode',
      'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent',
      'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode',
      'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID',
      'cac:Item/cbc:Description',
      'cac:Item/cac:SellersItemIdentification/cbc:ID',
      'cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode',
    ]) {
      expect({ path, value: first(ours, path) }).toEqual({ path, value: first(sample, path) });
    }
  });
});
