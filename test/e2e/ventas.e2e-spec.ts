import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { EmisorService } from '../../src/empresas/emisor.service';
import { verifyWithXmlCrypto } from '../../src/sunat/signing/testing/verify-signature';
import { dumpSignedXml } from '../../src/sunat/signing/testing/xml-dump';
import { validateSunatXsl, validateXsd } from '../../src/sunat/xml/testing/validators';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createCliente, createEmpresa, createFactura, createProducto, createUserSession, createVenta, nextDni, nextRuc } from '../support/factories';

const BETA_RUC = '20000000001';
jest.setTimeout(120_000);

function pemOf(derBase64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${derBase64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

describe('Ventas: creation, signed XML, list and detail', () => {
  let t: TestApp;
  let admin: Session;
  let empresaA: number;
  let empresaB: number;
  let userA: Session & { userId: number };
  let userB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaA = (await createEmpresa(t, admin, { razon_social: 'COMERCIAL ANDINA S.A.C.' })).id_empresa;
    empresaB = (await createEmpresa(t, admin)).id_empresa;
    const all = ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete', 'productos.create', 'clientes.create'];
    userA = await createUserSession(t, admin, empresaA, all);
    userB = await createUserSession(t, admin, empresaB, all);
  });
  afterAll(() => t.close());

  async function xmlOf(session: Session, id: number): Promise<request.Response> {
    return request(t.http)
      .get(`/api/ventas/${id}/xml`)
      .set(bearer(session.token))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  }

  async function certificatePem(empresaId: number): Promise<string> {
    const credentials = await (await t.app.get(EmisorService).forEmpresa(empresaId)).credentials();
    return pemOf(credentials.certificateDerBase64);
  }

  it('creates an invoice: numbered F001, totals from prices with IGV, stock taken, XML named {RUC}-01-F001-{n}.xml', async () => {
    const producto = await createProducto(t, userA, { nombre: 'LAPTOP 14"', precio: 2500, stock: 10, codigo_sunat: '43211503' });
    const ruc = nextRuc();
    const res = await request(t.http)
      .post('/api/ventas')
      .set(bearer(userA.token))
      .send({
        tipo_documento: '01',
        cliente_documento: ruc,
        cliente_datos: 'CLIENTE CORPORATIVO S.A.C.',
        cliente_direccion: 'AV. LARCO 123, MIRAFLORES',
        productos: [
          { id_producto: producto.id_producto, cantidad: 2 },
          { descripcion: 'Servicio de instalación', cantidad: 1, precio_unitario: 59, unidad_medida: 'ZZ' },
        ],
      });
    expect(res.status).toBe(201);
    const v = res.body.data;
    expect(res.body).toMatchObject({ success: true, message: 'Venta registrada correctamente.' });
    expect(v).toMatchObject({
      tipo_documento: '01',
      serie: 'F001',
      numero: 1,
      numero_completo: 'F001-1',
      fecha_emision: hoyLima(),
      tipo_moneda: 'PEN',
      // 2 x 2500 + 59 = 5059.00; base = 5059 / 1.18 = 4287.29 ; igv = 771.71
      total: 5059,
      op_gravadas: 4287.29,
      subtotal: 4287.29,
      igv: 771.71,
      op_exoneradas: 0,
      op_inafectas: 0,
      estado: '1',
      estado_sunat: '0',
      stock_descontado: true,
      nombre_xml: `${BETA_RUC}-01-F001-1.xml`,
      xml_url: `/api/ventas/${v.id_venta}/xml`,
      cdr_url: null,
      cliente: { tipo_doc: '6', documento: ruc, datos: 'CLIENTE CORPORATIVO S.A.C.', direccion: 'AV. LARCO 123, MIRAFLORES' },
      tipoDocumento: { cod_sunat: '01', abreviatura: 'FT' },
    });
    expect(v.hash_cpe).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(res.body.xml).toEqual({ success: true, nombre_archivo: `${BETA_RUC}-01-F001-1.xml`, hash: v.hash_cpe });
    expect(v.productosVentas).toEqual([
      expect.objectContaining({
        id_producto: producto.id_producto,
        codigo_producto: producto.codigo,
        descripcion: 'LAPTOP 14"',
        unidad_medida: 'NIU',
        cantidad: 2,
        precio_unitario: 2500,
        tipo_afectacion_igv: '10',
        total: 5000,
        producto: expect.objectContaining({ id_producto: producto.id_producto, codigo: producto.codigo }),
      }),
      expect.objectContaining({
        id_producto: null,
        codigo_producto: null,
        descripcion: 'Servicio de instalación',
        unidad_medida: 'ZZ',
        total: 59,
        producto: null,
      }),
    ]);
    const [{ stock }] = await t.dataSource.query('SELECT stock::float8 AS stock FROM productos WHERE id_producto = $1', [producto.id_producto]);
    expect(stock).toBe(8);

    const xml = await xmlOf(userA, v.id_venta);
    expect(xml.status).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.headers['content-disposition']).toBe(`attachment; filename="${BETA_RUC}-01-F001-1.xml"`);
    const text = (xml.body as Buffer).toString('utf8');
    expect(text).toContain('<cbc:ID>F001-1</cbc:ID>');
    expect(text).toContain('<cbc:PayableAmount currencyID="PEN">5059.00</cbc:PayableAmount>');
    expect(text).toContain(`<ds:DigestValue>${v.hash_cpe}</ds:DigestValue>`);

    const pem = await certificatePem(empresaA);
    dumpSignedXml({ fileName: `${BETA_RUC}-01-F001-1.xml`, xml: text, certificatePem: pem });
    const xsd = await validateXsd(text, 'invoice');
    expect({ status: xsd.status, output: xsd.output }).toEqual({ status: 0, output: 'validates' });
    const xsl = await validateSunatXsl('01', text, `${BETA_RUC}-01-F001-1.xml`);
    expect({ status: xsl.status, output: xsl.output }).toEqual({ status: 0, output: xsl.output });
    expect(verifyWithXmlCrypto(text, pem)).toEqual({ ok: true, detail: 'OK' });
  });

  it('creates a boleta B001 for a DNI client, with exonerated and unaffected lines; its XML passes SUNAT rules (03), XSD and the signature check', async () => {
    const dni = nextDni();
    const v = await createVenta(t, userA, {
      cliente_documento: dni,
      cliente_datos: 'JUAN PÉREZ & HIJOS <SAC>',
      productos: [
        { descripcion: 'Arroz 5kg', cantidad: 3, precio_unitario: 21.5, tipo_afectacion_igv: '10' },
        { descripcion: 'Libro escolar', cantidad: 1, precio_unitario: 45.9, tipo_afectacion_igv: '20' },
        { descripcion: 'Servicio exportado', cantidad: 1, precio_unitario: 10, tipo_afectacion_igv: '30' },
      ],
    });
    // gravado 64.50 -> base 54.66, igv 9.84; exonerado 45.90; inafecto 10.00; total 120.40
    expect(v).toMatchObject({ serie: 'B001', numero: 1, numero_completo: 'B001-1', nombre_xml: `${BETA_RUC}-03-B001-1.xml`, total: 120.4 });
    expect(v).toMatchObject({ op_gravadas: 54.66, igv: 9.84, op_exoneradas: 45.9, op_inafectas: 10, subtotal: 110.56 });
    const text = ((await xmlOf(userA, v.id_venta)).body as Buffer).toString('utf8');
    expect(text).toContain('JUAN PÉREZ &amp; HIJOS &lt;SAC&gt;');
    const pem = await certificatePem(empresaA);
    dumpSignedXml({ fileName: `${BETA_RUC}-03-B001-1.xml`, xml: text, certificatePem: pem });
    expect(await validateXsd(text, 'invoice')).toEqual({ status: 0, output: 'validates' });
    const xsl = await validateSunatXsl('03', text, `${BETA_RUC}-03-B001-1.xml`);
    expect({ status: xsl.status, output: xsl.output }).toEqual({ status: 0, output: xsl.output });
    expect(verifyWithXmlCrypto(text, pem)).toEqual({ ok: true, detail: 'OK' });
  });

  it('uses the requested series of the company and refuses one it does not have or of another type', async () => {
    await request(t.http).post('/api/series').set(bearer(admin.token)).send({ tipo_documento: '01', serie: 'F002' });
    const ok = await createFactura(t, admin, { serie: 'F002' });
    // The admin acts on its own company by default: use userA's company through a switch-free route.
    expect(ok.serie).toBe('F002');
    for (const serie of ['F999', 'B001']) {
      const res = await request(t.http)
        .post('/api/ventas')
        .set(bearer(userA.token))
        .send({
          tipo_documento: '01',
          serie,
          cliente_documento: nextRuc(),
          cliente_datos: 'X S.A.C.',
          productos: [{ descripcion: 'x', cantidad: 1, precio_unitario: 1 }],
        });
      expect({ serie, status: res.status, errors: res.body.errors }).toEqual({ serie, status: 422, errors: { serie: [expect.stringContaining(serie)] } });
    }
  });

  it('validates the body with field paths: factura needs a RUC client, dates, lines, foreign products', async () => {
    const productoB = await createProducto(t, userB as never, { precio: 5, stock: 5 });
    const clienteDni = await createCliente(t, userA as never, { documento: nextDni(), datos: 'CON DNI' });
    const base = {
      tipo_documento: '01',
      cliente_documento: nextRuc(),
      cliente_datos: 'EMPRESA S.A.C.',
      productos: [{ descripcion: 'x', cantidad: 1, precio_unitario: 1 }],
    };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['factura to DNI (id)', { ...base, cliente_documento: undefined, id_cliente: clienteDni.id_cliente }, 'id_cliente'],
      ['factura to DNI (documento)', { ...base, cliente_documento: nextDni() }, 'cliente_documento'],
      ['no client', { ...base, cliente_documento: undefined, cliente_datos: undefined }, 'id_cliente'],
      ['future date', { ...base, fecha_emision: '2999-01-01' }, 'fecha_emision'],
      ['old factura', { ...base, fecha_emision: '2020-01-01' }, 'fecha_emision'],
      ['bad tipo', { ...base, tipo_documento: '07' }, 'tipo_documento'],
      ['bad moneda', { ...base, tipo_moneda: 'XYZ' }, 'tipo_moneda'],
      ['zero quantity', { ...base, productos: [{ descripcion: 'x', cantidad: 0, precio_unitario: 1 }] }, 'productos.0.cantidad'],
      ['11-decimal quantity', { ...base, productos: [{ descripcion: 'x', cantidad: 1.00000000001, precio_unitario: 1 }] }, 'productos.0.cantidad'],
      ['negative price', { ...base, productos: [{ descripcion: 'x', cantidad: 1, precio_unitario: -1 }] }, 'productos.0.precio_unitario'],
      ['no description', { ...base, productos: [{ cantidad: 1, precio_unitario: 1 }] }, 'productos.0.descripcion'],
      [
        'bad afectacion',
        { ...base, productos: [{ descripcion: 'x', cantidad: 1, precio_unitario: 1, tipo_afectacion_igv: '18' }] },
        'productos.0.tipo_afectacion_igv',
      ],
      ['no lines', { ...base, productos: [] }, 'productos'],
      [
        'product of company B',
        {
          ...base,
          productos: [
            { descripcion: 'x', cantidad: 1, precio_unitario: 1 },
            { id_producto: productoB.id_producto, cantidad: 1 },
          ],
        },
        'productos.1.id_producto',
      ],
      ['unknown field', { ...base, numero: 77 }, 'numero'],
    ];
    for (const [name, body, field] of cases) {
      const res = await request(t.http).post('/api/ventas').set(bearer(userA.token)).send(body);
      expect({ name, status: res.status, success: res.body.success, field: Object.keys(res.body.errors ?? {}) }).toEqual({
        name,
        status: 422,
        success: false,
        field: [field],
      });
    }
  });

  it('a failed create writes nothing: no sale, no client, no stock movement, and the number is not burned', async () => {
    const producto = await createProducto(t, userA, { precio: 10, stock: 3 });
    const count = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM ventas WHERE id_empresa = $1', [empresaA]))[0].n;
    const before = await count();
    const dni = nextDni();
    // Line 0 takes 2 units, line 1 asks for 2 more of 3: the stock check fails after the number was taken.
    const res = await request(t.http)
      .post('/api/ventas')
      .set(bearer(userA.token))
      .send({
        tipo_documento: '03',
        cliente_documento: dni,
        cliente_datos: 'NUEVO',
        productos: [
          { id_producto: producto.id_producto, cantidad: 2 },
          { id_producto: producto.id_producto, cantidad: 2 },
        ],
      });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 422,
      body: {
        success: false,
        message: 'Los datos enviados no son válidos.',
        errors: { 'productos.1.cantidad': [`Stock insuficiente para ${producto.codigo}`] },
      },
    });
    expect(await count()).toBe(before);
    expect(await t.dataSource.query('SELECT 1 FROM clientes WHERE documento = $1', [dni])).toEqual([]);
    expect(await t.dataSource.query('SELECT 1 FROM movimientos_stock WHERE id_producto = $1 AND tipo = $2', [producto.id_producto, 'salida'])).toEqual([]);
    expect((await t.dataSource.query('SELECT stock::float8 AS s FROM productos WHERE id_producto = $1', [producto.id_producto]))[0].s).toBe(3);
    const last = (await t.dataSource.query(`SELECT max(numero)::int AS n FROM ventas WHERE id_empresa = $1 AND serie = 'B001'`, [empresaA]))[0].n;
    const next = await createVenta(t, userA);
    expect(next.numero).toBe(last + 1);
  });

  it('lists with filters and pagination, and shows the detail', async () => {
    const ruc = nextRuc();
    const f = await createFactura(t, userA, { cliente_documento: ruc, cliente_datos: 'FERRETERIA EL MARTILLO S.A.C.' });
    const b = await createVenta(t, userA, { fecha_emision: hoyLima(new Date(Date.now() - 2 * 86_400_000)) });
    const list = (query: Record<string, string>) => request(t.http).get('/api/ventas').query(query).set(bearer(userA.token));

    const porCliente = await list({ cliente: 'martillo' });
    expect(porCliente.status).toBe(200);
    expect(porCliente.body.data.map((v: { id_venta: number }) => v.id_venta)).toEqual([f.id_venta]);
    expect((await list({ cliente: ruc.slice(0, 9) })).body.data.map((v: { id_venta: number }) => v.id_venta)).toEqual([f.id_venta]);

    const boletas = await list({ tipo: '03', per_page: '100' });
    expect(boletas.body.data.every((v: { tipo_documento: string }) => v.tipo_documento === '03')).toBe(true);
    expect(boletas.body.data.map((v: { id_venta: number }) => v.id_venta)).toContain(b.id_venta);

    const hoy = await list({ fecha_desde: hoyLima(), fecha_hasta: hoyLima(), per_page: '100' });
    expect(hoy.body.data.map((v: { id_venta: number }) => v.id_venta)).not.toContain(b.id_venta);
    expect(hoy.body.data.map((v: { id_venta: number }) => v.id_venta)).toContain(f.id_venta);

    const page = await list({ per_page: '2', page: '1', estado_sunat: '0' });
    expect(page.body).toMatchObject({ success: true, meta: { page: 1, per_page: 2, total: expect.any(Number) } });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.meta.total).toBeGreaterThanOrEqual(4);
    expect((await list({ estado_sunat: '1' })).body.data).toEqual([]);
    expect((await list({ serie: 'F001', per_page: '100' })).body.data.every((v: { serie: string }) => v.serie === 'F001')).toBe(true);
    expect((await list({ tipo: '09' })).status).toBe(422);

    const detail = await request(t.http).get(`/api/ventas/${f.id_venta}`).set(bearer(userA.token));
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      id_venta: f.id_venta,
      cliente: { documento: ruc, datos: 'FERRETERIA EL MARTILLO S.A.C.' },
      tipoDocumento: { cod_sunat: '01', abreviatura: 'FT' },
      productosVentas: [{ precio_unitario: 118, cantidad: 1, descripcion: 'SERVICIO DE PRUEBA', tipo_afectacion_igv: '10', producto: null }],
    });
    const missing = await request(t.http).get('/api/ventas/999999').set(bearer(userA.token));
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 404, body: { success: false, message: 'Venta no encontrada.' } });
  });

  it('keeps companies apart: B sees none of A sales (403 on A ids, empty lists), numbering is per company', async () => {
    const a = await createFactura(t, userA);
    const b = await createFactura(t, userB);
    expect(b.numero).toBe(1);
    expect(b.numero_completo).toBe('F001-1');
    const calls: Array<[string, () => request.Test]> = [
      ['GET', () => request(t.http).get(`/api/ventas/${a.id_venta}`)],
      [
        'PUT',
        () =>
          request(t.http)
            .put(`/api/ventas/${a.id_venta}`)
            .send({ productos: [{ descripcion: 'x', cantidad: 1, precio_unitario: 1 }] }),
      ],
      ['DELETE', () => request(t.http).delete(`/api/ventas/${a.id_venta}`)],
      ['anular', () => request(t.http).post(`/api/ventas/${a.id_venta}/anular`)],
      ['descontar-stock', () => request(t.http).post(`/api/ventas/${a.id_venta}/descontar-stock`)],
      ['enviar', () => request(t.http).post(`/api/ventas/${a.id_venta}/enviar`)],
      ['xml', () => request(t.http).get(`/api/ventas/${a.id_venta}/xml`)],
      ['cdr', () => request(t.http).get(`/api/ventas/${a.id_venta}/cdr`)],
    ];
    for (const [name, call] of calls) {
      const res = await call().set(bearer(userB.token));
      expect({ name, status: res.status, success: res.body.success }).toEqual({ name, status: 403, success: false });
    }
    const list = await request(t.http).get('/api/ventas').query({ per_page: '100' }).set(bearer(userB.token));
    expect(list.body.data.map((v: { id_empresa: number }) => v.id_empresa)).toEqual([empresaB]);
    const stillThere = await request(t.http).get(`/api/ventas/${a.id_venta}`).set(bearer(userA.token));
    expect(stillThere.body.data.estado).toBe('1');
    // A client id of company A is a 422 for company B (never used, never revealed).
    const detail = await request(t.http).get(`/api/ventas/${a.id_venta}`).set(bearer(userA.token));
    const res = await request(t.http)
      .post('/api/ventas')
      .set(bearer(userB.token))
      .send({
        tipo_documento: '01',
        id_cliente: detail.body.data.id_cliente,
        productos: [{ descripcion: 'x', cantidad: 1, precio_unitario: 1 }],
      });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 422, errors: { id_cliente: ['El cliente no existe.'] } });
  });

  it('checks every route against its permission: 403 without it, the route answers with it', async () => {
    const FORBIDDEN = { success: false, message: 'No tienes permiso para realizar esta acción' };
    const boleta = await createVenta(t, userA);
    const sinStock = await createVenta(t, userA, { descontar_stock: false });
    const paraBorrar = await createVenta(t, userA);
    const paraAnular = await createVenta(t, userA);
    type Route = [string, string, (r: request.SuperTest<request.Test>) => request.Test, number];
    const line = [{ descripcion: 'x', cantidad: 1, precio_unitario: 1 }];
    const routes: Route[] = [
      ['ventas.view', 'GET /api/ventas', (r) => r.get('/api/ventas'), 200],
      ['ventas.view', 'GET /api/ventas/:id', (r) => r.get(`/api/ventas/${boleta.id_venta}`), 200],
      ['ventas.view', 'GET /api/ventas/:id/xml', (r) => r.get(`/api/ventas/${boleta.id_venta}/xml`), 200],
      ['ventas.view', 'GET /api/ventas/:id/cdr', (r) => r.get(`/api/ventas/${boleta.id_venta}/cdr`), 404],
      [
        'ventas.create',
        'POST /api/ventas',
        (r) => r.post('/api/ventas').send({ tipo_documento: '03', cliente_documento: nextDni(), cliente_datos: 'PERSONA DE PRUEBA', productos: line }),
        201,
      ],
      ['ventas.create', 'POST /api/ventas/:id/enviar', (r) => r.post(`/api/ventas/${boleta.id_venta}/enviar`), 409],
      ['ventas.edit', 'PUT /api/ventas/:id', (r) => r.put(`/api/ventas/${boleta.id_venta}`).send({ productos: line }), 200],
      ['ventas.edit', 'POST /api/ventas/:id/descontar-stock', (r) => r.post(`/api/ventas/${sinStock.id_venta}/descontar-stock`), 200],
      ['ventas.delete', 'POST /api/ventas/:id/anular', (r) => r.post(`/api/ventas/${paraAnular.id_venta}/anular`), 200],
      ['ventas.delete', 'DELETE /api/ventas/:id', (r) => r.delete(`/api/ventas/${paraBorrar.id_venta}`), 200],
    ];
    const none = await createUserSession(t, admin, empresaA, ['compras.view', 'productos.view', 'clientes.view']);
    for (const [permission, name, call, status] of routes) {
      const denied = await call(request(t.http) as never).set(bearer(none.token));
      expect({ name, status: denied.status, body: denied.body }).toEqual({ name, status: 403, body: FORBIDDEN });
      const others = ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete'].filter((p) => p !== permission);
      const wrong = await createUserSession(t, admin, empresaA, others);
      expect({ name, status: (await call(request(t.http) as never).set(bearer(wrong.token))).status }).toEqual({ name, status: 403 });
      const only = await createUserSession(t, admin, empresaA, [permission]);
      const allowed = await call(request(t.http) as never).set(bearer(only.token));
      expect({ name, status: allowed.status }).toEqual({ name, status });
    }
    const anon = await request(t.http).get('/api/ventas');
    expect(anon.status).toBe(401);
  });
});
