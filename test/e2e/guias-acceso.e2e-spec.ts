import request from 'supertest';
import { guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession } from '../support/factories';

/** API.md permissions (GETs ventas.view; create, enviar, consultar-ticket ventas.create) and company scope. */
describe('Guías de remisión: permissions and company isolation', () => {
  let t: TestApp;
  let admin: Session;
  let a: Session;
  let b: Session;
  let empresaA: number;
  let empresaB: number;
  let guiasA: Array<{ id: number; nombre_xml: string; hash_cpe: string }>;
  let guiaB: { id: number; nombre_xml: string; hash_cpe: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaA = (await createEmpresa(t, admin)).id_empresa;
    empresaB = (await createEmpresa(t, admin)).id_empresa;
    a = await createUserSession(t, admin, empresaA, ['ventas.view', 'ventas.create']);
    b = await createUserSession(t, admin, empresaB, ['ventas.view', 'ventas.create']);
    const post = async (s: Session) => (await request(t.http).post('/api/guias-remision').set(bearer(s.token)).send(guiaPublica()).expect(201)).body.data;
    guiasA = [await post(a), await post(a)];
    guiaB = await post(b);
  });
  afterAll(() => t.close());

  const get = (path: string, s: Session) => request(t.http).get(`/api/guias-remision${path}`).set(bearer(s.token));
  const post = (path: string, s: Session, body: object = {}) => request(t.http).post(`/api/guias-remision${path}`).set(bearer(s.token)).send(body);

  it('401 without a token', async () => {
    const res = await request(t.http).get('/api/guias-remision');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'No autenticado' });
  });

  it('ventas.view reads everything and may not create, send or query tickets', async () => {
    const viewer = await createUserSession(t, admin, empresaA, ['ventas.view']);
    const id = guiasA[0].id;
    for (const path of ['', `/${id}`, '/motivos', '/proximo-numero', '/ubigeos?q=lima', `/xml/${guiasA[0].nombre_xml}`]) {
      expect([path, (await get(path, viewer)).status]).toEqual([path, 200]);
    }
    expect((await get(`/${id}/cdr`, viewer)).status).toBe(404);
    for (const path of ['', `/${id}/enviar`, `/${id}/consultar-ticket`]) {
      const res = await post(path, viewer, path ? {} : guiaPublica());
      expect([path, res.status, res.body.message]).toEqual([path, 403, 'No tienes permiso para realizar esta acción']);
    }
  });

  it('without ventas.view nothing is readable', async () => {
    const nobody = await createUserSession(t, admin, empresaA, ['clientes.view']);
    for (const path of ['', `/${guiasA[0].id}`, '/motivos', '/proximo-numero', '/ubigeos?q=lima', `/xml/${guiasA[0].nombre_xml}`, `/${guiasA[0].id}/cdr`]) {
      expect([path, (await get(path, nobody)).status]).toEqual([path, 403]);
    }
  });

  it("another company's guide is 403 on every route and absent from the list", async () => {
    for (const path of [`/${guiasA[0].id}`, `/${guiasA[0].id}/cdr`]) expect([path, (await get(path, b)).status]).toEqual([path, 403]);
    for (const path of [`/${guiasA[0].id}/enviar`, `/${guiasA[0].id}/consultar-ticket`]) expect([path, (await post(path, b)).status]).toEqual([path, 403]);
    const list = await get('', b).expect(200);
    expect(list.body.data.map((g: { id: number }) => g.id)).toEqual([guiaB.id]);
    const missing = await get('/999999', a);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'Guía de remisión no encontrada.' });
  });

  it("xml/{nombre} serves only the active company's file", async () => {
    // Beta companies share SUNAT's test RUC, so both have a '...-T001-1.xml': each gets its own.
    expect(guiaB.nombre_xml).toBe(guiasA[0].nombre_xml);
    const own = await get(`/xml/${guiaB.nombre_xml}`, b)
      .buffer(true)
      .parse((r, cb) => {
        let s = '';
        r.on('data', (c: Buffer) => (s += c));
        r.on('end', () => cb(null, s));
      });
    expect(own.status).toBe(200);
    expect(own.body).toContain(`<ds:DigestValue>${guiaB.hash_cpe}</ds:DigestValue>`);
    expect(own.body).not.toContain(guiasA[0].hash_cpe);
    // A's second guide does not exist for B.
    const foreign = await get(`/xml/${guiasA[1].nombre_xml}`, b);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ success: false, message: 'XML no encontrado.' });
  });

  it.each([
    ['..%2F..%2Fempresa-1%2Fxml%2F20000000001-09-T001-1.xml', 404],
    ['..%2F20000000001-09-T001-1.xml', 404],
    // a NUL byte in any parameter is bad input (422) before the route runs
    ['20000000001-09-T001-1.xml%00.txt', 422],
    ['20000000001-01-F001-1.xml', 404],
    ['%2Fetc%2Fpasswd', 404],
  ])('xml/%s is refused without touching the disk', async (nombre, status) => {
    const res = await get(`/xml/${nombre}`, a);
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
  });

  it('an administrator acts on the company chosen with switch-empresa', async () => {
    await request(t.http).post('/api/auth/switch-empresa').set(bearer(admin.token)).send({ id_empresa: empresaB }).expect(200);
    const list = await get('', admin).expect(200);
    expect(list.body.data.map((g: { id: number }) => g.id)).toEqual([guiaB.id]);
    expect((await get(`/${guiasA[0].id}`, admin)).status).toBe(403);
    await request(t.http).post('/api/auth/switch-empresa').set(bearer(admin.token)).send({ id_empresa: empresaA }).expect(200);
    expect((await get(`/${guiasA[0].id}`, admin)).status).toBe(200);
  });
});
