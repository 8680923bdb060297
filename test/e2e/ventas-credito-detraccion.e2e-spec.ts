import ExcelJS from 'exceljs';
import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { inspectPdf } from '../../src/reportes/testing/pdf-inspect';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { dentroDe } from '../support/fechas';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createUserSession, nextRuc } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { checkSunatXml, SUNAT_VALID } from '../support/xml-checks';

jest.setTimeout(300_000);

/**
 * Issue 18 (part A): credit sales, detracción, percepción and retención. Each sale is created (signed and checked
 * by SUNAT's rules in the service), its stored XML is XSD-valid with 0 errors from SUNAT's rules and a verified
 * signature, the simulator accepts it, and its amounts equal the table below, computed by hand:
 * detracción = round(total in PEN x % / 100) to whole soles; percepción = round(total in PEN x rate, 2);
 * retención = round(total x % / 100, 2); net pending = total - detracción (in the sale's currency) - retención.
 */
type Body = Record<string, unknown>;

const linea = (precio_unitario: number, cantidad = 1): Body => ({
  descripcion: 'SERVICIO DE CONSULTORÍA',
  precio_unitario,
  cantidad,
  tipo_afectacion_igv: '10',
});
const CUENTA = '00-000-123456';

interface Caso {
  body: Body;
  montos: Record<string, unknown>;
  xml: string[];
}

const CASOS: Array<[string, Caso]> = [
  [
    // 118 x 10 = 1180.00 -> 1000.00 + 180.00; 393.33 + 393.33 + 393.34 = 1180.00
    'credit sale with 3 instalments',
    {
      body: {
        productos: [linea(118, 10)],
        forma_pago: 'Credito',
        cuotas: [
          { monto: 393.33, fecha_vencimiento: dentroDe(30) },
          { monto: 393.33, fecha_vencimiento: dentroDe(60) },
          { monto: 393.34, fecha_vencimiento: dentroDe(90) },
        ],
      },
      montos: {
        op_gravadas: 1000,
        igv: 180,
        total: 1180,
        forma_pago: 'Credito',
        fecha_vencimiento: dentroDe(90),
        monto_neto_pendiente: 1180,
        cuotas: [
          { numero: 1, monto: 393.33, fecha_vencimiento: dentroDe(30) },
          { numero: 2, monto: 393.33, fecha_vencimiento: dentroDe(60) },
          { numero: 3, monto: 393.34, fecha_vencimiento: dentroDe(90) },
        ],
      },
      xml: [
        `<cbc:DueDate>${dentroDe(90)}</cbc:DueDate>`,
        '<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Credito</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">1180.00</cbc:Amount></cac:PaymentTerms>',
        `<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Cuota001</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">393.33</cbc:Amount><cbc:PaymentDueDate>${dentroDe(30)}</cbc:PaymentDueDate></cac:PaymentTerms>`,
        `<cbc:PaymentMeansID>Cuota003</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">393.34</cbc:Amount><cbc:PaymentDueDate>${dentroDe(90)}</cbc:PaymentDueDate>`,
      ],
    },
  ],
  [
    // 1180.00 x 12 % = 141.60 -> 142 soles; net 1180.00 - 142.00 = 1038.00 in 2 instalments of 519.00
    'detracción in PEN (037, 12 %) on a credit sale: the instalments add up to the net pending amount',
    {
      body: {
        productos: [linea(1180)],
        detraccion: { codigo: '037', porcentaje: 12, cuenta_banco_nacion: CUENTA },
        forma_pago: 'Credito',
        cuotas: [
          { monto: 519, fecha_vencimiento: dentroDe(15) },
          { monto: 519, fecha_vencimiento: dentroDe(45) },
        ],
      },
      montos: {
        op_gravadas: 1000,
        igv: 180,
        total: 1180,
        tipo_operacion: '1001',
        monto_detraccion: 142,
        monto_neto_pendiente: 1038,
        detraccion: { codigo: '037', porcentaje: 12, cuenta_banco_nacion: CUENTA, medio_pago: '001', monto: 142 },
      },
      xml: [
        'listID="1001"',
        '<cbc:Note languageLocaleID="2006">Operación sujeta a detracción</cbc:Note>',
        `<cac:PaymentMeans><cbc:ID>Detraccion</cbc:ID><cbc:PaymentMeansCode listAgencyName="PE:SUNAT" listName="Medio de pago" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo59">001</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>${CUENTA}</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>`,
        '>037</cbc:PaymentMeansID><cbc:PaymentPercent>12</cbc:PaymentPercent><cbc:Amount currencyID="PEN">142.00</cbc:Amount></cac:PaymentTerms>',
        '<cbc:PaymentMeansID>Credito</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">1038.00</cbc:Amount>',
      ],
    },
  ],
  [
    // USD 2360.00 -> 2000.00 + 360.00; in PEN 2360.00 x 3.75 = 8850.00 x 10 % = 885 soles = USD 236.00; net USD 2124.00
    'detracción on a USD sale (019, catálogo 54 rate 10 %) with tipo_cambio 3.75: the amount in PEN',
    {
      body: {
        tipo_moneda: 'USD',
        tipo_cambio: 3.75,
        productos: [linea(2360)],
        detraccion: { codigo: '019', cuenta_banco_nacion: CUENTA, medio_pago: '003' },
      },
      montos: {
        tipo_moneda: 'USD',
        tipo_cambio: 3.75,
        total: 2360,
        forma_pago: 'Contado',
        monto_detraccion: 885,
        monto_neto_pendiente: 2124,
        detraccion: { codigo: '019', porcentaje: 10, medio_pago: '003', monto: 885 },
      },
      xml: [
        '<cbc:DocumentCurrencyCode',
        '>003</cbc:PaymentMeansCode>',
        '>019</cbc:PaymentMeansID><cbc:PaymentPercent>10</cbc:PaymentPercent><cbc:Amount currencyID="PEN">885.00</cbc:Amount>',
        '<cbc:PaymentMeansID>Contado</cbc:PaymentMeansID>',
        '<cbc:PayableAmount currencyID="USD">2360.00</cbc:PayableAmount>',
      ],
    },
  ],
  ...(
    [
      // 1180.00 x 2 % = 23.60; x 1 % = 11.80; x 0.5 % = 5.90
      ['51', '0.02', 23.6, 1203.6],
      ['52', '0.01', 11.8, 1191.8],
      ['53', '0.005', 5.9, 1185.9],
    ] as const
  ).map(([regimen, factor, monto, totalCobrar]): [string, Caso] => [
    `percepción regime ${regimen} (${Number(factor) * 100} %)`,
    {
      body: { productos: [linea(118, 10)], percepcion: { codigo_regimen: regimen } },
      montos: {
        total: 1180,
        tipo_operacion: '2001',
        monto_percepcion: monto,
        monto_neto_pendiente: 1180,
        percepcion: { codigo_regimen: regimen, base: 1180, monto, total: totalCobrar },
      },
      xml: [
        'listID="2001"',
        '<cbc:Note languageLocaleID="2000">COMPROBANTE DE PERCEPCIÓN</cbc:Note>',
        `<cac:PaymentTerms><cbc:ID>Percepcion</cbc:ID><cbc:Amount currencyID="PEN">${totalCobrar.toFixed(2)}</cbc:Amount></cac:PaymentTerms>`,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode listAgencyName="PE:SUNAT" listName="Cargo/descuento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo53">${regimen}</cbc:AllowanceChargeReasonCode><cbc:MultiplierFactorNumeric>${factor}</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="PEN">${monto.toFixed(2)}</cbc:Amount><cbc:BaseAmount currencyID="PEN">1180.00</cbc:BaseAmount></cac:AllowanceCharge>`,
        '<cbc:PaymentMeansID>Contado</cbc:PaymentMeansID>',
        '<cbc:PayableAmount currencyID="PEN">1180.00</cbc:PayableAmount>',
      ],
    },
  ]),
  [
    // USD 1180.00 x 3.80 = PEN 4484.00 base; 2 % = 89.68; to collect PEN 4573.68; the sale's amounts stay in USD
    'percepción 51 on a USD sale with tipo_cambio 3.80: base and amount in PEN',
    {
      body: { tipo_moneda: 'USD', tipo_cambio: 3.8, productos: [linea(1180)], percepcion: { codigo_regimen: '51' } },
      montos: { total: 1180, monto_percepcion: 89.68, monto_neto_pendiente: 1180, percepcion: { base: 4484, monto: 89.68, total: 4573.68 } },
      xml: [
        '<cbc:ID>Percepcion</cbc:ID><cbc:Amount currencyID="PEN">4573.68</cbc:Amount>',
        '<cbc:MultiplierFactorNumeric>0.02</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="PEN">89.68</cbc:Amount><cbc:BaseAmount currencyID="PEN">4484.00</cbc:BaseAmount>',
        '<cbc:PayableAmount currencyID="USD">1180.00</cbc:PayableAmount>',
      ],
    },
  ],
  [
    // 1180.00 x 3 % = 35.40; net 1144.60 in one instalment
    'retención 3 % on a credit sale lowers the net pending amount',
    {
      body: { productos: [linea(118, 10)], retencion: {}, forma_pago: 'Credito', cuotas: [{ monto: 1144.6, fecha_vencimiento: dentroDe(30) }] },
      montos: { total: 1180, monto_retencion: 35.4, monto_neto_pendiente: 1144.6, retencion: { porcentaje: 3, base: 1180, monto: 35.4 } },
      xml: [
        '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode listAgencyName="PE:SUNAT" listName="Cargo/descuento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo53">62</cbc:AllowanceChargeReasonCode><cbc:MultiplierFactorNumeric>0.03</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="PEN">35.40</cbc:Amount><cbc:BaseAmount currencyID="PEN">1180.00</cbc:BaseAmount></cac:AllowanceCharge>',
        '<cbc:PaymentMeansID>Credito</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">1144.60</cbc:Amount>',
      ],
    },
  ],
];

describe('Ventas: credit, detracción, percepción and retención (issue 18), signed, checked with SUNAT rules and accepted', () => {
  let t: TestAppWithSunat;
  let user: Session;
  let empresaId: number;

  const post = (body: Body) =>
    request(t.http)
      .post('/api/ventas')
      .set(bearer(user.token))
      .send({ tipo_documento: '01', cliente_documento: nextRuc(), cliente_datos: 'CLIENTE A CRÉDITO S.A.C.', ...body });

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.edit']);
  });
  afterAll(() => t.close());

  it.each(CASOS)('%s', async (_name, caso) => {
    const res = await post(caso.body);
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 201, errors: undefined });
    const venta = res.body.data;
    expect(venta).toMatchObject(caso.montos);
    expect(venta.observaciones).toEqual([]);

    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, venta.nombre_xml.replace('.xml', '')))!.toString('utf8');
    expect(await checkSunatXml(xml, venta.nombre_xml, 'invoice', '01')).toEqual(SUNAT_VALID);
    for (const fragment of caso.xml) expect(xml).toContain(fragment);

    const sent = await request(t.http).post(`/api/ventas/${venta.id_venta}/enviar`).set(bearer(user.token));
    expect({ status: sent.status, success: sent.body.success, codigo: sent.body.codigo }).toEqual({ status: 200, success: true, codigo: '0' });
    const detalle = await request(t.http).get(`/api/ventas/${venta.id_venta}`).set(bearer(user.token));
    expect(detalle.body.data).toMatchObject({ ...caso.montos, estado_sunat: '1' });
  });

  const binary = (req: request.Test) =>
    req.buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });

  it('the PDF (A4 and ticket) and the Excel export show the instalments, the detracción and the net pending amount', async () => {
    // 2360.00 -> 2000.00 + 360.00; detracción 12 % = 283.20 -> 283 soles; net 2077.00 = 1000.00 + 1077.00
    const res = await post({
      cliente_datos: 'CLIENTE IMPRESO A CRÉDITO S.A.C.',
      productos: [linea(2360)],
      detraccion: { codigo: '037', porcentaje: 12, cuenta_banco_nacion: CUENTA },
      forma_pago: 'Credito',
      cuotas: [
        { monto: 1000, fecha_vencimiento: dentroDe(30) },
        { monto: 1077, fecha_vencimiento: dentroDe(60) },
      ],
    });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 201, errors: undefined });
    expect(res.body.data).toMatchObject({ total: 2360, monto_detraccion: 283, monto_neto_pendiente: 2077 });
    const [d30, d60] = [dentroDe(30), dentroDe(60)].map((f) => f.split('-').reverse().join('/'));
    for (const suffix of ['', '/ticket']) {
      const pdf = await binary(request(t.http).get(`/reporteNV/${res.body.data.id_venta}${suffix}`).set(bearer(user.token)));
      expect(pdf.status).toBe(200);
      const { flat } = inspectPdf(pdf.body as Buffer);
      for (const texto of [
        'Crédito',
        `Cuota 1: S/ 1,000.00 vence ${d30}`,
        `Cuota 2: S/ 1,077.00 vence ${d60}`,
        `Cta. Banco de la Nación ${CUENTA}`,
        'Detracción (12 %) S/ 283.00',
        'Importe total S/ 2,360.00',
        'Neto pendiente de pago S/ 2,077.00',
        'Operación sujeta a detracción',
      ]) {
        expect(flat).toContain(texto);
      }
    }
    const xlsx = await binary(request(t.http).get('/api/ventas/exportar-excel').set(bearer(user.token)));
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const rows = (workbook.getWorksheet('Ventas')!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    const header = rows[0] as string[];
    const fila = rows.find((r) => r[6] === 'CLIENTE IMPRESO A CRÉDITO S.A.C.')!;
    const col = (h: string) => fila[header.indexOf(h)];
    expect([col('Forma de pago'), col('Detracción (S/)'), col('Retención'), col('Neto pendiente'), col('Total')]).toEqual(['Credito', 283, 0, 2077, 2360]);
  });

  it('PUT keeps the stored conditions, refuses instalments that no longer add up, and switches to Contado', async () => {
    const res = await post({ productos: [linea(118)], forma_pago: 'Credito', cuotas: [{ monto: 118, fecha_vencimiento: dentroDe(30) }] });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 201, errors: undefined });
    const id = res.body.data.id_venta;
    const put = (body: Body) => request(t.http).put(`/api/ventas/${id}`).set(bearer(user.token)).send(body);
    const otroTotal = await put({ productos: [linea(236)] });
    expect({ status: otroTotal.status, errors: otroTotal.body.errors }).toEqual({
      status: 422,
      errors: { cuotas: ['La suma de las cuotas (118.00) debe ser igual al monto neto pendiente de pago (236.00).'] },
    });
    // retención 118.00 x 3 % = 3.54: net 114.46
    const conRetencion = await put({ productos: [linea(118)], retencion: {}, cuotas: [{ monto: 114.46, fecha_vencimiento: dentroDe(20) }] });
    expect({ status: conRetencion.status, errors: conRetencion.body.errors }).toEqual({ status: 200, errors: undefined });
    expect(conRetencion.body.data).toMatchObject({
      forma_pago: 'Credito',
      monto_retencion: 3.54,
      monto_neto_pendiente: 114.46,
      cuotas: [{ numero: 1, monto: 114.46, fecha_vencimiento: dentroDe(20) }],
    });
    const contado = await put({ productos: [linea(118)], forma_pago: 'Contado', retencion: null, fecha_vencimiento: null });
    expect({ status: contado.status, errors: contado.body.errors }).toEqual({ status: 200, errors: undefined });
    expect(contado.body.data).toMatchObject({ forma_pago: 'Contado', cuotas: [], retencion: null, fecha_vencimiento: null, monto_neto_pendiente: 118 });
    const nombre = contado.body.data.nombre_xml as string;
    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, nombre.replace('.xml', '')))!.toString('utf8');
    expect(await checkSunatXml(xml, nombre, 'invoice', '01')).toEqual(SUNAT_VALID);
    expect(xml).toContain('<cbc:PaymentMeansID>Contado</cbc:PaymentMeansID>');
    expect(xml).not.toContain('Cuota001');
  });

  const boleta = { tipo_documento: '03', cliente_documento: '40123456', cliente_datos: 'JUAN PEREZ' };
  const REFUSED: Array<[string, Body, string, string]> = [
    ['Credito without cuotas', { forma_pago: 'Credito' }, 'cuotas', 'Una venta al crédito requiere al menos una cuota.'],
    [
      'cuotas that do not add up to the net pending amount',
      { forma_pago: 'Credito', cuotas: [{ monto: 100, fecha_vencimiento: dentroDe(30) }] },
      'cuotas',
      'La suma de las cuotas (100.00) debe ser igual al monto neto pendiente de pago (118.00).',
    ],
    [
      'Contado with cuotas',
      { forma_pago: 'Contado', cuotas: [{ monto: 118, fecha_vencimiento: dentroDe(30) }] },
      'cuotas',
      'Una venta al contado no lleva cuotas.',
    ],
    [
      'a cuota due on the issue date',
      { forma_pago: 'Credito', cuotas: [{ monto: 118, fecha_vencimiento: hoyLima() }] },
      'cuotas.0.fecha_vencimiento',
      'La fecha de vencimiento de la cuota debe ser posterior a la fecha de emisión.',
    ],
    [
      'detracción without the Banco de la Nación account',
      { detraccion: { codigo: '037' } },
      'detraccion.cuenta_banco_nacion',
      'cuenta_banco_nacion es obligatoria: la cuenta de detracciones del emisor en el Banco de la Nación',
    ],
    [
      'operation 1003 (passenger transport) with another good or service than 028',
      { tipo_operacion: '1003', detraccion: { codigo: '037', cuenta_banco_nacion: CUENTA } },
      'detraccion.codigo',
      'La operación 1003 exige el código de detracción 028.',
    ],
    [
      'an operation 1001 without detracción',
      { tipo_operacion: '1001' },
      'detraccion',
      'Una operación sujeta a detracción (tipo_operacion 1001-1004) requiere detraccion.',
    ],
    [
      'a USD detracción without tipo_cambio',
      { tipo_moneda: 'USD', detraccion: { codigo: '037', cuenta_banco_nacion: CUENTA } },
      'tipo_cambio',
      'tipo_cambio es obligatorio cuando una venta en otra moneda lleva detracción o percepción.',
    ],
    [
      'percepción on credit (SUNAT 3330)',
      { percepcion: { codigo_regimen: '51' }, forma_pago: 'Credito', cuotas: [{ monto: 118, fecha_vencimiento: dentroDe(30) }] },
      'forma_pago',
      'Una venta con percepción se cobra al contado (SUNAT 3330).',
    ],
    [
      'retención with detracción',
      { retencion: {}, detraccion: { codigo: '037', cuenta_banco_nacion: CUENTA } },
      'retencion',
      'La retención no se aplica a operaciones con detracción o percepción.',
    ],
    [
      'a boleta on credit',
      { ...boleta, forma_pago: 'Credito', cuotas: [{ monto: 118, fecha_vencimiento: dentroDe(30) }] },
      'forma_pago',
      'La venta al crédito solo se admite en facturas.',
    ],
    ['retención on a boleta', { ...boleta, retencion: {} }, 'retencion', 'La retención solo se admite en facturas.'],
  ];

  it.each(REFUSED)('refuses %s with 422 on the field', async (_name, body, field, message) => {
    const res = await post({ productos: [linea(118)], ...body });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.errors[field]).toContain(message);
  });
});
