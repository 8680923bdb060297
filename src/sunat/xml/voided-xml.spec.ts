import { voidedFileName } from '@/sunat/documents/file-names';
import { buildVoidedXml } from './voided-xml';
import { voided } from './testing/fixtures';
import { texts } from './testing/query';
import { openublVoided } from './testing/sample-data';
import { compareWithSample, readSample } from './testing/structure';
import { expectSunatReady, verifiesWithXmlCrypto } from './testing/sunat-checks';

describe('buildVoidedXml', () => {
  const data = voided();
  const xml = buildVoidedXml(data);

  it('writes a UBL 2.0 / 1.0 voiding communication', () => {
    expect(texts(xml, '/*/cbc:CustomizationID')).toEqual(['1.0']);
    expect(texts(xml, '/*/cbc:ID')).toEqual([`RA-${data.fecha_generacion.replace(/-/g, '')}-001`]);
    expect(texts(xml, '/*/sac:VoidedDocumentsLine/sac:DocumentSerialID')).toEqual(['F001', 'FC01']);
    expect(texts(xml, '/*/sac:VoidedDocumentsLine/sac:DocumentNumberID')).toEqual(['120', '3']);
    expect(xml).toContain('<sac:VoidReasonDescription>ERROR EN EL RUC &amp; MONTO</sac:VoidReasonDescription>');
  });

  it('passes the XSD (signed) and SUNAT voiding rules', async () => {
    const { signed } = await expectSunatReady({ xml, fileName: voidedFileName('20000000001', data.fecha_generacion, 1), xsd: 'voided', tipo: 'RA' });
    expect(verifiesWithXmlCrypto(signed)).toBe(true);
  });

  it('matches the openubl voided sample element by element', () => {
    const cmp = compareWithSample(buildVoidedXml(openublVoided()), readSample('voided/openubl-voidedDocument.xml'), ['VoidedDocuments/cac:Signature/']);
    expect(cmp.commonInOurOrder).toEqual(cmp.commonInSampleOrder);
    expect(cmp.missing).toEqual([]);
    expect(cmp.extra).toEqual([]);
    expect(cmp.differentValues).toEqual([{ path: 'VoidedDocuments/cbc:ID', ours: ['RA-20220131-001'], sample: ['RA-20220131-1'] }]);
  });
});
