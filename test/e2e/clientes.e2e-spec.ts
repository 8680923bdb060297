import request from 'supertest';
import { ClientesService } from '../../src/clientes/clientes.service';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createCliente, createEmpresa, createUserSession, nextDni, nextRuc } from '../support/factories';

const FORBIDDEN = { success: false, message: 'No tienes permiso para realizar esta acción' };

describe('Clientes', () => {
  let t: TestApp;
  let admin: Session;
  let empresaA: number;
  let empresaB: number;
  let userA: Session;
  let userB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaA = (await createEmpresa(t, admin)).id_empresa;
    empresaB = (await createEmpresa(t, admin)).id_empresa;
    const all = ['clientes.view', 'clientes.create', 'clientes.edit', 'clientes.delete'];
    userA = await createUserSession(t, admin, empresaA, all);
    userB = await createUserSession(t, admin, empresaB, all);
  });
  afterAll(() => t.close());

  it('checks every route against its permission: 403 without it, 2xx with it', async () => {
    const cliente = await createCliente(t, userA);
    const routes: Array<[string, 'get' | 'post' | 'put' | 'delete', string, object?]> = [
      ['clientes.view', 'get', '/api/clientes'],
      ['clientes.view', 'get', `/api/clientes/${cliente.id_cliente}`],
      ['clientes.create', 'post', '/api/clientes', { documento: nextDni(), datos: 'NUEVO' }],
      ['clientes.edit', 'put', `/api/clientes/${cliente.id_cliente}`, { telefono: '999888777' }],
      ['clientes.delete', 'delete', `/api/clientes/${cliente.id_cliente}`],
    ];
    const none = await createUserSession(t, admin, empresaA, ['productos.view', 'proveedores.view']);
    for (const [permission, method, path, body] of routes) {
      const denied = await request(t.http)[method](path).set(bearer(none.token)).send(body);
      expect({ path, status: denied.status, body: denied.body }).toEqual({ path, status: 403, body: FORBIDDEN });
      const only = await createUserSession(t, admin, empresaA, [permission]);
      const allowed = await request(t.http)[method](path).set(bearer(only.token)).send(body);
      expect({ path, status: allowed.status }).toEqual({ path, status: method === 'post' ? 201 : 200 });
      expect(allowed.body.success).toBe(true);
    }
    await request(t.http).get('/api/clientes').expect(401);
  });

  it('creates with tipo_doc derived from the length and reads it back', async () => {
    const dni = nextDni();
    const res = await request(t.http)
      .post('/api/clientes')
      .set(bearer(userA.token))
      .send({ documento: ` ${dni} `, datos: 'JUAN PÉREZ', direccion: 'JR. UNIÓN 100', email: 'juan@correo.pe' })
      .expect(201);
    expect(res.body).toMatchObject({ success: true, message: 'Cliente creado correctamente.' });
    expect(res.body.data).toMatchObject({ tipo_doc: '1', documento: dni, datos: 'JUAN PÉREZ', id_empresa: empresaA, telefono: null });
    const ruc = nextRuc();
    const empresa = await request(t.http).post('/api/clientes').set(bearer(userA.token)).send({ documento: ruc, datos: 'ACME S.A.C.' }).expect(201);
    expect(empresa.body.data.tipo_doc).toBe('6');
    const pasaporte = await request(t.http)
      .post('/api/clientes')
      .set(bearer(userA.token))
      .send({ tipo_doc: '7', documento: 'AB123456', datos: 'JOHN DOE' })
      .expect(201);
    expect(pasaporte.body.data.tipo_doc).toBe('7');
    await request(t.http).post('/api/clientes').set(bearer(userA.token)).send({ tipo_doc: '7', documento: 'ab123456', datos: 'OTRO' }).expect(422);
    const got = await request(t.http).get(`/api/clientes/${res.body.data.id_cliente}`).set(bearer(userA.token)).expect(200);
    expect(got.body.data.email).toBe('juan@correo.pe');
  });

  it('answers 422 with the field: RUC check digit, document shape, duplicates, unknown fields, missing datos', async () => {
    const send = (body: object) => request(t.http).post('/api/clientes').set(bearer(userA.token)).send(body);
    const ruc = nextRuc();
    const badDigit = ruc.slice(0, 10) + String((Number(ruc[10]) + 1) % 10);
    const bad = await send({ documento: badDigit, datos: 'X' }).expect(422);
    expect(bad.body).toEqual({
      success: false,
      message: 'Los datos enviados no son válidos.',
      errors: { documento: ['El RUC no es válido (11 dígitos y dígito verificador).'] },
    });
    expect((await send({ documento: '12345', datos: 'X' }).expect(422)).body.errors.documento[0]).toContain('Indique tipo_doc');
    expect((await send({ tipo_doc: '1', documento: '123456789', datos: 'X' }).expect(422)).body.errors.documento).toEqual(['El DNI debe tener 8 dígitos.']);
    expect((await send({ tipo_doc: '9', documento: '12345678', datos: 'X' }).expect(422)).body.errors.tipo_doc).toBeDefined();
    expect((await send({ documento: nextDni() }).expect(422)).body.errors.datos).toBeDefined();
    expect((await send({ documento: nextDni(), datos: 'X', id_empresa: empresaB }).expect(422)).body.errors.id_empresa).toBeDefined();
    expect((await send({ documento: nextDni(), datos: 'X', email: 'no-es-email' }).expect(422)).body.errors.email).toBeDefined();

    const existing = await createCliente(t, userA);
    expect((await send({ documento: existing.documento, datos: 'OTRO' }).expect(422)).body.errors.documento).toEqual([
      'Ya existe un cliente con ese documento.',
    ]);
    // the same documento is free in another company
    await request(t.http).post('/api/clientes').set(bearer(userB.token)).send({ documento: existing.documento, datos: 'OTRO' }).expect(201);
    const other = await createCliente(t, userA);
    const dupUpdate = await request(t.http)
      .put(`/api/clientes/${other.id_cliente}`)
      .set(bearer(userA.token))
      .send({ documento: existing.documento })
      .expect(422);
    expect(dupUpdate.body.errors.documento).toEqual(['Ya existe un cliente con ese documento.']);
    expect(
      (await request(t.http).put(`/api/clientes/${other.id_cliente}`).set(bearer(userA.token)).send({ datos: null }).expect(422)).body.errors.datos,
    ).toBeDefined();
  });

  it('updates partially, re-derives tipo_doc for a new documento, and deletes', async () => {
    const cliente = await createCliente(t, userA, { email: 'a@b.pe' });
    const ruc = nextRuc();
    const res = await request(t.http).put(`/api/clientes/${cliente.id_cliente}`).set(bearer(userA.token)).send({ documento: ruc, email: null }).expect(200);
    expect(res.body.data).toMatchObject({ documento: ruc, tipo_doc: '6', email: null, datos: expect.stringContaining('CLIENTE') });
    await request(t.http).put(`/api/clientes/${cliente.id_cliente}`).set(bearer(userA.token)).send({ tipo_doc: '1' }).expect(422);
    await request(t.http).delete(`/api/clientes/${cliente.id_cliente}`).set(bearer(userA.token)).expect(200);
    const gone = await request(t.http).get(`/api/clientes/${cliente.id_cliente}`).set(bearer(userA.token)).expect(404);
    expect(gone.body).toEqual({ success: false, message: 'Cliente no encontrado.' });
  });

  it("isolates companies: B's client is 403 for A and never in A's list", async () => {
    const deB = await createCliente(t, userB, { datos: 'SOLO DE B' });
    for (const [method, body] of [['get'], ['put', { datos: 'HACK' }], ['delete']] as const) {
      const res = await request(t.http)[method](`/api/clientes/${deB.id_cliente}`).set(bearer(userA.token)).send(body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    const list = await request(t.http).get('/api/clientes?per_page=100').set(bearer(userA.token)).expect(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((c: { id_empresa: number }) => c.id_empresa === empresaA)).toBe(true);
    expect((await request(t.http).get('/api/clientes?q=SOLO DE B').set(bearer(userA.token)).expect(200)).body.data).toEqual([]);
    const [row] = await t.dataSource.query('SELECT datos FROM clientes WHERE id_cliente = $1', [deB.id_cliente]);
    expect(row.datos).toBe('SOLO DE B');
  });

  it('searches documento and datos, paginates with meta and caps per_page', async () => {
    const empresa = (await createEmpresa(t, admin)).id_empresa;
    const user = await createUserSession(t, admin, empresa, ['clientes.view', 'clientes.create']);
    for (let i = 0; i < 5; i++) await createCliente(t, user, { datos: `FERRETERÍA ${i}` });
    const target = await createCliente(t, user, { datos: 'BODEGA 50% BARATO' });
    const page = await request(t.http).get('/api/clientes?page=2&per_page=2').set(bearer(user.token)).expect(200);
    expect(page.body.meta).toEqual({ page: 2, per_page: 2, total: 6, last_page: 3 });
    expect(page.body.data.map((c: { datos: string }) => c.datos)).toEqual(['FERRETERÍA 1', 'FERRETERÍA 2']);
    const byName = await request(t.http).get('/api/clientes').query({ q: 'ferreter' }).set(bearer(user.token)).expect(200);
    expect(byName.body.meta.total).toBe(5);
    const byDoc = await request(t.http)
      .get(`/api/clientes?q=${target.documento.slice(2, 7)}`)
      .set(bearer(user.token))
      .expect(200);
    expect(byDoc.body.data.map((c: { id_cliente: number }) => c.id_cliente)).toContain(target.id_cliente);
    // '%' is a literal, not a wildcard
    expect((await request(t.http).get('/api/clientes').query({ q: '50%' }).set(bearer(user.token)).expect(200)).body.meta.total).toBe(1);
    const capped = await request(t.http).get('/api/clientes?per_page=101').set(bearer(user.token)).expect(422);
    expect(capped.body.errors.per_page).toBeDefined();
    await request(t.http).get('/api/clientes?per_page=100').set(bearer(user.token)).expect(200);
  });

  it('findOrCreateByDocumento: creates once under concurrency, returns the existing one, validates', async () => {
    const clientes = t.app.get(ClientesService);
    const dni = nextDni();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.dataSource.transaction((m) => clientes.findOrCreateByDocumento(m, empresaA, { documento: dni, datos: 'MARÍA QUISPE' })),
      ),
    );
    expect(new Set(results.map((c) => c.id_cliente)).size).toBe(1);
    expect(results[0]).toMatchObject({ tipo_doc: '1', documento: dni, datos: 'MARÍA QUISPE', id_empresa: empresaA });
    const again = await t.dataSource.transaction((m) => clientes.findOrCreateByDocumento(m, empresaA, { documento: dni, datos: 'OTRO NOMBRE' }));
    expect(again).toMatchObject({ id_cliente: results[0].id_cliente, datos: 'MARÍA QUISPE' });
    await expect(
      t.dataSource.transaction((m) => clientes.findOrCreateByDocumento(m, empresaA, { documento: '20100454524', datos: 'X' })),
    ).rejects.toMatchObject({ response: { errors: { cliente_documento: ['El RUC no es válido (11 dígitos y dígito verificador).'] } } });
    const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM clientes WHERE documento = $1', [dni]);
    expect(n).toBe(1);
    await expect(clientes.getForEmpresa(empresaB, results[0].id_cliente)).rejects.toMatchObject({ status: 403 });
  });
});
