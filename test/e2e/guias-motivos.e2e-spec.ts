import request from 'supertest';
import { guiaPrivada, guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { checkGuideXml } from '../../src/guias-remision/testing/signed-xml-checks';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { texts } from '../../src/sunat/xml/testing/query';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createUserSession, nextRuc } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(300_000);

/** The beta issuer every test company signs as (the guide's own RUC). */
const EMPRESA = '20000000001';
const SHIPMENT = '/*/cac:Shipment';
const A_SI_MISMA = { destinatario_tipo_doc: '6', destinatario_documento: EMPRESA, destinatario_nombre: 'EMPRESA DE PRUEBA S.A.C.' };
const conductor2 = { tipo_doc: '1', documento: '87654321', nombres: 'PEDRO', apellidos: 'QUISPE MAMANI', licencia: 'Q87654321' };

interface Caso {
  body: Record<string, unknown>;
  /** XPath → the values the XML must hold. */
  xml: Record<string, string[]>;
}

/**
 * Issue 19: one guide per catálogo 20 reason with the data SUNAT's GRE rules ask of it, recipients of several
 * catálogo 06 types, related documents (catálogo 61), supplier/buyer, establishments, port, packages, and
 * secondary drivers and vehicles. Each is XSD-valid, has 0 errors under SUNAT's rules, is signed, and the
 * simulator accepts it.
 */
const CASOS = (): Array<[string, Caso]> => {
  const cliente = nextRuc();
  const tercero = nextRuc();
  return [
    [
      '01 venta, recipient with a passport (7), the invoice as related document (issuer defaults to the company)',
      {
        body: guiaPublica({
          motivo_traslado: '01',
          destinatario_tipo_doc: '7',
          destinatario_documento: 'PA1234567',
          destinatario_nombre: 'JOHN SMITH',
          documentos_relacionados: [{ tipo: '01', serie_numero: 'F001-15' }],
        }),
        xml: {
          [`/*/cac:DeliveryCustomerParty//cbc:ID/@schemeID`]: ['7'],
          [`/*/cac:AdditionalDocumentReference/cbc:DocumentTypeCode`]: ['01'],
          [`/*/cac:AdditionalDocumentReference/cbc:DocumentType`]: ['Factura'],
          [`/*/cac:AdditionalDocumentReference/cac:IssuerParty//cbc:ID`]: [EMPRESA],
        },
      },
    ],
    [
      "02 compra: recipient is the company, the supplier and the supplier's invoice",
      {
        body: guiaPublica({
          motivo_traslado: '02',
          ...A_SI_MISMA,
          proveedor: { tipo_doc: '6', documento: cliente, nombre: 'PROVEEDOR S.A.C.' },
          documentos_relacionados: [{ tipo: '01', serie_numero: 'F002-99', ruc_emisor: cliente }],
        }),
        xml: { [`/*/cac:SellerSupplierParty//cbc:ID`]: [cliente], [`/*/cac:AdditionalDocumentReference/cac:IssuerParty//cbc:ID`]: [cliente] },
      },
    ],
    [
      '03 venta con entrega a terceros: the buyer besides the recipient',
      {
        body: guiaPublica({
          motivo_traslado: '03',
          destinatario_documento: cliente,
          comprador: { tipo_doc: '6', documento: tercero, nombre: 'COMPRADOR S.A.' },
        }),
        xml: { [`/*/cac:BuyerCustomerParty//cbc:ID`]: [tercero] },
      },
    ],
    [
      '04 between establishments of the company (private transport, 2 secondary drivers and vehicles)',
      {
        body: guiaPrivada({
          motivo_traslado: '04',
          ...A_SI_MISMA,
          establecimiento_partida: '0000',
          establecimiento_llegada: '0001',
          conductores_secundarios: [conductor2, { ...conductor2, documento: '11223344', licencia: 'Q11223344' }],
          vehiculos_secundarios: ['XYZ-987', 'B1C234'],
        }),
        xml: {
          [`${SHIPMENT}/cac:Delivery/cac:Despatch/cac:DespatchAddress/cbc:AddressTypeCode`]: ['0000'],
          [`${SHIPMENT}/cac:Delivery/cac:DeliveryAddress/cbc:AddressTypeCode`]: ['0001'],
          [`${SHIPMENT}/cac:Delivery/cac:DeliveryAddress/cbc:AddressTypeCode/@listID`]: [EMPRESA],
          [`${SHIPMENT}/cac:ShipmentStage/cac:DriverPerson/cbc:JobTitle`]: ['Principal', 'Secundario', 'Secundario'],
          [`${SHIPMENT}/cac:TransportHandlingUnit/cac:TransportEquipment/cac:AttachedTransportEquipment/cbc:ID`]: ['XYZ987', 'B1C234'],
        },
      },
    ],
    [
      '05 consignación to a DNI holder (1)',
      {
        body: guiaPublica({ motivo_traslado: '05', destinatario_tipo_doc: '1', destinatario_documento: '45678912', destinatario_nombre: 'ANA TORRES' }),
        xml: { [`/*/cac:DeliveryCustomerParty//cbc:ID/@schemeID`]: ['1'] },
      },
    ],
    [
      "06 devolución to a RUC recipient, with the recipient's invoice",
      {
        body: guiaPublica({
          motivo_traslado: '06',
          destinatario_documento: cliente,
          documentos_relacionados: [{ tipo: '01', serie_numero: 'F001-321', ruc_emisor: cliente }],
        }),
        xml: { [`/*/cac:AdditionalDocumentReference/cac:IssuerParty//cbc:ID`]: [cliente] },
      },
    ],
    [
      '07 recojo de bienes transformados: the company receives, the transformer as supplier',
      {
        body: guiaPublica({ motivo_traslado: '07', ...A_SI_MISMA, proveedor: { tipo_doc: '6', documento: cliente, nombre: 'TALLER S.A.C.' } }),
        xml: { [`/*/cac:SellerSupplierParty//cbc:ID/@schemeID`]: ['6'] },
      },
    ],
    [
      '08 importación: DAM 118-2025-10-…, 3 packages, the port of Callao (its ubigeo as start point)',
      {
        body: guiaPublica({
          motivo_traslado: '08',
          destinatario_documento: cliente,
          ubigeo_partida: '070101',
          dir_partida: 'TERMINAL PORTUARIO DEL CALLAO',
          documentos_relacionados: [{ tipo: '50', serie_numero: '118-2025-10-123456' }],
          numero_bultos: 3,
          puerto_tipo: '1',
          puerto_codigo: 'CLL',
        }),
        xml: {
          [`/*/cac:AdditionalDocumentReference/cbc:DocumentTypeCode`]: ['50'],
          [`${SHIPMENT}/cbc:TotalTransportHandlingUnitQuantity`]: ['3'],
          [`${SHIPMENT}/cbc:SpecialInstructions`]: ['SUNAT_Envio_IndicadorTrasladoTotalDAMoDS'],
          [`${SHIPMENT}/cac:FirstArrivalPortLocation/cbc:ID`]: ['CLL'],
          [`${SHIPMENT}/cac:FirstArrivalPortLocation/cbc:Name`]: ['Callao'],
        },
      },
    ],
    [
      '09 exportación to a non-domiciled buyer (0): DAM 118-2025-40-…, the port of Callao as arrival',
      {
        body: guiaPublica({
          motivo_traslado: '09',
          destinatario_tipo_doc: '0',
          destinatario_documento: 'US-998877',
          destinatario_nombre: 'ACME IMPORTS INC.',
          destinatario_ubigeo: '070101',
          destinatario_direccion: 'TERMINAL PORTUARIO DEL CALLAO',
          documentos_relacionados: [{ tipo: '50', serie_numero: '118-2025-40-654321' }],
          numero_bultos: 5,
          puerto_codigo: 'CLL',
        }),
        xml: { [`${SHIPMENT}/cac:FirstArrivalPortLocation/cbc:LocationTypeCode`]: ['1'], [`/*/cac:DeliveryCustomerParty//cbc:ID/@schemeID`]: ['0'] },
      },
    ],
    [
      '13 otros, with its description, a buyer and a supplier',
      {
        body: guiaPublica({
          motivo_traslado: '13',
          descripcion_motivo: 'TRASLADO A FERIA COMERCIAL',
          comprador: { tipo_doc: '1', documento: '45678913', nombre: 'LUIS RAMOS' },
          proveedor: { tipo_doc: '6', documento: tercero, nombre: 'PROVEEDOR FERIA S.A.C.' },
        }),
        xml: { [`${SHIPMENT}/cbc:HandlingInstructions`]: ['TRASLADO A FERIA COMERCIAL'] },
      },
    ],
    [
      '14 venta sujeta a confirmación, recipient with a carnet de extranjería (4)',
      {
        body: guiaPublica({ motivo_traslado: '14', destinatario_tipo_doc: '4', destinatario_documento: '001234567', destinatario_nombre: 'MARIA GOMEZ' }),
        xml: { [`/*/cac:DeliveryCustomerParty//cbc:ID/@schemeID`]: ['4'] },
      },
    ],
    [
      "17 traslado para transformación to a RUC recipient, with the company's earlier guide as related document",
      {
        body: guiaPublica({ motivo_traslado: '17', destinatario_documento: cliente, documentos_relacionados: [{ tipo: '09', serie_numero: 'T001-1' }] }),
        xml: { [`/*/cac:AdditionalDocumentReference/cbc:DocumentTypeCode`]: ['09'] },
      },
    ],
    ['18 traslado emisor itinerante', { body: guiaPublica({ motivo_traslado: '18' }), xml: {} }],
  ];
};

describe('Guías de remisión: every transfer reason of catálogo 20 (issue 19)', () => {
  let t: TestAppWithSunat;
  let user: Session;
  let empresaId: number;

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create']);
  });
  afterAll(() => t.close());

  const post = (path: string, body?: object) => request(t.http).post(path).set(bearer(user.token)).send(body);

  it.each(CASOS())('%s', async (_nombre, caso) => {
    const res = await post('/api/guias-remision', caso.body);
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 201, errors: undefined });
    const guia = res.body.data;
    expect(guia.observaciones_sunat).toEqual([]);
    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, guia.nombre_xml.replace('.xml', '')))!.toString('utf8');
    const checks = await checkGuideXml(guia.nombre_xml, xml);
    expect({ xsd: checks.xsd.output, xsl: checks.xsl.status, signature: checks.signature }).toEqual({
      xsd: 'validates',
      xsl: 0,
      signature: { ok: true, detail: 'OK' },
    });
    expect(checks.xsl.output).toMatch(/(^|\n)OK$/);
    expect(texts(xml, `${SHIPMENT}/cbc:HandlingCode`)).toEqual([caso.body.motivo_traslado]);
    for (const [xpath, valores] of Object.entries(caso.xml)) expect({ xpath, valores: texts(xml, xpath) }).toEqual({ xpath, valores });

    expect((await post(`/api/guias-remision/${guia.id}/enviar`)).body.success).toBe(true);
    const final = await post(`/api/guias-remision/${guia.id}/consultar-ticket`);
    expect(final.body).toEqual({ success: true, codigo: '0', mensaje: 'Guía aceptada por SUNAT.' });
  });

  it("19 (traslado a zona primaria) is in SUNAT's current catálogo 20 but not in the vendored rules' copy: their 3405 refuses it", async () => {
    const res = await post('/api/guias-remision', guiaPublica({ motivo_traslado: '19' }));
    expect({ status: res.status, body: res.body }).toEqual({
      status: 422,
      body: { success: false, message: 'SUNAT rechazaría el comprobante.', errors: { xml: ['3405: El valor ingresado como motivo de traslado no es valido'] } },
    });
  });

  it.each([
    ['04 to another RUC', { motivo_traslado: '04', establecimiento_partida: '0000', establecimiento_llegada: '0001' }, 'destinatario_documento'],
    ['04 without the arrival establishment', { motivo_traslado: '04', ...A_SI_MISMA, establecimiento_partida: '0000' }, 'establecimiento_llegada'],
    ['01 to the company itself', { motivo_traslado: '01', ...A_SI_MISMA }, 'destinatario_documento'],
    ['17 to a DNI holder', { motivo_traslado: '17', destinatario_tipo_doc: '1', destinatario_documento: '45678912' }, 'destinatario_tipo_doc'],
    ['03 without the buyer', { motivo_traslado: '03' }, 'comprador'],
    ['08 without its DAM', { motivo_traslado: '08', numero_bultos: 1, puerto_codigo: 'CLL', ubigeo_partida: '070101' }, 'documentos_relacionados'],
    [
      '09 with an import DAM number',
      { motivo_traslado: '09', numero_bultos: 1, documentos_relacionados: [{ tipo: '50', serie_numero: '118-2025-10-1' }] },
      'documentos_relacionados.0.serie_numero',
    ],
    [
      '08 with a port whose ubigeo is not the start point',
      { motivo_traslado: '08', numero_bultos: 1, puerto_codigo: 'CLL', documentos_relacionados: [{ tipo: '50', serie_numero: '118-2025-10-1' }] },
      'ubigeo_partida',
    ],
    ['a DAM on a sale', { documentos_relacionados: [{ tipo: '50', serie_numero: '118-2025-10-1' }] }, 'documentos_relacionados.0.tipo'],
    [
      'a related document type SUNAT does not take on guides (31)',
      { documentos_relacionados: [{ tipo: '31', serie_numero: 'V001-1' }] },
      'documentos_relacionados.0.tipo',
    ],
    ['secondary vehicles with a carrier', { vehiculos_secundarios: ['XYZ987'] }, 'vehiculos_secundarios'],
    ['three secondary drivers', guiaPrivada({ conductores_secundarios: [conductor2, conductor2, conductor2] }), 'conductores_secundarios'],
    ['a supplier on a sale', { proveedor: { tipo_doc: '6', documento: '20100070970', nombre: 'X' } }, 'proveedor'],
  ])('refuses %s with 422 on the field', async (_nombre, cambios, campo) => {
    const res = await post('/api/guias-remision', 'detalles' in cambios ? cambios : guiaPublica(cambios));
    expect({ status: res.status, campos: Object.keys(res.body.errors ?? {}) }).toEqual({ status: 422, campos: [campo] });
  });
});
