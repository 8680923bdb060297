import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createProducto, createProveedor, createUserSession, nextRuc } from '../support/factories';

const FORBIDDEN = { success: false, message: 'No tienes permiso para realizar esta acción' };

describe('Proveedores', () => {
  let t: TestApp;
  let admin: Session;
  let empresaA: number;
  let userA: Session;
  let userB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaA = (await createEmpresa(t, admin)).id_empresa;
    const empresaB = (await createEmpresa(t, admin)).id_empresa;
    const all = ['proveedores.view', 'proveedores.create', 'proveedores.edit', 'proveedores.delete'];
    userA = await createUserSession(t, admin, empresaA, all);
    userB = await createUserSession(t, admin, empresaB, all);
  });
  afterAll(() => t.close());

  it('checks every route against its permission: 403 without it, 2xx with it', async () => {
    const proveedor = await createProveedor(t, userA);
    const routes: Array<[string, 'get' | 'post' | 'put' | 'delete', string, object?]> = [
      ['proveedores.view', 'get', '/api/proveedores'],
      ['proveedores.view', 'get', `/api/proveedores/${proveedor.id_proveedor}`],
      ['proveedores.create', 'post', '/api/proveedores', { ruc: nextRuc(), razon_social: 'NUEVO S.A.C.' }],
      ['proveedores.edit', 'put', `/api/proveedores/${proveedor.id_proveedor}`, { telefono: '01-4445555' }],
      ['proveedores.delete', 'delete', `/api/proveedores/${proveedor.id_proveedor}`],
    ];
    const none = await createUserSession(t, admin, empresaA, ['clientes.view', 'clientes.create', 'clientes.edit', 'clientes.delete']);
    for (const [permission, method, path, body] of routes) {
      const denied = await request(t.http)[method](path).set(bearer(none.token)).send(body);
      expect({ path, status: denied.status, body: denied.body }).toEqual({ path, status: 403, body: FORBIDDEN });
      const only = await createUserSession(t, admin, empresaA, [permission]);
      const allowed = await request(t.http)[method](path).set(bearer(only.token)).send(body);
      expect({ path, status: allowed.status }).toEqual({ path, status: method === 'post' ? 201 : 200 });
    }
  });

  it('creates, updates partially and deletes', async () => {
    const ruc = nextRuc();
    const res = await request(t.http)
      .post('/api/proveedores')
      .set(bearer(userA.token))
      .send({ ruc, razon_social: 'DISTRIBUIDORA NORTE S.A.C.', direccion: 'AV. INDUSTRIAL 200', email: 'ventas@norte.pe' })
      .expect(201);
    expect(res.body).toMatchObject({ success: true, message: 'Proveedor creado correctamente.' });
    expect(res.body.data).toMatchObject({ ruc, razon_social: 'DISTRIBUIDORA NORTE S.A.C.', id_empresa: empresaA, telefono: null });
    const id = res.body.data.id_proveedor;
    const upd = await request(t.http).put(`/api/proveedores/${id}`).set(bearer(userA.token)).send({ telefono: '044-123456', email: null }).expect(200);
    expect(upd.body.data).toMatchObject({ ruc, razon_social: 'DISTRIBUIDORA NORTE S.A.C.', telefono: '044-123456', email: null });
    await request(t.http).delete(`/api/proveedores/${id}`).set(bearer(userA.token)).expect(200);
    expect((await request(t.http).get(`/api/proveedores/${id}`).set(bearer(userA.token)).expect(404)).body).toEqual({
      success: false,
      message: 'Proveedor no encontrado.',
    });
  });

  it('answers 422 with the field: RUC check digit, DNI as RUC, duplicates, unknown fields', async () => {
    const send = (body: object) => request(t.http).post('/api/proveedores').set(bearer(userA.token)).send(body);
    const ruc = nextRuc();
    const badDigit = ruc.slice(0, 10) + String((Number(ruc[10]) + 1) % 10);
    const bad = await send({ ruc: badDigit, razon_social: 'X' }).expect(422);
    expect(bad.body).toMatchObject({ success: false, message: 'Los datos enviados no son válidos.' });
    expect(Object.keys(bad.body.errors)).toEqual(['ruc']);
    expect((await send({ ruc: '12345678', razon_social: 'X' }).expect(422)).body.errors.ruc).toBeDefined();
    expect((await send({ ruc: nextRuc() }).expect(422)).body.errors.razon_social).toBeDefined();
    expect((await send({ ruc: nextRuc(), razon_social: 'X', estado: '1' }).expect(422)).body.errors.estado).toBeDefined();
    const existing = await createProveedor(t, userA);
    expect((await send({ ruc: existing.ruc, razon_social: 'OTRO' }).expect(422)).body.errors.ruc).toEqual(['Ya existe un proveedor con ese RUC.']);
    await request(t.http).post('/api/proveedores').set(bearer(userB.token)).send({ ruc: existing.ruc, razon_social: 'OTRO' }).expect(201);
    const other = await createProveedor(t, userA);
    await request(t.http).put(`/api/proveedores/${other.id_proveedor}`).set(bearer(userA.token)).send({ ruc: existing.ruc }).expect(422);
    await request(t.http).put(`/api/proveedores/${other.id_proveedor}`).set(bearer(userA.token)).send({ ruc: badDigit }).expect(422);
  });

  it("isolates companies: B's supplier is 403 for A and never in A's list", async () => {
    const deB = await createProveedor(t, userB, { razon_social: 'EXCLUSIVO DE B S.A.' });
    for (const [method, body] of [['get'], ['put', { razon_social: 'HACK' }], ['delete']] as const) {
      const res = await request(t.http)[method](`/api/proveedores/${deB.id_proveedor}`).set(bearer(userA.token)).send(body);
      expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: FORBIDDEN });
    }
    const list = await request(t.http).get('/api/proveedores?per_page=100').set(bearer(userA.token)).expect(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((p: { id_empresa: number }) => p.id_empresa === empresaA)).toBe(true);
    expect((await request(t.http).get('/api/proveedores').query({ q: 'EXCLUSIVO' }).set(bearer(userA.token)).expect(200)).body.data).toEqual([]);
    expect((await request(t.http).get('/api/proveedores').query({ q: 'EXCLUSIVO' }).set(bearer(userB.token)).expect(200)).body.meta.total).toBe(1);
  });

  it('searches ruc and razon_social with pagination meta and a per_page cap', async () => {
    const empresa = (await createEmpresa(t, admin)).id_empresa;
    const user = await createUserSession(t, admin, empresa, ['proveedores.view', 'proveedores.create']);
    const creados = [];
    for (const nombre of ['ALFA', 'BETA', 'GAMMA']) creados.push(await createProveedor(t, user, { razon_social: `${nombre} IMPORT S.A.C.` }));
    const res = await request(t.http).get('/api/proveedores?per_page=2').set(bearer(user.token)).expect(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(res.body.data.map((p: { razon_social: string }) => p.razon_social)).toEqual(['ALFA IMPORT S.A.C.', 'BETA IMPORT S.A.C.']);
    const byRuc = await request(t.http).get(`/api/proveedores?q=${creados[2].ruc}`).set(bearer(user.token)).expect(200);
    expect(byRuc.body.data.map((p: { id_proveedor: number }) => p.id_proveedor)).toEqual([creados[2].id_proveedor]);
    expect((await request(t.http).get('/api/proveedores?q=beta').set(bearer(user.token)).expect(200)).body.meta.total).toBe(1);
    await request(t.http).get('/api/proveedores?per_page=500').set(bearer(user.token)).expect(422);
    await request(t.http).get('/api/proveedores?page=0').set(bearer(user.token)).expect(422);
  });

  it('refuses to delete a supplier with purchases (409) and keeps it', async () => {
    const user = await createUserSession(t, admin, empresaA, ['proveedores.delete', 'productos.create', 'compras.create']);
    const proveedor = await createProveedor(t, userA);
    const producto = await createProducto(t, user);
    await request(t.http)
      .post('/api/compras')
      .set(bearer(user.token))
      .send({
        id_proveedor: proveedor.id_proveedor,
        fecha: '2025-03-01',
        tipo_documento: '01',
        serie: 'F001',
        numero: 1,
        productos: [{ id_producto: producto.id_producto, cantidad: 1, costo_unitario: 5 }],
      })
      .expect(201);
    const res = await request(t.http).delete(`/api/proveedores/${proveedor.id_proveedor}`).set(bearer(user.token)).expect(409);
    expect(res.body).toEqual({ success: false, message: 'El proveedor tiene compras registradas y no puede eliminarse.' });
    await request(t.http).get(`/api/proveedores/${proveedor.id_proveedor}`).set(bearer(userA.token)).expect(200);
  });
});
