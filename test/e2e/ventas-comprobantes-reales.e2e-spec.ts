import request from 'supertest';
import { inspectPdf } from '../../src/reportes/testing/pdf-inspect';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createUserSession, nextRuc } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { checkSunatXml, SUNAT_VALID } from '../support/xml-checks';

jest.setTimeout(300_000);

/**
 * Issue 17: real invoices. Each sale is created (signed, checked by SUNAT's rules in the service), its
 * stored XML is XSD-valid with 0 errors from SUNAT's rules and a verified signature, the simulator accepts
 * it, and its amounts equal the table below, computed by hand (IGV 18%, IVAP 4%):
 * prices with IGV: line total = round(p x q - descuento, 2), base = round(total / 1.18, 2), igv = total - base;
 * without IGV: base = round(p x q, 2), igv = round(base x 0.18, 2); free lines: base = referential value x q, charge 0.
 */
type Linea = Record<string, unknown>;
interface Caso {
  body: Record<string, unknown>;
  montos: Record<string, number>;
  /** Fragments the XML must contain. */
  xml?: string[];
}

const L = (precio_unitario: number, cantidad: number, tipo_afectacion_igv: string, extra: Linea = {}): Linea => ({
  descripcion: `ITEM ${tipo_afectacion_igv}`,
  precio_unitario,
  cantidad,
  tipo_afectacion_igv,
  ...extra,
});

const CERO = {
  op_gravadas: 0,
  op_exoneradas: 0,
  op_inafectas: 0,
  op_gratuitas: 0,
  igv_gratuitas: 0,
  op_exportacion: 0,
  op_ivap: 0,
  ivap: 0,
  descuentos: 0,
  igv: 0,
};

const CASOS: Array<[string, Caso]> = [
  ['10 gravado: 118 x 2', { body: { productos: [L(118, 2, '10')] }, montos: { ...CERO, op_gravadas: 200, igv: 36, total: 236 } }],
  [
    'a line with its UNSPSC code (codigo_sunat) carries it; the line without one has no CommodityClassification',
    {
      body: { productos: [L(118, 1, '10', { codigo_sunat: '43211503' }), L(59, 1, '10')] },
      montos: { ...CERO, op_gravadas: 150, igv: 27, total: 177 },
      xml: ['<cbc:ItemClassificationCode listAgencyName="GS1 US" listID="UNSPSC" listName="Item Classification">43211503</cbc:ItemClassificationCode>'],
    },
  ],
  [
    '13 gravado free (retiro): referential 59 with IGV x 2 = 100.00 + 18.00 reported, nothing charged, legend 1002',
    {
      body: { productos: [L(118, 1, '10'), L(59, 2, '13')] },
      montos: { ...CERO, op_gravadas: 100, igv: 18, op_gratuitas: 100, igv_gratuitas: 18, total: 118 },
      xml: [
        '<cbc:Note languageLocaleID="1002">',
        '>9996</cbc:ID>',
        '>02</cbc:PriceTypeCode>',
        '<cac:Price><cbc:PriceAmount currencyID="PEN">0.00</cbc:PriceAmount>',
      ],
    },
  ],
  [
    '17 IVAP: 104 x 1 = 100.00 + 4.00',
    {
      body: { productos: [L(104, 1, '17')] },
      montos: { ...CERO, op_ivap: 100, ivap: 4, total: 104 },
      xml: ['>1016</cbc:ID>', '<cbc:Note languageLocaleID="2007">'],
    },
  ],
  ['20 exonerado: 50 x 3', { body: { productos: [L(50, 3, '20')] }, montos: { ...CERO, op_exoneradas: 150, total: 150 } }],
  [
    '21 exonerado free: 25 x 2 = 50.00 free, with a paid exonerado line',
    { body: { productos: [L(10, 1, '20'), L(25, 2, '21')] }, montos: { ...CERO, op_exoneradas: 10, op_gratuitas: 50, total: 10 } },
  ],
  ['30 inafecto: 12.5 x 4', { body: { productos: [L(12.5, 4, '30')] }, montos: { ...CERO, op_inafectas: 50, total: 50 } }],
  [
    '31 inafecto free (bonificación): 10 x 3 = 30.00 free, with a paid inafecto line',
    { body: { productos: [L(5, 2, '30'), L(10, 3, '31')] }, montos: { ...CERO, op_inafectas: 10, op_gratuitas: 30, total: 10 } },
  ],
  [
    // line 1: 236 - 18 = 218.00 -> 184.75 + 33.25 (discount 18 / 1.18 = 15.25 on a base of 200.00); line 2: 50.00 + 9.00;
    // global 11.80 -> 10.00 + 1.80: gravadas 234.75 - 10.00 = 224.75, igv 42.25 - 1.80 = 40.45, total 277.00 - 11.80 = 265.20
    'line discount 18 and global discount 11.80 (with IGV)',
    {
      body: { productos: [L(118, 2, '10', { descuento: 18 }), L(59, 1, '10')], descuento_global: 11.8 },
      montos: { ...CERO, op_gravadas: 224.75, igv: 40.45, descuentos: 25.25, descuento_global: 11.8, total: 265.2 },
      xml: [
        '<cbc:AllowanceChargeReasonCode listAgencyName="PE:SUNAT" listName="Cargo/descuento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo53">00</cbc:AllowanceChargeReasonCode><cbc:MultiplierFactorNumeric>0.07625</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="PEN">15.25</cbc:Amount><cbc:BaseAmount currencyID="PEN">200.00</cbc:BaseAmount>',
        '>02</cbc:AllowanceChargeReasonCode><cbc:MultiplierFactorNumeric>0.0426</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="PEN">10.00</cbc:Amount><cbc:BaseAmount currencyID="PEN">234.75</cbc:BaseAmount>',
        '<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="PEN">224.75</cbc:LineExtensionAmount><cbc:TaxInclusiveAmount currencyID="PEN">265.20</cbc:TaxInclusiveAmount>',
      ],
    },
  ],
  [
    // 1.2345678901 x 3.3333333333 = 4.11522630... -> 4.12 + 0.74; 10.5 x 0.1234567891 = 1.29629628... -> 1.30 + 0.23
    'prices without IGV at 10 decimals',
    {
      body: { precios_incluyen_igv: false, productos: [L(1.2345678901, 3.3333333333, '10'), L(10.5, 0.1234567891, '10')] },
      montos: { ...CERO, op_gravadas: 5.42, igv: 0.97, total: 6.39 },
      xml: ['<cbc:InvoicedQuantity', '>3.3333333333</cbc:InvoicedQuantity>', '<cac:Price><cbc:PriceAmount currencyID="PEN">1.2345678901</cbc:PriceAmount>'],
    },
  ],
  [
    // 10.00 -> 8.47 + 1.53; 3 bags at 0.10 -> 0.25 + 0.05, plus ICBPER 3 x 0.50 (issue year 2023 onward) = 1.50
    'ICBPER: 3 plastic bags',
    {
      body: { productos: [L(10, 1, '10'), L(0.1, 3, '10', { icbper: true })] },
      montos: { ...CERO, op_gravadas: 8.72, igv: 1.58, icbper: 1.5, total: 11.8 },
      xml: [
        '<cbc:BaseUnitMeasure unitCode="NIU">3</cbc:BaseUnitMeasure><cac:TaxCategory><cbc:PerUnitAmount currencyID="PEN">0.50</cbc:PerUnitAmount>',
        '<cac:TaxSubtotal><cbc:TaxAmount currencyID="PEN">1.50</cbc:TaxAmount><cac:TaxCategory><cac:TaxScheme>',
      ],
    },
  ],
  [
    // 236.00 -> IGV base 200.00 + IGV 36.00; the base = value + ISC: value = 200.00 / 1.10 = 181.82, ISC 18.18 (10 % of 181.82)
    'ISC system 01 (al valor), 10 %: 236 x 1',
    {
      body: { productos: [L(236, 1, '10', { isc: { sistema: '01', tasa: 10 } })] },
      montos: { ...CERO, op_gravadas: 181.82, isc: 18.18, igv: 36, total: 236 },
      xml: [
        '<cbc:TaxableAmount currencyID="PEN">181.82</cbc:TaxableAmount><cbc:TaxAmount currencyID="PEN">18.18</cbc:TaxAmount><cac:TaxCategory><cbc:ID schemeAgencyName="United Nations Economic Commission for Europe" schemeID="UN/ECE 5305" schemeName="Tax Category Identifier">S</cbc:ID><cbc:Percent>10</cbc:Percent><cbc:TierRange>01</cbc:TierRange>',
        '<cbc:TaxableAmount currencyID="PEN">200.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="PEN">36.00</cbc:TaxAmount>',
        '<cbc:Name>ISC</cbc:Name><cbc:TaxTypeCode>EXC</cbc:TaxTypeCode>',
      ],
    },
  ],
  [
    // 11.80 x 10 = 118.00 -> 100.00 + 18.00; ISC 0.50 x 10 = 5.00, value 95.00 (Percent 5 / 95 = 5.26316 %)
    'ISC system 02 (monto fijo), 0.50 per unit: 11.80 x 10',
    {
      body: { productos: [L(11.8, 10, '10', { isc: { sistema: '02', monto: 0.5 } })] },
      montos: { ...CERO, op_gravadas: 95, isc: 5, igv: 18, total: 118 },
      xml: ['<cbc:Percent>5.26316</cbc:Percent><cbc:TierRange>02</cbc:TierRange>'],
    },
  ],
  [
    // 23.60 x 5 = 118.00 -> 100.00 + 18.00; ISC base 25 x 5 x 0.847 = 105.88, ISC 20 % = 21.18, value 100.00 - 21.18 = 78.82
    'ISC system 03 (precio de venta al público 25), 20 %: 23.60 x 5',
    {
      body: { productos: [L(23.6, 5, '10', { isc: { sistema: '03', tasa: 20, precio_publico: 25 } })] },
      montos: { ...CERO, op_gravadas: 78.82, isc: 21.18, igv: 18, total: 118 },
      xml: [
        '<cbc:TaxableAmount currencyID="PEN">105.88</cbc:TaxableAmount><cbc:TaxAmount currencyID="PEN">21.18</cbc:TaxAmount>',
        '<cbc:TierRange>03</cbc:TierRange>',
      ],
    },
  ],
  [
    // export (40): 100 x 3 = 300.00, no tax
    'export (tipo_operacion 0200) to a client with a passport (catálogo 06 type 7)',
    {
      body: {
        tipo_operacion: '0200',
        cliente_documento: 'PA1234567',
        cliente_tipo_doc: '7',
        cliente_datos: 'JOHN SMITH',
        productos: [L(100, 3, '40')],
      },
      montos: { ...CERO, op_exportacion: 300, total: 300 },
      xml: ['listID="0200"', 'schemeID="7"', '>PA1234567</cbc:ID>', '>9995</cbc:ID>'],
    },
  ],
  [
    // each line: 0.10 -> 0.08 + 0.02; 300 lines: 24.00 + 6.00 = 30.00 (the old header-first rounding gave 25.42 + 4.58: 3278)
    '300 lines of 0.10',
    {
      body: { productos: Array.from({ length: 300 }, () => L(0.1, 1, '10')) },
      montos: { ...CERO, op_gravadas: 24, igv: 6, total: 30 },
      xml: [
        '<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="PEN">24.00</cbc:LineExtensionAmount><cbc:TaxInclusiveAmount currencyID="PEN">30.00</cbc:TaxInclusiveAmount>',
      ],
    },
  ],
];

describe('Ventas: real invoices (issue 17), signed, checked with SUNAT rules and accepted by the simulator', () => {
  let t: TestAppWithSunat;
  let user: Session;
  let empresaId: number;

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.edit']);
  });
  afterAll(() => t.close());

  it.each(CASOS)('%s', async (_name, caso) => {
    const res = await request(t.http)
      .post('/api/ventas')
      .set(bearer(user.token))
      .send({ tipo_documento: '01', cliente_documento: nextRuc(), cliente_datos: 'CLIENTE REAL S.A.C.', ...caso.body });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 201, errors: undefined });
    const venta = res.body.data;
    expect(venta).toMatchObject(caso.montos);

    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, venta.nombre_xml.replace('.xml', '')))!.toString('utf8');
    expect(await checkSunatXml(xml, venta.nombre_xml, 'invoice', '01')).toEqual(SUNAT_VALID);
    for (const fragment of caso.xml ?? []) expect(xml).toContain(fragment);
    // Only lines with a code carry one (a made-up 10000000 drew SUNAT's observation 4337): no observation at all.
    const conCodigo = (caso.body.productos as Linea[]).filter((l) => l.codigo_sunat).length;
    expect(xml.split('<cac:CommodityClassification>').length - 1).toBe(conCodigo);
    expect(venta.observaciones).toEqual([]);
    expect(xml).toContain(`<cbc:PayableAmount currencyID="PEN">${caso.montos.total.toFixed(2)}</cbc:PayableAmount>`);

    const sent = await request(t.http).post(`/api/ventas/${venta.id_venta}/enviar`).set(bearer(user.token));
    expect({ status: sent.status, success: sent.body.success, codigo: sent.body.codigo }).toEqual({ status: 200, success: true, codigo: '0' });
    const detalle = await request(t.http).get(`/api/ventas/${venta.id_venta}`).set(bearer(user.token));
    expect(detalle.body.data).toMatchObject({ ...caso.montos, estado_sunat: '1' });
  });

  it('the PDF (A4 and ticket) prints the non-zero gratuitas, descuentos, ISC and ICBPER, and legend 1002', async () => {
    // 236 ISC 01 10 % -> 181.82 + ISC 18.18 + IGV 36.00; 118 x 2 - 18 = 218.00 -> 184.75 + 33.25 (discount 15.25);
    // free 13: 59 x 2 -> 100.00; 0.10 x 3 bags -> 0.25 + 0.05 + ICBPER 1.50.
    // gravadas 366.82, IGV 69.30, total 236.00 + 218.00 + 0.30 + 1.50 = 455.80
    const res = await request(t.http)
      .post('/api/ventas')
      .set(bearer(user.token))
      .send({
        tipo_documento: '01',
        cliente_documento: nextRuc(),
        cliente_datos: 'CLIENTE IMPRESO S.A.C.',
        productos: [
          L(236, 1, '10', { isc: { sistema: '01', tasa: 10 } }),
          L(118, 2, '10', { descuento: 18 }),
          L(59, 2, '13'),
          L(0.1, 3, '10', { icbper: true }),
        ],
      });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 201, errors: undefined });
    expect(res.body.data).toMatchObject({ op_gravadas: 366.82, igv: 69.3, isc: 18.18, icbper: 1.5, descuentos: 15.25, op_gratuitas: 100, total: 455.8 });
    expect(res.body.data.observaciones).toEqual([]);
    for (const suffix of ['', '/ticket']) {
      const pdf = await request(t.http)
        .get(`/reporteNV/${res.body.data.id_venta}${suffix}`)
        .set(bearer(user.token))
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(pdf.status).toBe(200);
      const { flat } = inspectPdf(pdf.body as Buffer);
      for (const texto of [
        'Op. gravadas S/ 366.82',
        'Op. gratuitas S/ 100.00',
        'Descuentos S/ 15.25',
        'ISC S/ 18.18',
        'IGV S/ 69.30',
        'ICBPER S/ 1.50',
        'Importe total S/ 455.80',
        'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE',
      ]) {
        expect(flat).toContain(texto);
      }
    }
  });

  it('refuses a price-0 line that is not free (SUNAT 3105) and a discount larger than its line, with the field', async () => {
    const post = (productos: Linea[]) =>
      request(t.http)
        .post('/api/ventas')
        .set(bearer(user.token))
        .send({ tipo_documento: '01', cliente_documento: nextRuc(), cliente_datos: 'X S.A.C.', productos });
    const cero = await post([L(0, 1, '10')]);
    expect({ status: cero.status, errors: cero.body.errors }).toEqual({
      status: 422,
      errors: { 'productos.0.precio_unitario': ['Una línea con precio 0 debe declararse gratuita (tipo_afectacion_igv 11-16, 21 o 31-37).'] },
    });
    const desc = await post([L(10, 1, '10'), L(10, 1, '10', { descuento: 10 })]);
    expect({ status: desc.status, errors: desc.body.errors }).toEqual({
      status: 422,
      errors: { 'productos.1.descuento': ['El descuento debe ser menor que el importe de la línea.'] },
    });
    const pasaporte = { cliente_documento: 'PB7654321', cliente_tipo_doc: '7', cliente_datos: 'JANE DOE' };
    const interna = await request(t.http)
      .post('/api/ventas')
      .set(bearer(user.token))
      .send({ tipo_documento: '01', ...pasaporte, productos: [L(100, 1, '40')] });
    expect({ status: interna.status, errors: interna.body.errors }).toEqual({
      status: 422,
      errors: {
        cliente_documento: ['Las facturas requieren un cliente con RUC (11 dígitos), salvo exportaciones (tipo_operacion 0200-0208) y no domiciliados (0401).'],
      },
    });
    const gravadaExportada = await request(t.http)
      .post('/api/ventas')
      .set(bearer(user.token))
      .send({ tipo_documento: '01', tipo_operacion: '0200', ...pasaporte, productos: [L(100, 1, '40'), L(118, 1, '10')] });
    expect({ status: gravadaExportada.status, errors: gravadaExportada.body.errors }).toEqual({
      status: 422,
      errors: { 'productos.1.tipo_afectacion_igv': ['Una exportación (tipo_operacion 0200-0208) lleva solo líneas de exportación (tipo_afectacion_igv 40).'] },
    });
    const iscExonerado = await post([L(10, 1, '20', { isc: { sistema: '01', tasa: 10 } })]);
    expect({ status: iscExonerado.status, errors: iscExonerado.body.errors }).toEqual({
      status: 422,
      errors: { 'productos.0.isc': ['El ISC se admite en líneas gravadas (tipo_afectacion_igv 10).'] },
    });
    const sinMonto = await post([L(10, 1, '10', { isc: { sistema: '02' } })]);
    expect({ status: sinMonto.status, errors: sinMonto.body.errors }).toEqual({
      status: 422,
      errors: { 'productos.0.isc.monto': ['Indique monto (mayor que 0) para el sistema 02.'] },
    });
  });
});
