import { documentFileName } from '@/sunat/documents/file-names';
import { M1L_INDICATOR, buildDespatchXml } from './despatch-xml';
import { despatchM1L, despatchPrivate, despatchPublic } from './testing/fixtures';
import { texts } from './testing/query';
import { openublDespatch } from './testing/sample-data';
import { compareWithSample, readSample } from './testing/structure';
import { expectSunatReady, verifiesWithXmlCrypto } from './testing/sunat-checks';

const STAGE = '/*/cac:Shipment/cac:ShipmentStage';

describe('buildDespatchXml', () => {
  it('private transport: driver Principal and vehicle, no carrier', () => {
    const xml = buildDespatchXml(despatchPrivate());
    expect(texts(xml, '/*/cbc:CustomizationID')).toEqual(['2.0']);
    expect(texts(xml, '/*/cbc:DespatchAdviceTypeCode')).toEqual(['09']);
    expect(texts(xml, `${STAGE}/cbc:TransportModeCode`)).toEqual(['02']);
    expect(texts(xml, `${STAGE}/cac:DriverPerson/cbc:JobTitle`)).toEqual(['Principal']);
    expect(texts(xml, `${STAGE}/cac:DriverPerson/cac:IdentityDocumentReference/cbc:ID`)).toEqual(['Q12345678']);
    expect(texts(xml, '/*/cac:Shipment/cac:TransportHandlingUnit/cac:TransportEquipment/cbc:ID')).toEqual(['ABC123']);
    expect(texts(xml, `${STAGE}/cac:CarrierParty`)).toEqual([]);
    expect(texts(xml, '/*/cac:Shipment/cac:Delivery/cac:DeliveryAddress/cbc:ID')).toEqual(['150122']);
    expect(texts(xml, '/*/cac:Shipment/cac:Delivery/cac:Despatch/cac:DespatchAddress/cbc:ID')).toEqual(['150101']);
    expect(texts(xml, '/*/cac:Shipment/cbc:SpecialInstructions')).toEqual([]);
  });

  it('public transport: carrier with MTC registry, no driver, no vehicle', () => {
    const xml = buildDespatchXml(despatchPublic());
    expect(texts(xml, `${STAGE}/cbc:TransportModeCode`)).toEqual(['01']);
    expect(texts(xml, `${STAGE}/cac:CarrierParty/cac:PartyIdentification/cbc:ID`)).toEqual(['20600995805']);
    expect(texts(xml, `${STAGE}/cac:CarrierParty/cac:PartyLegalEntity/cbc:CompanyID`)).toEqual(['0001234567']);
    expect(texts(xml, `${STAGE}/cac:DriverPerson`)).toEqual([]);
    expect(texts(xml, '/*/cac:Shipment/cac:TransportHandlingUnit')).toEqual([]);
  });

  it('M1/L vehicle: the SUNAT indicator instead of driver and plate', () => {
    const xml = buildDespatchXml(despatchM1L());
    expect(texts(xml, '/*/cac:Shipment/cbc:SpecialInstructions')).toEqual([M1L_INDICATOR]);
    expect(M1L_INDICATOR).toBe('SUNAT_Envio_IndicadorTrasladoVehiculoM1L');
  });

  it.each([
    ['private', despatchPrivate],
    ['public', despatchPublic],
    ['M1L', despatchM1L],
  ])('%s transport passes the XSD (signed) and SUNAT GRE rules', async (_kind, build) => {
    const guide = build();
    const { signed } = await expectSunatReady({
      xml: buildDespatchXml(guide),
      fileName: documentFileName('20000000001', '09', guide.serie, guide.correlativo),
      xsd: 'despatch',
      tipo: '09',
    });
    expect(verifiesWithXmlCrypto(signed)).toBe(true);
  });

  it('matches the openubl GRE 2022 sample element by element', () => {
    const cmp = compareWithSample(buildDespatchXml(openublDespatch()), readSample('despatch/openubl-DespatchAdvice-2022-minData.xml'), [
      'DespatchAdvice/cac:Signature/',
    ]);
    expect(cmp.commonInOurOrder).toEqual(cmp.commonInSampleOrder);
    // minData predates what SUNAT's GRE 2022 rules require:
    // the start point moves from OriginAddress to Delivery/Despatch, issue time and item description are added.
    expect(cmp.missing).toEqual([
      'DespatchAdvice/cac:DespatchSupplierParty/cbc:CustomerAssignedAccountID',
      'DespatchAdvice/cac:Shipment/cbc:SplitConsignmentIndicator',
      'DespatchAdvice/cac:Shipment/cac:OriginAddress',
      'DespatchAdvice/cac:Shipment/cac:OriginAddress/cbc:ID',
      'DespatchAdvice/cac:Shipment/cac:OriginAddress/cbc:StreetName',
    ]);
    expect(cmp.extra).toEqual([
      'DespatchAdvice/cbc:IssueTime',
      'DespatchAdvice/cac:Shipment/cac:Delivery/cac:Despatch',
      'DespatchAdvice/cac:Shipment/cac:Delivery/cac:Despatch/cac:DespatchAddress',
      'DespatchAdvice/cac:Shipment/cac:Delivery/cac:Despatch/cac:DespatchAddress/cbc:ID',
      'DespatchAdvice/cac:Shipment/cac:Delivery/cac:Despatch/cac:DespatchAddress/cac:AddressLine',
      'DespatchAdvice/cac:Shipment/cac:Delivery/cac:Despatch/cac:DespatchAddress/cac:AddressLine/cbc:Line',
      'DespatchAdvice/cac:DespatchLine/cac:Item/cbc:Description',
    ]);
    // SUNAT's GRE 2022 guide names the shipment 'SUNAT_Envio'.
    expect(cmp.differentValues).toEqual([{ path: 'DespatchAdvice/cac:Shipment/cbc:ID', ours: ['SUNAT_Envio'], sample: ['1'] }]);
  });
});
