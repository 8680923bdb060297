import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { guiaM1L, guiaPrivada, guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { checkGuideXml } from '../../src/guias-remision/testing/signed-xml-checks';
import { texts } from '../../src/sunat/xml/testing/query';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createFactura, createUserSession } from '../support/factories';

const SHIPMENT = '/*/cac:Shipment';
const STAGE = `${SHIPMENT}/cac:ShipmentStage`;

/** Creation (numbering, defaults, atomic XML) and the DespatchAdvice 2022 each transport mode produces. */
describe('Guías de remisión: creation and XML', () => {
  let t: TestApp;
  let admin: Session;
  let user: Session;
  let empresaId: number;

  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_SIZE: '40' });
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin, { ubigeo: '040101', direccion: 'CALLE MERCADERES 100, AREQUIPA' })).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create']);
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>, session = user) => {
    const res = await request(t.http).post('/api/guias-remision').set(bearer(session.token)).send(body);
    expect(res.status).toBe(201);
    return res.body;
  };
  const xmlOf = async (nombre: string) => {
    const res = await request(t.http)
      .get(`/api/guias-remision/xml/${nombre}`)
      .set(bearer(user.token))
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.on('data', (c: Buffer) => (data += c.toString('utf8')));
        r.on('end', () => cb(null, data));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    return res.body as string;
  };

  it('answers 201 with the guide, pendiente, T001 and the XML name and hash', async () => {
    const body = await create(guiaPrivada());
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      serie: 'T001',
      numero: 1,
      numero_completo: 'T001-1',
      estado: 'pendiente',
      fecha_emision: hoyLima(),
      id_empresa: empresaId,
      ubigeo_llegada: '150122',
      dir_llegada: 'CALLE LAS FLORES 789, MIRAFLORES',
      vehiculo_placa: 'ABC123',
      und_peso_total: 'KGM',
      peso_total: 12.5,
      ticket_sunat: null,
      nombre_xml: '20000000001-09-T001-1.xml',
      xml_url: '/api/guias-remision/xml/20000000001-09-T001-1.xml',
    });
    expect(body.data.detalles.map((d: { unidad: string; cantidad: number }) => [d.unidad, d.cantidad])).toEqual([
      ['NIU', 2],
      ['KGM', 0.5],
    ]);
    expect(body.xml).toEqual({ success: true, nombre_archivo: '20000000001-09-T001-1.xml', hash: body.data.hash_cpe });
    expect(body.xml.hash).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const detail = await request(t.http).get(`/api/guias-remision/${body.data.id}`).set(bearer(user.token)).expect(200);
    // the guide SUNAT's rules find nothing to observe in: the observations list is there, empty
    expect(detail.body.data).toMatchObject({ id: body.data.id, hash_cpe: body.xml.hash, estado: 'pendiente', observaciones_sunat: [] });
  });

  it("defaults the start point to the company's ubigeo and address, and the arrival to '150101'", async () => {
    const { data } = await create(guiaPublica({ ubigeo_partida: undefined, dir_partida: undefined, destinatario_ubigeo: undefined }));
    expect(data).toMatchObject({ ubigeo_partida: '040101', dir_partida: 'CALLE MERCADERES 100, AREQUIPA', ubigeo_llegada: '150101' });
    const xml = await xmlOf(data.nombre_xml);
    expect(texts(xml, `${SHIPMENT}/cac:Delivery/cac:Despatch/cac:DespatchAddress/cbc:ID`)).toEqual(['040101']);
    expect(texts(xml, `${SHIPMENT}/cac:Delivery/cac:DeliveryAddress/cbc:ID`)).toEqual(['150101']);
  });

  it("public transport ('01'): carrier with document, name and MTC number; no driver, no vehicle", async () => {
    const { data } = await create(guiaPublica());
    const xml = await xmlOf(data.nombre_xml);
    expect(texts(xml, `${STAGE}/cbc:TransportModeCode`)).toEqual(['01']);
    expect(texts(xml, `${STAGE}/cac:CarrierParty/cac:PartyIdentification/cbc:ID`)).toEqual(['20600995805']);
    expect(texts(xml, `${STAGE}/cac:CarrierParty/cac:PartyIdentification/cbc:ID/@schemeID`)).toEqual(['6']);
    expect(texts(xml, `${STAGE}/cac:CarrierParty/cac:PartyLegalEntity/cbc:RegistrationName`)).toEqual(['TRANSPORTES RÁPIDOS S.A.C.']);
    expect(texts(xml, `${STAGE}/cac:CarrierParty/cac:PartyLegalEntity/cbc:CompanyID`)).toEqual(['0001234567']);
    expect(texts(xml, `${STAGE}/cac:DriverPerson`)).toEqual([]);
    expect(texts(xml, `${SHIPMENT}/cac:TransportHandlingUnit`)).toEqual([]);
    expect(texts(xml, '/*/cbc:DespatchAdviceTypeCode')).toEqual(['09']);
    expect(texts(xml, '/*/cbc:CustomizationID')).toEqual(['2.0']);
    expect(texts(xml, '/*/cbc:ID')).toEqual([data.numero_completo]);
  });

  it("private transport ('02'): driver 'Principal' with licence and the plate; no carrier", async () => {
    const { data } = await create(guiaPrivada());
    const xml = await xmlOf(data.nombre_xml);
    expect(texts(xml, `${STAGE}/cbc:TransportModeCode`)).toEqual(['02']);
    expect(texts(xml, `${STAGE}/cac:DriverPerson/cbc:JobTitle`)).toEqual(['Principal']);
    expect(texts(xml, `${STAGE}/cac:DriverPerson/cbc:ID`)).toEqual(['12345678']);
    expect(texts(xml, `${STAGE}/cac:DriverPerson/cbc:FirstName`)).toEqual(['JUAN']);
    expect(texts(xml, `${STAGE}/cac:DriverPerson/cbc:FamilyName`)).toEqual(['PEREZ LOPEZ']);
    expect(texts(xml, `${STAGE}/cac:DriverPerson/cac:IdentityDocumentReference/cbc:ID`)).toEqual(['Q12345678']);
    expect(texts(xml, `${SHIPMENT}/cac:TransportHandlingUnit/cac:TransportEquipment/cbc:ID`)).toEqual(['ABC123']);
    expect(texts(xml, `${STAGE}/cac:CarrierParty`)).toEqual([]);
    expect(texts(xml, `${SHIPMENT}/cbc:SpecialInstructions`)).toEqual([]);
  });

  it('M1/L vehicle: the SUNAT indicator, no driver and no plate required', async () => {
    const { data } = await create(guiaM1L());
    const xml = await xmlOf(data.nombre_xml);
    expect(texts(xml, `${SHIPMENT}/cbc:SpecialInstructions`)).toEqual(['SUNAT_Envio_IndicadorTrasladoVehiculoM1L']);
    expect(texts(xml, `${STAGE}/cac:DriverPerson`)).toEqual([]);
    expect(texts(xml, `${SHIPMENT}/cac:TransportHandlingUnit`)).toEqual([]);
  });

  it.each([
    ['public', guiaPublica],
    ['private', guiaPrivada],
    ['M1L', guiaM1L],
    ['other reason without description', () => guiaPublica({ motivo_traslado: '13', descripcion_motivo: undefined })],
  ])('%s: valid against the DespatchAdvice XSD, 0 errors in SUNAT GRE rules, signature verified by xml-crypto', async (_kind, body) => {
    const { data } = await create(body());
    const xml = await xmlOf(data.nombre_xml);
    const checks = await checkGuideXml(data.nombre_xml, xml);
    expect(checks.xsd.output).toBe('validates');
    expect(checks.xsd.status).toBe(0);
    expect(checks.xsl.output).toMatch(/(^|\n)(OK|0 errors, \d+ warnings)$/);
    expect(checks.xsl.status).toBe(0);
    expect(checks.signature).toEqual({ ok: true, detail: 'OK' });
  });

  it('numbers from max(existing, counter) + 1 and gives 20 parallel creates 20 consecutive numbers', async () => {
    const empresa = await createEmpresa(t, admin);
    const other = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view', 'ventas.create']);
    // A guide numbered 7 exists while the stored counter still says 3: the next one is 8.
    await create(guiaPublica(), other);
    await t.dataSource.query(`UPDATE guias_remision SET numero = 7 WHERE id_empresa = $1`, [empresa.id_empresa]);
    await t.dataSource.query(`UPDATE series SET correlativo = 3 WHERE id_empresa = $1 AND serie = 'T001'`, [empresa.id_empresa]);
    const proximo = await request(t.http).get('/api/guias-remision/proximo-numero').set(bearer(other.token)).expect(200);
    expect(proximo.body).toEqual({ success: true, serie: 'T001', numero: 8, numero_completo: 'T001-8' });

    const results = await Promise.all(
      Array.from({ length: 20 }, () => request(t.http).post('/api/guias-remision').set(bearer(other.token)).send(guiaPublica())),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numeros = results.map((r) => r.body.data.numero).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 20 }, (_, i) => i + 8));
    expect(new Set(results.map((r) => r.body.xml.nombre_archivo)).size).toBe(20);
    const [serie] = await t.dataSource.query(`SELECT correlativo FROM series WHERE id_empresa = $1 AND serie = 'T001'`, [empresa.id_empresa]);
    expect(serie.correlativo).toBe(27);
  });

  it("links the company's own sale through id_venta", async () => {
    // Through the API, so the sale has whatever columns the ventas schema asks for.
    const venta = await createFactura(t, admin);
    const ok = await request(t.http)
      .post('/api/guias-remision')
      .set(bearer(admin.token))
      .send(guiaPublica({ id_venta: venta.id_venta }));
    expect(ok.status).toBe(201);
    expect(ok.body.data.id_venta).toBe(venta.id_venta);
    // The same sale seen from another company does not exist.
    const foreign = await request(t.http)
      .post('/api/guias-remision')
      .set(bearer(user.token))
      .send(guiaPublica({ id_venta: venta.id_venta }));
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ id_venta: ['La venta no existe.'] });
  });
});
