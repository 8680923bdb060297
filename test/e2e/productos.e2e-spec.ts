import ExcelJS from 'exceljs';
import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { StockService } from '../../src/productos/stock.service';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createProducto, createProveedor, createUserSession } from '../support/factories';

const FORBIDDEN = { success: false, message: 'No tienes permiso para realizar esta acción' };
const ALL = ['productos.view', 'productos.create', 'productos.edit', 'productos.delete'];

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Productos').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('Productos and stock movements', () => {
  let t: TestApp;
  let admin: Session;
  let empresaA: number;
  let empresaB: number;
  let userA: Session & { userId: number };
  let userB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaA = (await createEmpresa(t, admin)).id_empresa;
    empresaB = (await createEmpresa(t, admin)).id_empresa;
    userA = await createUserSession(t, admin, empresaA, ALL);
    userB = await createUserSession(t, admin, empresaB, ALL);
  });
  afterAll(() => t.close());

  const stockOf = async (id: number) => Number((await t.dataSource.query('SELECT stock FROM productos WHERE id_producto = $1', [id]))[0].stock);
  const movimientos = (id: number) =>
    t.dataSource.query(
      'SELECT tipo, cantidad::float8 AS cantidad, stock_resultante::float8 AS stock_resultante, motivo FROM movimientos_stock WHERE id_producto = $1 ORDER BY id',
      [id],
    );

  it('checks every route against its permission: 403 without it, 2xx with it', async () => {
    const producto = await createProducto(t, userA);
    const excel = await xlsx([
      ['codigo', 'nombre', 'precio'],
      ['X-1', 'X', 1],
    ]);
    type Route = [string, string, (r: request.SuperTest<request.Test>) => request.Test, number];
    const routes: Route[] = [
      ['productos.view', 'GET /api/productos', (r) => r.get('/api/productos'), 200],
      ['productos.view', 'GET /api/productos/:id', (r) => r.get(`/api/productos/${producto.id_producto}`), 200],
      ['productos.view', 'GET /api/movimientos-stock', (r) => r.get('/api/movimientos-stock'), 200],
      ['productos.create', 'POST /api/productos', (r) => r.post('/api/productos').send({ codigo: `N-${Date.now()}`, nombre: 'N', precio: 1 }), 201],
      ['productos.create', 'POST leer-excel', (r) => r.post('/api/productos/leer-excel').attach('archivo', excel, 'p.xlsx'), 201],
      [
        'productos.create',
        'POST importar-lista',
        (r) => r.post('/api/productos/importar-lista').send({ productos: [{ codigo: `I-${Date.now()}`, nombre: 'I', precio: 2 }] }),
        201,
      ],
      ['productos.edit', 'PUT /api/productos/:id', (r) => r.put(`/api/productos/${producto.id_producto}`).send({ precio: 12.5 }), 200],
      ['productos.delete', 'DELETE /api/productos/:id', (r) => r.delete(`/api/productos/${producto.id_producto}`), 200],
    ];
    const none = await createUserSession(t, admin, empresaA, ['compras.view', 'compras.create', 'clientes.view']);
    for (const [permission, name, call, status] of routes) {
      const denied = await call(request(t.http) as never).set(bearer(none.token));
      expect({ name, status: denied.status, body: denied.body }).toEqual({ name, status: 403, body: FORBIDDEN });
      const only = await createUserSession(t, admin, empresaA, [permission]);
      const allowed = await call(request(t.http) as never).set(bearer(only.token));
      expect({ name, status: allowed.status, success: allowed.body.success }).toEqual({ name, status, success: true });
    }
  });

  it('creates with SUNAT defaults; initial stock enters as a movement', async () => {
    const res = await request(t.http)
      .post('/api/productos')
      .set(bearer(userA.token))
      .send({ codigo: 'ARZ-001', nombre: 'ARROZ COSTEÑO 5KG', precio: 24.9, costo: 19.8333, stock: 40 })
      .expect(201);
    expect(res.body.data).toMatchObject({
      codigo: 'ARZ-001',
      unidad: 'NIU',
      precio: 24.9,
      costo: 19.8333,
      stock: 40,
      codigo_sunat: '10000000',
      tipo_afectacion_igv: '10',
      estado: '1',
      id_empresa: empresaA,
    });
    const [row] = await t.dataSource.query('SELECT precio::text, stock::text FROM productos WHERE id_producto = $1', [res.body.data.id_producto]);
    expect(row).toEqual({ precio: '24.90', stock: '40.0000000000' });
    expect(await movimientos(res.body.data.id_producto)).toEqual([{ tipo: 'ingreso', cantidad: 40, stock_resultante: 40, motivo: 'Stock inicial' }]);
    const sinStock = await createProducto(t, userA);
    expect(await movimientos(sinStock.id_producto)).toEqual([]);
  });

  it('answers 422 with the field for bad prices, codes and duplicates', async () => {
    const send = (body: object) =>
      request(t.http)
        .post('/api/productos')
        .set(bearer(userA.token))
        .send({ codigo: `V-${Date.now()}`, nombre: 'V', precio: 1, ...body });
    expect((await send({ precio: 10.555 }).expect(422)).body.errors.precio).toBeDefined();
    expect((await send({ precio: -1 }).expect(422)).body.errors.precio).toBeDefined();
    expect((await send({ precio: '10' }).expect(422)).body.errors.precio).toBeDefined();
    expect((await send({ stock: -2 }).expect(422)).body.errors.stock).toBeDefined();
    expect((await send({ tipo_afectacion_igv: '41' }).expect(422)).body.errors.tipo_afectacion_igv).toBeDefined();
    expect((await send({ codigo_sunat: '123' }).expect(422)).body.errors.codigo_sunat).toBeDefined();
    expect((await send({ id_empresa: empresaB }).expect(422)).body.errors.id_empresa).toBeDefined();
    expect((await send({ unidad: 'ZZ', stock: 3 }).expect(422)).body.errors.stock).toEqual(['Los servicios (unidad ZZ) no llevan stock.']);
    const existing = await createProducto(t, userA);
    const dup = await send({ codigo: existing.codigo }).expect(422);
    expect(dup.body).toEqual({ success: false, message: 'Los datos enviados no son válidos.', errors: { codigo: ['Ya existe un producto con ese código.'] } });
    await request(t.http).post('/api/productos').set(bearer(userB.token)).send({ codigo: existing.codigo, nombre: 'EN B', precio: 1 }).expect(201);
  });

  it('updates partially; a new stock value is an adjustment movement', async () => {
    const p = await createProducto(t, userA, { stock: 10 });
    const res = await request(t.http).put(`/api/productos/${p.id_producto}`).set(bearer(userA.token)).send({ stock: 7.5, precio: 3.1 }).expect(200);
    expect(res.body.data).toMatchObject({ stock: 7.5, precio: 3.1, nombre: expect.stringContaining('PRODUCTO') });
    await request(t.http).put(`/api/productos/${p.id_producto}`).set(bearer(userA.token)).send({ stock: 9 }).expect(200);
    await request(t.http).put(`/api/productos/${p.id_producto}`).set(bearer(userA.token)).send({ nombre: 'RENOMBRADO' }).expect(200);
    expect(await movimientos(p.id_producto)).toEqual([
      { tipo: 'ingreso', cantidad: 10, stock_resultante: 10, motivo: 'Stock inicial' },
      { tipo: 'salida', cantidad: 2.5, stock_resultante: 7.5, motivo: 'Ajuste de inventario' },
      { tipo: 'ingreso', cantidad: 1.5, stock_resultante: 9, motivo: 'Ajuste de inventario' },
    ]);
    expect(
      (await request(t.http).put(`/api/productos/${p.id_producto}`).set(bearer(userA.token)).send({ nombre: null }).expect(422)).body.errors.nombre,
    ).toBeDefined();
    expect(
      (await request(t.http).put(`/api/productos/${p.id_producto}`).set(bearer(userA.token)).send({ unidad: 'ZZ' }).expect(422)).body.errors.stock,
    ).toBeDefined();
    expect(await stockOf(p.id_producto)).toBe(9);
  });

  it('StockService.move: refuses to go below zero, skips services, writes the movement in the caller transaction', async () => {
    const stock = t.app.get(StockService);
    const p = await createProducto(t, userA, { codigo: 'LECHE-1', stock: 2 });
    const salida = {
      empresaId: empresaA,
      productoId: p.id_producto,
      tipo: 'salida' as const,
      motivo: 'Venta',
      referencia: 'Venta #1 B001-1',
      userId: userA.userId,
    };
    await expect(t.dataSource.transaction((m) => stock.move(m, { ...salida, cantidad: 3, campo: 'productos.0.cantidad' }))).rejects.toMatchObject({
      status: 422,
      response: { errors: { 'productos.0.cantidad': ['Stock insuficiente para LECHE-1'] } },
    });
    // a rolled-back caller takes its movement with it
    await expect(
      t.dataSource.transaction(async (m) => {
        await stock.move(m, { ...salida, cantidad: 1 });
        throw new Error('venta fallida');
      }),
    ).rejects.toThrow('venta fallida');
    expect(await stockOf(p.id_producto)).toBe(2);
    expect(await movimientos(p.id_producto)).toHaveLength(1);
    const ok = await t.dataSource.transaction((m) => stock.move(m, { ...salida, cantidad: '0.5' }));
    expect(ok).toMatchObject({ codigo: 'LECHE-1', tipo: 'salida', cantidad: '0.5000000000', stock_resultante: '1.5000000000' });
    await expect(t.dataSource.transaction((m) => stock.move(m, { ...salida, cantidad: 0 }))).rejects.toMatchObject({ status: 422 });
    // another company's product does not exist for this company
    await expect(t.dataSource.transaction((m) => stock.move(m, { ...salida, empresaId: empresaB, cantidad: 1 }))).rejects.toMatchObject({ status: 422 });
    const servicio = await createProducto(t, userA, { unidad: 'ZZ' });
    expect(await t.dataSource.transaction((m) => stock.move(m, { ...salida, productoId: servicio.id_producto, cantidad: 5 }))).toBeNull();
    expect(await movimientos(servicio.id_producto)).toEqual([]);
  });

  it('StockService.move under concurrency: 14 parallel sales of 1 on a stock of 10 sell exactly 10', async () => {
    const stock = t.app.get(StockService);
    const p = await createProducto(t, userA, { stock: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 14 }, () =>
        t.dataSource.transaction(async (m) => {
          const r = await stock.move(m, { empresaId: empresaA, productoId: p.id_producto, tipo: 'salida', cantidad: 1, motivo: 'Venta' });
          await m.query('SELECT pg_sleep(0.01)');
          return r;
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await stockOf(p.id_producto)).toBe(0);
    const salidas = (await movimientos(p.id_producto)).filter((m: { tipo: string }) => m.tipo === 'salida');
    expect(salidas.map((m: { stock_resultante: number }) => m.stock_resultante).sort((a: number, b: number) => b - a)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('lists movements with filters (producto, tipo, Lima dates) and pagination', async () => {
    const empresa = (await createEmpresa(t, admin)).id_empresa;
    const user = await createUserSession(t, admin, empresa, ALL);
    const a = await createProducto(t, user, { stock: 5, nombre: 'AZÚCAR' });
    const b = await createProducto(t, user, { stock: 8 });
    await request(t.http).put(`/api/productos/${a.id_producto}`).set(bearer(user.token)).send({ stock: 1 }).expect(200);
    const get = (query: Record<string, unknown>) => request(t.http).get('/api/movimientos-stock').query(query).set(bearer(user.token)).expect(200);
    const all = await get({});
    expect(all.body.meta.total).toBe(3);
    // newest first
    expect(all.body.data[0]).toMatchObject({
      id_producto: a.id_producto,
      tipo: 'salida',
      cantidad: 4,
      stock_resultante: 1,
      motivo: 'Ajuste de inventario',
      producto: { codigo: a.codigo },
    });
    expect(all.body.data[0].id_usuario).toBeGreaterThan(0);
    expect((await get({ id_producto: a.id_producto })).body.meta.total).toBe(2);
    expect((await get({ tipo: 'ingreso' })).body.data.map((m: { id_producto: number }) => m.id_producto).sort()).toEqual([a.id_producto, b.id_producto].sort());
    const today = hoyLima();
    expect((await get({ fecha_desde: today, fecha_hasta: today })).body.meta.total).toBe(3);
    expect((await get({ fecha_desde: '2099-01-01' })).body.meta.total).toBe(0);
    expect((await get({ fecha_hasta: '2000-01-01' })).body.meta.total).toBe(0);
    expect((await get({ per_page: 2, page: 2 })).body).toMatchObject({ meta: { page: 2, per_page: 2, total: 3, last_page: 2 } });
    await request(t.http).get('/api/movimientos-stock?per_page=1000').set(bearer(user.token)).expect(422);
    await request(t.http).get('/api/movimientos-stock?tipo=robo').set(bearer(user.token)).expect(422);
    await request(t.http).get('/api/movimientos-stock?fecha_desde=01/02/2025').set(bearer(user.token)).expect(422);
  });

  it("isolates companies: B's product is 403 for A; lists and movements never show B's rows", async () => {
    const deB = await createProducto(t, userB, { nombre: 'SOLO EN B', stock: 3 });
    for (const [method, body] of [['get'], ['put', { precio: 0 }], ['delete']] as const) {
      const res = await request(t.http)[method](`/api/productos/${deB.id_producto}`).set(bearer(userA.token)).send(body);
      expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: FORBIDDEN });
    }
    const list = await request(t.http).get('/api/productos?per_page=100').set(bearer(userA.token)).expect(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((p: { id_empresa: number }) => p.id_empresa === empresaA)).toBe(true);
    expect((await request(t.http).get('/api/productos?q=SOLO EN B').set(bearer(userA.token)).expect(200)).body.data).toEqual([]);
    const movs = await request(t.http).get(`/api/movimientos-stock?id_producto=${deB.id_producto}`).set(bearer(userA.token)).expect(200);
    expect(movs.body.data).toEqual([]);
    expect(await stockOf(deB.id_producto)).toBe(3);
  });

  it('searches codigo and nombre, filters estado, paginates', async () => {
    const empresa = (await createEmpresa(t, admin)).id_empresa;
    const user = await createUserSession(t, admin, empresa, ALL);
    await createProducto(t, user, { codigo: 'GAS-10', nombre: 'GASEOSA 1L' });
    await createProducto(t, user, { codigo: 'GAS-20', nombre: 'GASEOSA 2L', estado: '0' });
    await createProducto(t, user, { codigo: 'PAN-01', nombre: 'PAN FRANCÉS' });
    const get = (query: Record<string, unknown>) => request(t.http).get('/api/productos').query(query).set(bearer(user.token)).expect(200);
    expect((await get({ q: 'gas' })).body.meta.total).toBe(2);
    expect((await get({ q: 'pan-0' })).body.data.map((p: { codigo: string }) => p.codigo)).toEqual(['PAN-01']);
    expect((await get({ estado: '1' })).body.meta.total).toBe(2);
    expect((await get({ per_page: 1, page: 3 })).body).toMatchObject({ data: [{ codigo: 'PAN-01' }], meta: { total: 3, last_page: 3 } });
    await request(t.http).get('/api/productos?per_page=101').set(bearer(user.token)).expect(422);
  });

  it('deletes an unused product (its movements go with it) and refuses one that is on a purchase (409)', async () => {
    const libre = await createProducto(t, userA, { stock: 4 });
    await request(t.http).delete(`/api/productos/${libre.id_producto}`).set(bearer(userA.token)).expect(200);
    expect(await movimientos(libre.id_producto)).toEqual([]);
    const comprador = await createUserSession(t, admin, empresaA, ['compras.create', 'proveedores.create', 'productos.delete']);
    const proveedor = await createProveedor(t, comprador);
    const usado = await createProducto(t, userA);
    await request(t.http)
      .post('/api/compras')
      .set(bearer(comprador.token))
      .send({
        id_proveedor: proveedor.id_proveedor,
        fecha: '2025-02-01',
        tipo_documento: '01',
        serie: 'F001',
        numero: 9,
        productos: [{ id_producto: usado.id_producto, cantidad: 2, costo_unitario: 1 }],
      })
      .expect(201);
    const res = await request(t.http).delete(`/api/productos/${usado.id_producto}`).set(bearer(comprador.token)).expect(409);
    expect(res.body.message).toContain('no puede eliminarse');
    expect(await stockOf(usado.id_producto)).toBe(2);
  });
});
