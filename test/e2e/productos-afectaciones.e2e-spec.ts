import ExcelJS from 'exceljs';
import request from 'supertest';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createProducto, createUserSession, nextRuc } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { checkSunatXml, SUNAT_VALID } from '../support/xml-checks';

jest.setTimeout(300_000);

/**
 * Issue 17: products carry any catálogo 07 affectation, ISC and ICBPER; a sale line that names the product by id
 * takes them (unless it overrides them). Each sale is XSD-valid with 0 errors from SUNAT's rules, its signature
 * verified (checkSunatXml), accepted by the simulator, and its amounts equal the hand table (IGV 18 %, IVAP 4 %):
 * prices with IGV: line total = round(p x q, 2), base = round(total / 1.18, 2), igv = total - base.
 */
type Campos = Record<string, unknown>;
interface Caso {
  /** The products the sale uses, created for the case (stock 100 so the sale can take it). */
  productos: Campos[];
  /** Sale lines: `producto` is the index in `productos`; the rest is sent as is. */
  lineas: Array<{ producto: number } & Campos>;
  venta?: Campos;
  montos: Record<string, number>;
  /** Per line: affectation and ISC as the sale view shows them. */
  lineasVista?: Campos[];
  xml?: string[];
}

const CERO = {
  op_gravadas: 0,
  op_exoneradas: 0,
  op_inafectas: 0,
  op_gratuitas: 0,
  igv_gratuitas: 0,
  op_exportacion: 0,
  op_ivap: 0,
  ivap: 0,
  isc: 0,
  icbper: 0,
  igv: 0,
};

const P = (precio: number, tipo_afectacion_igv: string, extra: Campos = {}): Campos => ({ precio, tipo_afectacion_igv, stock: 100, ...extra });

const CASOS: Array<[string, Caso]> = [
  [
    '13 gravado free (retiro): a product of 59 x 2 = 100.00 + 18.00 reported, nothing charged, with a gravado product of 118',
    {
      productos: [P(59, '13'), P(118, '10')],
      lineas: [
        { producto: 1, cantidad: 1 },
        { producto: 0, cantidad: 2 },
      ],
      montos: { ...CERO, op_gravadas: 100, igv: 18, op_gratuitas: 100, igv_gratuitas: 18, total: 118 },
      lineasVista: [{ tipo_afectacion_igv: '10' }, { tipo_afectacion_igv: '13', valor_venta: 100, total: 0 }],
      xml: ['<cbc:Note languageLocaleID="1002">', '>9996</cbc:ID>', '>02</cbc:PriceTypeCode>'],
    },
  ],
  [
    '20 exonerado: 50 x 3 = 150.00',
    {
      productos: [P(50, '20')],
      lineas: [{ producto: 0, cantidad: 3 }],
      montos: { ...CERO, op_exoneradas: 150, total: 150 },
      lineasVista: [{ tipo_afectacion_igv: '20', valor_venta: 150, igv: 0, total: 150, isc_sistema: null, isc_base: 0, isc_porcentaje: null, isc: 0 }],
      xml: ['>9997</cbc:ID>'],
    },
  ],
  [
    '30 inafecto: 12.50 x 4 = 50.00',
    {
      productos: [P(12.5, '30')],
      lineas: [{ producto: 0, cantidad: 4 }],
      montos: { ...CERO, op_inafectas: 50, total: 50 },
      lineasVista: [{ tipo_afectacion_igv: '30' }],
      xml: ['>9998</cbc:ID>'],
    },
  ],
  [
    '17 IVAP: 104 x 1 = 100.00 + 4.00, legend 2007',
    {
      productos: [P(104, '17')],
      lineas: [{ producto: 0, cantidad: 1 }],
      montos: { ...CERO, op_ivap: 100, ivap: 4, total: 104 },
      lineasVista: [{ tipo_afectacion_igv: '17', valor_venta: 100, igv: 4, total: 104 }],
      xml: ['>1016</cbc:ID>', '<cbc:Note languageLocaleID="2007">'],
    },
  ],
  [
    '40 export (tipo_operacion 0200) to a passport holder: 100 x 3 = 300.00, no tax',
    {
      productos: [P(100, '40')],
      lineas: [{ producto: 0, cantidad: 3 }],
      venta: { tipo_operacion: '0200', cliente_documento: 'PC2345678', cliente_tipo_doc: '7', cliente_datos: 'JOHN EXPORT' },
      montos: { ...CERO, op_exportacion: 300, total: 300 },
      lineasVista: [{ tipo_afectacion_igv: '40' }],
      xml: ['>9995</cbc:ID>', 'schemeID="7"'],
    },
  ],
  [
    // 236.00 -> base 200.00 + IGV 36.00; base = value + ISC: value = 200.00 / 1.10 = 181.82, ISC 18.18
    'ISC system 01 (al valor, 10 %) on the product: 236 x 1',
    {
      productos: [P(236, '10', { isc: { sistema: '01', tasa: 10 } })],
      lineas: [{ producto: 0, cantidad: 1 }],
      montos: { ...CERO, op_gravadas: 181.82, isc: 18.18, igv: 36, total: 236 },
      lineasVista: [
        { tipo_afectacion_igv: '10', valor_venta: 181.82, igv: 36, total: 236, isc_sistema: '01', isc_base: 181.82, isc_porcentaje: 10, isc: 18.18 },
      ],
      xml: [
        '<cbc:Percent>10</cbc:Percent><cbc:TierRange>01</cbc:TierRange>',
        '<cbc:TaxableAmount currencyID="PEN">200.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="PEN">36.00</cbc:TaxAmount>',
      ],
    },
  ],
  [
    // 11.80 x 10 = 118.00 -> 100.00 + 18.00; ISC 0.50 x 10 = 5.00, value 95.00 (Percent 5 / 95 = 5.26316 %)
    'ISC system 02 (monto fijo 0.50 per unit) on the product: 11.80 x 10',
    {
      productos: [P(11.8, '10', { isc: { sistema: '02', monto: 0.5 } })],
      lineas: [{ producto: 0, cantidad: 10 }],
      montos: { ...CERO, op_gravadas: 95, isc: 5, igv: 18, total: 118 },
      lineasVista: [{ valor_venta: 95, total: 118, isc_sistema: '02', isc_base: 95, isc_porcentaje: 5.26316, isc: 5 }],
      xml: ['<cbc:Percent>5.26316</cbc:Percent><cbc:TierRange>02</cbc:TierRange>'],
    },
  ],
  [
    // 10.00 -> 8.47 + 1.53; 3 bags of 0.10 -> 0.30 = 0.25 + 0.05, ICBPER 3 x 0.50 = 1.50
    'ICBPER on the product (a plastic bag): 3 bags with a product of 10.00',
    {
      productos: [P(10, '10'), P(0.1, '10', { icbper: true })],
      lineas: [
        { producto: 0, cantidad: 1 },
        { producto: 1, cantidad: 3 },
      ],
      montos: { ...CERO, op_gravadas: 8.72, igv: 1.58, icbper: 1.5, total: 11.8 },
      xml: ['<cbc:BaseUnitMeasure unitCode="NIU">3</cbc:BaseUnitMeasure><cac:TaxCategory><cbc:PerUnitAmount currencyID="PEN">0.50</cbc:PerUnitAmount>'],
    },
  ],
  [
    // exonerado product sold as gravado: 50.00 -> 42.37 + 7.63; ISC product without ISC: 236.00 -> 200.00 + 36.00;
    // bag without ICBPER: 0.30 -> 0.25 + 0.05. gravadas 242.62, igv 43.68, total 286.30
    'the line overrides the product: affectation 10 on an exonerado product, isc null, icbper false',
    {
      productos: [P(50, '20'), P(236, '10', { isc: { sistema: '01', tasa: 10 } }), P(0.1, '10', { icbper: true })],
      lineas: [
        { producto: 0, cantidad: 1, tipo_afectacion_igv: '10' },
        { producto: 1, cantidad: 1, isc: null },
        { producto: 2, cantidad: 3, icbper: false },
      ],
      montos: { ...CERO, op_gravadas: 242.62, igv: 43.68, total: 286.3 },
      lineasVista: [{ tipo_afectacion_igv: '10', valor_venta: 42.37 }, { valor_venta: 200 }, { valor_venta: 0.25 }],
    },
  ],
];

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Productos').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('Productos: every catálogo 07 affectation, ISC and ICBPER, sold by product id (issue 17)', () => {
  let t: TestAppWithSunat;
  let user: Session;
  let empresaId: number;

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, [
      'productos.view',
      'productos.create',
      'productos.edit',
      'ventas.view',
      'ventas.create',
      'ventas.edit',
      'ventas.delete',
      'clientes.edit',
    ]);
  });
  afterAll(() => t.close());

  const postProducto = (body: Campos) =>
    request(t.http)
      .post('/api/productos')
      .set(bearer(user.token))
      .send({ codigo: `X${Math.random()}`.slice(0, 12), nombre: 'X', precio: 10, ...body });
  const putProducto = (id: number, body: Campos) => request(t.http).put(`/api/productos/${id}`).set(bearer(user.token)).send(body);
  const postVenta = (body: Campos) =>
    request(t.http)
      .post('/api/ventas')
      .set(bearer(user.token))
      .send({ tipo_documento: '01', cliente_documento: nextRuc(), cliente_datos: 'CLIENTE PRODUCTOS S.A.C.', ...body });

  it('a product takes any catálogo 07 affectation, ISC (catálogo 08) and ICBPER; each rule across fields is a 422 on its field', async () => {
    for (const codigo of ['10', '11', '13', '16', '17', '20', '21', '30', '31', '37', '40']) {
      const res = await postProducto({ tipo_afectacion_igv: codigo });
      expect({ codigo, status: res.status, afectacion: res.body.data?.tipo_afectacion_igv }).toEqual({ codigo, status: 201, afectacion: codigo });
    }
    const malo = await postProducto({ tipo_afectacion_igv: '18' });
    expect({ status: malo.status, errors: malo.body.errors }).toEqual({
      status: 422,
      errors: { tipo_afectacion_igv: ['tipo_afectacion_igv debe ser un código del catálogo 07 de SUNAT (códigos de tipo de afectación del igv)'] },
    });
    const conIsc = await postProducto({ tipo_afectacion_igv: '10', isc: { sistema: '03', tasa: 20, precio_publico: 25, monto: 3 }, icbper: false });
    expect(conIsc.status).toBe(201);
    // only the amounts the system uses are kept
    expect(conIsc.body.data).toMatchObject({ icbper: false, isc: { sistema: '03', tasa: 20, precio_publico: 25, monto: null } });
    const bolsa = await postProducto({ icbper: true });
    expect(bolsa.body.data).toMatchObject({ icbper: true, isc: null, tipo_afectacion_igv: '10' });

    const errores = async (body: Campos) => {
      const res = await postProducto(body);
      return { status: res.status, errors: res.body.errors };
    };
    expect(await errores({ tipo_afectacion_igv: '20', isc: { sistema: '01', tasa: 10 } })).toEqual({
      status: 422,
      errors: { isc: ['El ISC se admite en productos gravados (tipo_afectacion_igv 10).'] },
    });
    expect(await errores({ isc: { sistema: '02' } })).toEqual({ status: 422, errors: { 'isc.monto': ['Indique monto (mayor que 0) para el sistema 02.'] } });
    expect((await errores({ isc: { sistema: '04', tasa: 1 } })).errors).toHaveProperty(['isc.sistema']);
    expect(await errores({ tipo_afectacion_igv: '13', icbper: true })).toEqual({
      status: 422,
      errors: { icbper: ['Un producto de entrega gratuita (tipo_afectacion_igv 11-16, 21 o 31-37) no lleva ICBPER.'] },
    });

    // PUT: a partial update is checked against the stored product; isc null removes it
    const id = conIsc.body.data.id_producto;
    expect((await putProducto(id, { tipo_afectacion_igv: '20' })).body.errors).toEqual({
      isc: ['El ISC se admite en productos gravados (tipo_afectacion_igv 10).'],
    });
    const sinIsc = await putProducto(id, { tipo_afectacion_igv: '20', isc: null });
    expect({ status: sinIsc.status, isc: sinIsc.body.data.isc, afectacion: sinIsc.body.data.tipo_afectacion_igv }).toEqual({
      status: 200,
      isc: null,
      afectacion: '20',
    });
    const otraVez = await putProducto(id, { tipo_afectacion_igv: '10', isc: { sistema: '01', tasa: 12.5 } });
    expect(otraVez.body.data.isc).toEqual({ sistema: '01', tasa: 12.5, monto: null, precio_publico: null });

    // the list shows the new fields and filters by affectation
    const lista = await request(t.http).get('/api/productos').query({ tipo_afectacion_igv: '17', per_page: 100 }).set(bearer(user.token)).expect(200);
    expect(lista.body.data.length).toBeGreaterThan(0);
    expect(lista.body.data.every((p: { tipo_afectacion_igv: string; icbper: boolean }) => p.tipo_afectacion_igv === '17' && p.icbper === false)).toBe(true);
  });

  it('the Excel import reads tipo_afectacion_igv, icbper and the isc_* columns into the product', async () => {
    const buffer = await xlsx([
      ['codigo', 'nombre', 'precio', 'tipo_afectacion_igv', 'icbper', 'isc_sistema', 'isc_tasa', 'isc_monto', 'isc_precio_publico'],
      ['XL-IVAP', 'ARROZ PILADO', 10.4, 17, null, null, null, null, null],
      ['XL-BOLSA', 'BOLSA PLÁSTICA', 0.1, '10', 'Sí', null, null, null, null],
      ['XL-PISCO', 'PISCO 750 ML', 59, '10', 'no', 2, null, 1.5, null],
      ['XL-MALO', 'ISC EN EXONERADO', 5, '20', null, '01', 10, null, null],
      ['XL-GRATIS', 'MUESTRA', 5, '31', 'SI', null, null, null, null],
    ]);
    const leido = await request(t.http).post('/api/productos/leer-excel').set(bearer(user.token)).attach('archivo', buffer, 'p.xlsx').expect(201);
    const [ivap, bolsa, pisco, malo, gratis] = leido.body.data;
    expect(ivap).toMatchObject({ codigo: 'XL-IVAP', tipo_afectacion_igv: '17', errores: {} });
    expect(bolsa).toMatchObject({ icbper: true, errores: {} });
    expect(pisco).toMatchObject({ icbper: false, isc: { sistema: '02', monto: 1.5 }, errores: {} });
    expect(malo.errores).toEqual({ isc: ['El ISC se admite en productos gravados (tipo_afectacion_igv 10).'] });
    expect(gratis.errores).toEqual({ icbper: ['Un producto de entrega gratuita (tipo_afectacion_igv 11-16, 21 o 31-37) no lleva ICBPER.'] });

    const rechazado = await request(t.http).post('/api/productos/importar-lista').set(bearer(user.token)).send({ productos: leido.body.data });
    expect({ status: rechazado.status, filas: rechazado.body.filas }).toEqual({ status: 422, filas: [5, 6] });
    const ok = await request(t.http)
      .post('/api/productos/importar-lista')
      .set(bearer(user.token))
      .send({ productos: [ivap, bolsa, pisco] });
    expect(ok.body.data).toEqual({ creados: 3, actualizados: 0 });
    const guardados = await t.dataSource.query(
      `SELECT codigo, tipo_afectacion_igv, icbper, isc_sistema, isc_monto::float8 AS isc_monto FROM productos WHERE id_empresa = $1 AND codigo LIKE 'XL-%' ORDER BY codigo`,
      [empresaId],
    );
    expect(guardados).toEqual([
      { codigo: 'XL-BOLSA', tipo_afectacion_igv: '10', icbper: true, isc_sistema: null, isc_monto: null },
      { codigo: 'XL-IVAP', tipo_afectacion_igv: '17', icbper: false, isc_sistema: null, isc_monto: null },
      { codigo: 'XL-PISCO', tipo_afectacion_igv: '10', icbper: false, isc_sistema: '02', isc_monto: 1.5 },
    ]);

    // the export has the import's columns: read back, the same products come out, to be updated
    const exportado = await request(t.http)
      .get('/api/productos/exportar-excel')
      .query({ q: 'XL-' })
      .set(bearer(user.token))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(exportado.status).toBe(200);
    expect(exportado.headers['content-type']).toContain('spreadsheetml');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(exportado.body as unknown as ArrayBuffer);
    expect((libro.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
      'codigo',
      'nombre',
      'descripcion',
      'unidad',
      'precio',
      'costo',
      'stock',
      'codigo_sunat',
      'tipo_afectacion_igv',
      'icbper',
      'isc_sistema',
      'isc_tasa',
      'isc_monto',
      'isc_precio_publico',
      'estado',
    ]);
    const releido = await request(t.http)
      .post('/api/productos/leer-excel')
      .set(bearer(user.token))
      .attach('archivo', exportado.body as Buffer, 'p.xlsx')
      .expect(201);
    expect(releido.body.resumen).toEqual({ total: 3, validas: 3, con_errores: 0 });
    expect(releido.body.data.map((f: Campos) => [f.codigo, f.accion, f.tipo_afectacion_igv, f.icbper, f.isc ?? null])).toEqual([
      ['XL-IVAP', 'actualizar', '17', false, null],
      ['XL-BOLSA', 'actualizar', '10', true, null],
      ['XL-PISCO', 'actualizar', '10', false, { sistema: '02', monto: 1.5 }],
    ]);
  });

  it.each(CASOS)('sold by product id: %s', async (_name, caso) => {
    const productos: Array<{ id_producto: number }> = [];
    for (const body of caso.productos) productos.push(await createProducto(t, user, body));
    const res = await postVenta({
      ...caso.venta,
      productos: caso.lineas.map(({ producto, ...resto }) => ({ id_producto: productos[producto].id_producto, ...resto })),
    });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 201, errors: undefined });
    const venta = res.body.data;
    expect(venta).toMatchObject(caso.montos);
    expect(venta.observaciones).toEqual([]);
    if (caso.lineasVista) expect(venta.productosVentas).toMatchObject(caso.lineasVista);

    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, venta.nombre_xml.replace('.xml', '')))!.toString('utf8');
    expect(await checkSunatXml(xml, venta.nombre_xml, 'invoice', '01')).toEqual(SUNAT_VALID);
    for (const fragment of caso.xml ?? []) expect(xml).toContain(fragment);
    expect(xml).toContain(`<cbc:PayableAmount currencyID="PEN">${caso.montos.total.toFixed(2)}</cbc:PayableAmount>`);

    const sent = await request(t.http).post(`/api/ventas/${venta.id_venta}/enviar`).set(bearer(user.token));
    expect({ status: sent.status, success: sent.body.success, codigo: sent.body.codigo }).toEqual({ status: 200, success: true, codigo: '0' });
    const detalle = await request(t.http).get(`/api/ventas/${venta.id_venta}`).set(bearer(user.token));
    expect(detalle.body.data).toMatchObject({ ...caso.montos, estado_sunat: '1' });
  });

  it('stock keeps the sale quantity exactly: 3 sales of 0.3333333333 leave 0.0000000001, a fourth is refused, DELETE gives it back', async () => {
    const p = await createProducto(t, user, { precio: 10, stock: 1 });
    const stock = async () => (await t.dataSource.query('SELECT stock::text FROM productos WHERE id_producto = $1', [p.id_producto]))[0].stock;
    const vender = () => postVenta({ productos: [{ id_producto: p.id_producto, cantidad: 0.3333333333 }] });
    const ventas: Array<{ id_venta: number }> = [];
    for (let i = 0; i < 3; i++) {
      const res = await vender();
      expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 201, errors: undefined });
      // 10 x 0.3333333333 = 3.333333333 -> 3.33 = 2.82 + 0.51
      expect(res.body.data).toMatchObject({ op_gravadas: 2.82, igv: 0.51, total: 3.33 });
      ventas.push(res.body.data);
    }
    expect(await stock()).toBe('0.0000000001');
    const sinStock = await vender();
    expect({ status: sinStock.status, errors: sinStock.body.errors }).toEqual({
      status: 422,
      errors: { 'productos.0.cantidad': [`Stock insuficiente para ${p.codigo}`] },
    });
    await request(t.http).delete(`/api/ventas/${ventas[2].id_venta}`).set(bearer(user.token)).expect(200);
    expect(await stock()).toBe('0.3333333334');
    const movimientos = await t.dataSource.query(
      'SELECT tipo, cantidad::text, stock_resultante::text FROM movimientos_stock WHERE id_producto = $1 ORDER BY id',
      [p.id_producto],
    );
    expect(movimientos).toEqual([
      { tipo: 'ingreso', cantidad: '1.0000000000', stock_resultante: '1.0000000000' },
      { tipo: 'salida', cantidad: '0.3333333333', stock_resultante: '0.6666666667' },
      { tipo: 'salida', cantidad: '0.3333333333', stock_resultante: '0.3333333334' },
      { tipo: 'salida', cantidad: '0.3333333333', stock_resultante: '0.0000000001' },
      { tipo: 'ingreso', cantidad: '0.3333333333', stock_resultante: '0.3333333334' },
    ]);
    // the API answers the same numbers; an inventory count of 10 decimals is one adjustment
    const api = await request(t.http).get('/api/movimientos-stock').query({ id_producto: p.id_producto }).set(bearer(user.token)).expect(200);
    expect(api.body.data[0]).toMatchObject({ tipo: 'ingreso', cantidad: 0.3333333333, stock_resultante: 0.3333333334 });
    const ajuste = await putProducto(p.id_producto, { stock: 2.0000000001 });
    expect(ajuste.body.data.stock).toBe(2.0000000001);
    expect(await stock()).toBe('2.0000000001');
  });

  it('the sale keeps the catálogo 06 type of its client as issued: a later change of the client does not change the sale', async () => {
    const p = await createProducto(t, user, { precio: 100, tipo_afectacion_igv: '40', unidad: 'ZZ' });
    const res = await postVenta({
      tipo_operacion: '0200',
      cliente_documento: 'PD3456789',
      cliente_tipo_doc: '7',
      cliente_datos: 'JANE EXPORT',
      productos: [{ id_producto: p.id_producto, cantidad: 1 }],
    });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 201, errors: undefined });
    const venta = res.body.data;
    expect(venta.cliente.tipo_doc).toBe('7');
    await request(t.http).put(`/api/clientes/${venta.id_cliente}`).set(bearer(user.token)).send({ tipo_doc: '4' }).expect(200);
    const [{ cliente_tipo_doc }] = await t.dataSource.query('SELECT cliente_tipo_doc FROM ventas WHERE id_venta = $1', [venta.id_venta]);
    expect(cliente_tipo_doc).toBe('7');
    const vista = await request(t.http).get(`/api/ventas/${venta.id_venta}`).set(bearer(user.token)).expect(200);
    expect(vista.body.data.cliente).toMatchObject({ id_cliente: venta.id_cliente, tipo_doc: '7', documento: 'PD3456789' });
  });
});
