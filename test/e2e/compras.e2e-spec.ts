import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { bearer, login, Session } from '../support/auth';
import { createCompra, createEmpresa, createProducto, createProveedor, createUserSession } from '../support/factories';
import { createTestApp, TestApp } from '../support/create-test-app';

const FORBIDDEN = { success: false, message: 'No tienes permiso para realizar esta acción' };
const ALL = ['compras.view', 'compras.create', 'compras.edit', 'compras.delete', 'productos.create', 'proveedores.create'];

describe('Compras', () => {
  let t: TestApp;
  let admin: Session;
  let empresaA: number;
  let userA: Session;
  let userB: Session;
  let proveedorA: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaA = (await createEmpresa(t, admin)).id_empresa;
    const empresaB = (await createEmpresa(t, admin)).id_empresa;
    userA = await createUserSession(t, admin, empresaA, ALL);
    userB = await createUserSession(t, admin, empresaB, ALL);
    proveedorA = (await createProveedor(t, userA, { razon_social: 'MAYORISTA LIMA S.A.C.' })).id_proveedor;
  });
  afterAll(() => t.close());

  const stockOf = async (id: number) => (await t.dataSource.query('SELECT stock::text FROM productos WHERE id_producto = $1', [id]))[0].stock;
  const movimientos = (id: number) =>
    t.dataSource.query('SELECT tipo, cantidad::text, stock_resultante::text, motivo, referencia FROM movimientos_stock WHERE id_producto = $1 ORDER BY id', [
      id,
    ]);
  const countCompras = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM compras'))[0].n;

  it('checks every route against its permission: 403 without it, 2xx with it', async () => {
    const p = await createProducto(t, userA);
    const linea = [{ id_producto: p.id_producto, cantidad: 1, costo_unitario: 2 }];
    const compra = await createCompra(t, userA, { id_proveedor: proveedorA, productos: linea });
    const otra = await createCompra(t, userA, { id_proveedor: proveedorA, productos: linea });
    const body = { id_proveedor: proveedorA, fecha: '2025-01-10', tipo_documento: '03', serie: 'B001', numero: 700, productos: linea };
    const routes: Array<[string, 'get' | 'post' | 'put' | 'delete', string, object | undefined, number]> = [
      ['compras.view', 'get', '/api/compras', undefined, 200],
      ['compras.view', 'get', `/api/compras/${compra.id_compra}`, undefined, 200],
      ['compras.create', 'post', '/api/compras', body, 201],
      ['compras.edit', 'put', `/api/compras/${compra.id_compra}`, { ...body, numero: 701 }, 200],
      ['compras.delete', 'delete', `/api/compras/${compra.id_compra}`, undefined, 200],
      ['compras.delete', 'post', `/api/compras/${otra.id_compra}/anular`, undefined, 200],
    ];
    const none = await createUserSession(t, admin, empresaA, ['productos.view', 'productos.create', 'proveedores.view']);
    for (const [permission, method, path, send, status] of routes) {
      const denied = await request(t.http)[method](path).set(bearer(none.token)).send(send);
      expect({ path, method, status: denied.status, body: denied.body }).toEqual({ path, method, status: 403, body: FORBIDDEN });
      const only = await createUserSession(t, admin, empresaA, [permission]);
      const allowed = await request(t.http)[method](path).set(bearer(only.token)).send(send);
      expect({ path, method, status: allowed.status, success: allowed.body.success }).toEqual({ path, method, status, success: true });
    }
  });

  it('registers a purchase: decimal totals with the company IGV, lines, supplier, and stock in', async () => {
    const a = await createProducto(t, userA, { codigo: 'GRAV-A', stock: 1 });
    const b = await createProducto(t, userA, { codigo: 'GRAV-B' });
    const exo = await createProducto(t, userA, { codigo: 'EXO-C', tipo_afectacion_igv: '20' });
    const res = await request(t.http)
      .post('/api/compras')
      .set(bearer(userA.token))
      .send({
        id_proveedor: proveedorA,
        fecha: '2025-03-14',
        tipo_documento: '01',
        serie: 'f001',
        numero: 4521,
        observaciones: 'Pedido semanal',
        productos: [
          { id_producto: a.id_producto, cantidad: 3, costo_unitario: 0.1 },
          { id_producto: b.id_producto, cantidad: 2.5, costo_unitario: 19.99 },
          { id_producto: exo.id_producto, cantidad: 10, costo_unitario: 1.1 },
        ],
      })
      .expect(201);
    // 0.30 + 49.98 (49.975 half-up) + 11.00 = 61.28; gravado 50.28 -> base 42.61, IGV 7.67; subtotal 42.61 + 11.00
    expect(res.body).toMatchObject({ success: true, message: 'Compra registrada correctamente.' });
    expect(res.body.data).toMatchObject({
      id_proveedor: proveedorA,
      proveedor: { id_proveedor: proveedorA, razon_social: 'MAYORISTA LIMA S.A.C.' },
      fecha: '2025-03-14',
      tipo_documento: '01',
      serie: 'F001',
      numero: 4521,
      numero_completo: 'F001-4521',
      subtotal: 53.61,
      igv: 7.67,
      total: 61.28,
      estado: '1',
      observaciones: 'Pedido semanal',
    });
    expect(res.body.data.productos).toEqual([
      expect.objectContaining({
        id_producto: a.id_producto,
        producto: expect.objectContaining({ codigo: 'GRAV-A' }),
        cantidad: 3,
        costo_unitario: 0.1,
        importe: 0.3,
      }),
      expect.objectContaining({ id_producto: b.id_producto, cantidad: 2.5, costo_unitario: 19.99, importe: 49.98 }),
      expect.objectContaining({ id_producto: exo.id_producto, cantidad: 10, costo_unitario: 1.1, importe: 11 }),
    ]);
    const [row] = await t.dataSource.query('SELECT subtotal::text, igv::text, total::text FROM compras WHERE id_compra = $1', [res.body.data.id_compra]);
    expect(row).toEqual({ subtotal: '53.61', igv: '7.67', total: '61.28' });
    expect([await stockOf(a.id_producto), await stockOf(b.id_producto), await stockOf(exo.id_producto)]).toEqual([
      '4.0000000000',
      '2.5000000000',
      '10.0000000000',
    ]);
    const ref = `Compra #${res.body.data.id_compra} F001-4521`;
    expect((await movimientos(a.id_producto))[1]).toEqual({
      tipo: 'ingreso',
      cantidad: '3.0000000000',
      stock_resultante: '4.0000000000',
      motivo: 'Compra',
      referencia: ref,
    });
    const detail = await request(t.http).get(`/api/compras/${res.body.data.id_compra}`).set(bearer(userA.token)).expect(200);
    expect(detail.body.data).toEqual(res.body.data);
  });

  it('edits a purchase: stock moves by the net difference per product, totals recomputed', async () => {
    const a = await createProducto(t, userA);
    const b = await createProducto(t, userA);
    const d = await createProducto(t, userA);
    const compra = await createCompra(t, userA, {
      id_proveedor: proveedorA,
      productos: [
        { id_producto: a.id_producto, cantidad: 3, costo_unitario: 10 },
        { id_producto: b.id_producto, cantidad: 2.5, costo_unitario: 4 },
      ],
    });
    const res = await request(t.http)
      .put(`/api/compras/${compra.id_compra}`)
      .set(bearer(userA.token))
      .send({
        id_proveedor: proveedorA,
        fecha: '2025-01-20',
        tipo_documento: '01',
        serie: 'F002',
        numero: 88,
        productos: [
          { id_producto: a.id_producto, cantidad: 5, costo_unitario: 10 },
          { id_producto: d.id_producto, cantidad: 1, costo_unitario: 11.8 },
        ],
      })
      .expect(200);
    // 50.00 + 11.80 = 61.80 all gravado: base 52.37 (52.372...), IGV 9.43
    expect(res.body.data).toMatchObject({ numero_completo: 'F002-88', total: 61.8, subtotal: 52.37, igv: 9.43, fecha: '2025-01-20' });
    expect(res.body.data.productos.map((l: { id_producto: number }) => l.id_producto)).toEqual([a.id_producto, d.id_producto]);
    expect([await stockOf(a.id_producto), await stockOf(b.id_producto), await stockOf(d.id_producto)]).toEqual([
      '5.0000000000',
      '0.0000000000',
      '1.0000000000',
    ]);
    expect((await movimientos(a.id_producto)).map((m: { tipo: string; cantidad: string; motivo: string }) => [m.tipo, m.cantidad, m.motivo])).toEqual([
      ['ingreso', '3.0000000000', 'Compra'],
      ['ingreso', '2.0000000000', 'Edición de compra'],
    ]);
    expect((await movimientos(b.id_producto)).map((m: { tipo: string; stock_resultante: string }) => [m.tipo, m.stock_resultante])).toEqual([
      ['ingreso', '2.5000000000'],
      ['salida', '0.0000000000'],
    ]);
    const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM compras_detalle WHERE id_compra = $1', [compra.id_compra]);
    expect(n).toBe(2);
  });

  it('annuls: estado 2, stock reversed exactly, record kept; twice is 409; edit after annulment is 409', async () => {
    const p = await createProducto(t, userA, { stock: 2 });
    const compra = await createCompra(t, userA, {
      id_proveedor: proveedorA,
      serie: 'F009',
      numero: 15,
      productos: [
        { id_producto: p.id_producto, cantidad: 1.25, costo_unitario: 3 },
        { id_producto: p.id_producto, cantidad: 4, costo_unitario: 3 },
      ],
    });
    expect(await stockOf(p.id_producto)).toBe('7.2500000000');
    const res = await request(t.http).post(`/api/compras/${compra.id_compra}/anular`).set(bearer(userA.token)).expect(200);
    expect(res.body).toMatchObject({ success: true, message: 'Compra anulada correctamente.', data: { estado: '2', id_compra: compra.id_compra } });
    expect(await stockOf(p.id_producto)).toBe('2.0000000000');
    expect((await movimientos(p.id_producto)).slice(-1)).toEqual([
      {
        tipo: 'salida',
        cantidad: '5.2500000000',
        stock_resultante: '2.0000000000',
        motivo: 'Anulación de compra',
        referencia: `Compra #${compra.id_compra} F009-15`,
      },
    ]);
    const twice = await request(t.http).post(`/api/compras/${compra.id_compra}/anular`).set(bearer(userA.token)).expect(409);
    expect(twice.body).toEqual({ success: false, message: 'La compra ya está anulada.' });
    await request(t.http).delete(`/api/compras/${compra.id_compra}`).set(bearer(userA.token)).expect(409);
    const edit = await request(t.http)
      .put(`/api/compras/${compra.id_compra}`)
      .set(bearer(userA.token))
      .send({
        id_proveedor: proveedorA,
        fecha: '2025-01-01',
        tipo_documento: '01',
        serie: 'F009',
        numero: 15,
        productos: [{ id_producto: p.id_producto, cantidad: 1, costo_unitario: 1 }],
      })
      .expect(409);
    expect(edit.body.message).toBe('No se puede editar una compra anulada.');
    expect(await stockOf(p.id_producto)).toBe('2.0000000000');
    // an annulled supplier document may be registered again
    await createCompra(t, userA, {
      id_proveedor: proveedorA,
      serie: 'F009',
      numero: 15,
      productos: [{ id_producto: p.id_producto, cantidad: 1, costo_unitario: 3 }],
    });
  });

  it('DELETE annuls too (the purchase stays in the books with its stock reversed)', async () => {
    const p = await createProducto(t, userA);
    const compra = await createCompra(t, userA, { id_proveedor: proveedorA, productos: [{ id_producto: p.id_producto, cantidad: 6, costo_unitario: 2 }] });
    const res = await request(t.http).delete(`/api/compras/${compra.id_compra}`).set(bearer(userA.token)).expect(200);
    expect(res.body.data.estado).toBe('2');
    expect(await stockOf(p.id_producto)).toBe('0.0000000000');
    expect((await t.dataSource.query('SELECT estado FROM compras WHERE id_compra = $1', [compra.id_compra]))[0].estado).toBe('2');
  });

  it('refuses to annul when the goods were already sold (stock would go negative): 422, nothing changes', async () => {
    const p = await createProducto(t, userA, { codigo: `VENDIDO-${Date.now()}` });
    const compra = await createCompra(t, userA, { id_proveedor: proveedorA, productos: [{ id_producto: p.id_producto, cantidad: 5, costo_unitario: 2 }] });
    // 4 of the 5 units were sold: the counted stock is now 1
    const editor = await createUserSession(t, admin, empresaA, ['productos.edit']);
    await request(t.http).put(`/api/productos/${p.id_producto}`).set(bearer(editor.token)).send({ stock: 1 }).expect(200);
    const res = await request(t.http).post(`/api/compras/${compra.id_compra}/anular`).set(bearer(userA.token)).expect(422);
    expect(res.body.errors.productos).toEqual([`Stock insuficiente para ${p.codigo}`]);
    expect(await stockOf(p.id_producto)).toBe('1.0000000000');
    expect((await t.dataSource.query('SELECT estado FROM compras WHERE id_compra = $1', [compra.id_compra]))[0].estado).toBe('1');
  });

  it('a purchase with one unknown product leaves nothing written: no compra, no lines, no stock, no movement', async () => {
    const ok = await createProducto(t, userA);
    const deB = await createProducto(t, userB);
    const before = await countCompras();
    const res = await request(t.http)
      .post('/api/compras')
      .set(bearer(userA.token))
      .send({
        id_proveedor: proveedorA,
        fecha: '2025-02-02',
        tipo_documento: '01',
        serie: 'F001',
        numero: 999001,
        productos: [
          { id_producto: ok.id_producto, cantidad: 2, costo_unitario: 1 },
          { id_producto: 987654, cantidad: 1, costo_unitario: 1 },
          { id_producto: deB.id_producto, cantidad: 1, costo_unitario: 1 },
        ],
      })
      .expect(422);
    expect(res.body).toEqual({
      success: false,
      message: 'Los datos enviados no son válidos.',
      errors: { 'productos.1.id_producto': ['El producto no existe.'], 'productos.2.id_producto': ['El producto no existe.'] },
    });
    expect(await countCompras()).toBe(before);
    expect(await stockOf(ok.id_producto)).toBe('0.0000000000');
    expect(await movimientos(ok.id_producto)).toEqual([]);
    expect(await stockOf(deB.id_producto)).toBe('0.0000000000');
  });

  it('validates the body with field paths: supplier, lines, dates, duplicates, unknown fields', async () => {
    const p = await createProducto(t, userA);
    const base = {
      id_proveedor: proveedorA,
      fecha: '2025-01-05',
      tipo_documento: '01',
      serie: 'F001',
      numero: 5000,
      productos: [{ id_producto: p.id_producto, cantidad: 1, costo_unitario: 1 }],
    };
    const send = (body: object) =>
      request(t.http)
        .post('/api/compras')
        .set(bearer(userA.token))
        .send({ ...base, ...body });
    const errorsOf = async (body: object) => (await send(body).expect(422)).body.errors;
    expect(await errorsOf({ productos: [{ id_producto: p.id_producto, cantidad: 0, costo_unitario: -1 }] })).toEqual({
      'productos.0.cantidad': [expect.any(String)],
      'productos.0.costo_unitario': [expect.any(String)],
    });
    expect(Object.keys(await errorsOf({ productos: [] }))).toEqual(['productos']);
    expect(Object.keys(await errorsOf({ productos: [{ id_producto: p.id_producto, cantidad: 1.2345, costo_unitario: 1 }] }))).toEqual(['productos.0.cantidad']);
    expect(Object.keys(await errorsOf({ fecha: '2025-02-30' }))).toEqual(['fecha']);
    expect(await errorsOf({ fecha: '2999-01-01' })).toEqual({ fecha: ['La fecha no puede ser posterior a hoy.'] });
    expect(Object.keys(await errorsOf({ tipo_documento: '99' }))).toEqual(['tipo_documento']);
    expect(Object.keys(await errorsOf({ estado: '2' }))).toEqual(['estado']);
    expect(Object.keys(await errorsOf({ productos: [{ id_producto: p.id_producto, cantidad: 1, costo_unitario: 1, precio: 9 }] }))).toEqual([
      'productos.0.precio',
    ]);
    const provB = await createProveedor(t, userB);
    expect(await errorsOf({ id_proveedor: provB.id_proveedor })).toEqual({ id_proveedor: ['El proveedor no existe.'] });
    await send({ fecha: hoyLima() }).expect(201);
    expect(await errorsOf({})).toEqual({ numero: ['Ese comprobante del proveedor ya está registrado.'] });
    expect(await stockOf(p.id_producto)).toBe('1.0000000000');
  });

  it("isolates companies: B's purchase is 403 for A on every route; A's list never shows it", async () => {
    const provB = await createProveedor(t, userB, { razon_social: 'PROVEEDOR PRIVADO DE B' });
    const pB = await createProducto(t, userB);
    const compraB = await createCompra(t, userB, {
      id_proveedor: provB.id_proveedor,
      productos: [{ id_producto: pB.id_producto, cantidad: 3, costo_unitario: 1 }],
    });
    const pA = await createProducto(t, userA);
    const calls: Array<[string, request.Test]> = [
      ['get', request(t.http).get(`/api/compras/${compraB.id_compra}`)],
      [
        'put',
        request(t.http)
          .put(`/api/compras/${compraB.id_compra}`)
          .send({
            id_proveedor: proveedorA,
            fecha: '2025-01-01',
            tipo_documento: '01',
            serie: 'F001',
            numero: 1,
            productos: [{ id_producto: pA.id_producto, cantidad: 1, costo_unitario: 1 }],
          }),
      ],
      ['delete', request(t.http).delete(`/api/compras/${compraB.id_compra}`)],
      ['anular', request(t.http).post(`/api/compras/${compraB.id_compra}/anular`)],
    ];
    for (const [name, call] of calls) {
      const res = await call.set(bearer(userA.token));
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 403, body: FORBIDDEN });
    }
    expect(await stockOf(pB.id_producto)).toBe('3.0000000000');
    expect((await t.dataSource.query('SELECT estado FROM compras WHERE id_compra = $1', [compraB.id_compra]))[0].estado).toBe('1');
    const list = await request(t.http).get('/api/compras?per_page=100').set(bearer(userA.token)).expect(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((c: { id_empresa: number }) => c.id_empresa === empresaA)).toBe(true);
    expect((await request(t.http).get('/api/compras').query({ q: 'PRIVADO DE B' }).set(bearer(userA.token)).expect(200)).body.data).toEqual([]);
    expect((await request(t.http).get('/api/compras/999999').set(bearer(userA.token)).expect(404)).body).toEqual({
      success: false,
      message: 'Compra no encontrada.',
    });
  });

  it('lists with filters (dates, supplier, estado, tipo, q) and pagination', async () => {
    const empresa = (await createEmpresa(t, admin)).id_empresa;
    const user = await createUserSession(t, admin, empresa, ALL);
    const uno = await createProveedor(t, user, { razon_social: 'FERRETERA CENTRAL' });
    const dos = await createProveedor(t, user, { razon_social: 'TEXTIL SUR' });
    const p = await createProducto(t, user);
    const linea = [{ id_producto: p.id_producto, cantidad: 1, costo_unitario: 1 }];
    await createCompra(t, user, { id_proveedor: uno.id_proveedor, fecha: '2025-01-10', serie: 'F001', numero: 11, productos: linea });
    await createCompra(t, user, { id_proveedor: uno.id_proveedor, fecha: '2025-02-10', tipo_documento: '03', serie: 'B001', numero: 22, productos: linea });
    const anulada = await createCompra(t, user, { id_proveedor: dos.id_proveedor, fecha: '2025-03-10', serie: 'E001', numero: 33, productos: linea });
    await request(t.http).post(`/api/compras/${anulada.id_compra}/anular`).set(bearer(user.token)).expect(200);
    const get = async (query: Record<string, unknown>) =>
      (await request(t.http).get('/api/compras').query(query).set(bearer(user.token)).expect(200)).body.data.map(
        (c: { numero_completo: string }) => c.numero_completo,
      );
    expect(await get({})).toEqual(['E001-33', 'B001-22', 'F001-11']);
    expect(await get({ fecha_desde: '2025-02-01', fecha_hasta: '2025-02-28' })).toEqual(['B001-22']);
    expect(await get({ id_proveedor: dos.id_proveedor })).toEqual(['E001-33']);
    expect(await get({ estado: '1' })).toEqual(['B001-22', 'F001-11']);
    expect(await get({ tipo_documento: '03' })).toEqual(['B001-22']);
    expect(await get({ q: 'ferretera' })).toEqual(['B001-22', 'F001-11']);
    expect(await get({ q: 'F001-11' })).toEqual(['F001-11']);
    const page = await request(t.http).get('/api/compras?per_page=2&page=2').set(bearer(user.token)).expect(200);
    expect(page.body).toMatchObject({ success: true, meta: { page: 2, per_page: 2, total: 3, last_page: 2 } });
    expect(page.body.data[0]).toMatchObject({ numero_completo: 'F001-11', proveedor: { razon_social: 'FERRETERA CENTRAL' } });
    expect(page.body.data[0]).not.toHaveProperty('productos');
    await request(t.http).get('/api/compras?per_page=101').set(bearer(user.token)).expect(422);
    await request(t.http).get('/api/compras?estado=9').set(bearer(user.token)).expect(422);
  });
});
