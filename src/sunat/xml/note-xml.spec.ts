import { documentFileName } from '@/sunat/documents/file-names';
import { buildNoteXml } from './note-xml';
import { creditNote, debitNote } from './testing/fixtures';
import { texts } from './testing/query';
import { openublNote } from './testing/sample-data';
import { compareWithSample, readSample } from './testing/structure';
import { expectSunatReady, verifiesWithXmlCrypto } from './testing/sunat-checks';

const SIGNATURE_PATHS = (root: string) => [`${root}/cac:Signature/cbc:ID`, `${root}/cac:Signature/cac:DigitalSignatureAttachment`];

/** What we add to the openubl minimal notes: legend 1000, the issuer's registered address, the item's code. */
const EXTRA = (root: string, line: string) => [
  `${root}/cbc:Note`,
  ...[
    'cbc:ID',
    'cbc:CityName',
    'cbc:CountrySubentity',
    'cbc:District',
    'cac:AddressLine',
    'cac:AddressLine/cbc:Line',
    'cac:Country',
    'cac:Country/cbc:IdentificationCode',
  ].map((p) => `${root}/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cac:RegistrationAddress/${p}`),
  ...['cac:SellersItemIdentification', 'cac:SellersItemIdentification/cbc:ID'].map((p) => `${root}/${line}/cac:Item/${p}`),
];

describe('buildNoteXml', () => {
  it('credit note: reason (catalog 09), affected document and SPEC amounts', () => {
    const xml = buildNoteXml(creditNote());
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/);
    expect(texts(xml, '/*/cac:DiscrepancyResponse/cbc:ReferenceID')).toEqual(['F001-1']);
    expect(texts(xml, '/*/cac:DiscrepancyResponse/cbc:ResponseCode')).toEqual(['01']);
    expect(texts(xml, '/*/cac:DiscrepancyResponse/cbc:ResponseCode/@listURI')).toEqual(['urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo09']);
    expect(texts(xml, '/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode')).toEqual(['01']);
    expect(texts(xml, "/*/cbc:Note[@languageLocaleID='1000']")).toEqual(['SON DOS MIL TRESCIENTOS SESENTA CON 00/100 SOLES']);
    expect(texts(xml, '/*/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount')).toEqual(['2000.00']);
    expect(texts(xml, '/*/cac:TaxTotal/cbc:TaxAmount')).toEqual(['360.00']);
    expect(texts(xml, '/*/cac:LegalMonetaryTotal/cbc:PayableAmount')).toEqual(['2360.00']);
    expect(texts(xml, '/*/cac:CreditNoteLine/cbc:CreditedQuantity')).toEqual(['10', '10']);
    expect(texts(xml, '/*/cac:CreditNoteLine/cac:Price/cbc:PriceAmount')).toEqual(['100.00', '100.00']);
    expect(texts(xml, '/*/cac:CreditNoteLine/cac:Item/cac:SellersItemIdentification/cbc:ID')).toEqual(['P001', 'P001']);
  });

  it('debit note: catalog 10 and RequestedMonetaryTotal', () => {
    const xml = buildNoteXml(debitNote());
    expect(texts(xml, '/*/cac:DiscrepancyResponse/cbc:ResponseCode/@listURI')).toEqual(['urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo10']);
    expect(texts(xml, '/*/cac:RequestedMonetaryTotal/cbc:PayableAmount')).toEqual(['35.40']);
    expect(texts(xml, '/*/cac:LegalMonetaryTotal')).toEqual([]);
    expect(texts(xml, '/*/cac:DebitNoteLine/cbc:DebitedQuantity')).toEqual(['1']);
  });

  it('credit note passes the XSD (signed) and SUNAT rules', async () => {
    const { signed } = await expectSunatReady({
      xml: buildNoteXml(creditNote()),
      fileName: documentFileName('20000000001', '07', 'FC01', 1),
      xsd: 'creditNote',
      tipo: '07',
    });
    expect(verifiesWithXmlCrypto(signed)).toBe(true);
  });

  it('debit note passes the XSD (signed) and SUNAT rules', async () => {
    await expectSunatReady({ xml: buildNoteXml(debitNote()), fileName: documentFileName('20000000001', '08', 'FD01', 7), xsd: 'debitNote', tipo: '08' });
  });

  it('lines without a product code carry none: no 10000000, no observation 4337', async () => {
    const notas = [
      { nota: creditNote(), xsd: 'creditNote' },
      { nota: debitNote(), xsd: 'debitNote' },
    ] as const;
    for (const { nota, xsd } of notas) {
      const xml = buildNoteXml(nota);
      expect(xml).not.toContain('10000000');
      expect(texts(xml, '//cac:CommodityClassification')).toEqual([]);
      const fileName = documentFileName('20000000001', nota.tipo, nota.serie, nota.correlativo);
      const { xslOutput } = await expectSunatReady({ xml, fileName, xsd, tipo: nota.tipo });
      expect(xslOutput).not.toMatch(/(^|\n)4337\t/);
    }
  });

  it.each([
    ['07', 'CreditNote', 'cac:CreditNoteLine', 'creditnote/openubl-CreditNote-MinData_RUC.xml'],
    ['08', 'DebitNote', 'cac:DebitNoteLine', 'debitnote/openubl-DebitNote-MinData_RUC.xml'],
  ] as const)('%s matches the openubl sample element by element', (tipo, root, line, sample) => {
    const cmp = compareWithSample(buildNoteXml(openublNote(tipo)), readSample(sample), SIGNATURE_PATHS(root));
    expect(cmp.commonInOurOrder).toEqual(cmp.commonInSampleOrder);
    expect(cmp.missing).toEqual([]);
    expect(cmp.extra).toEqual(EXTRA(root, line));
    expect(cmp.differentValues).toEqual([]);
  });
});
