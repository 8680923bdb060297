import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession, nextRuc } from '../support/factories';

const FORBIDDEN = { success: false, message: 'No tienes permiso para realizar esta acción' };
const CLAVE = 'ClaveSolSecreta#2026';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154789c6360606060000000050001a5f645400000000049454e44ae426082',
  'hex',
);

describe('Empresas, switch-empresa and company isolation', () => {
  let t: TestApp;
  let admin: Session;
  const bodies: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
  });
  afterAll(() => t.close());

  const keep = (res: request.Response) => {
    bodies.push(JSON.stringify(res.body));
    return res;
  };

  it('creates a company (admin) with default series, clave_sol stored encrypted and never returned', async () => {
    const ruc = nextRuc();
    const res = keep(
      await request(t.http)
        .post('/api/empresas')
        .set(bearer(admin.token))
        .send({ ruc, razon_social: 'COMERCIAL ANDINA S.A.C.', comercial: 'ANDINA', user_sol: 'USUARIO1', clave_sol: CLAVE, ubigeo: '150131' })
        .expect(201),
    );
    expect(res.body.data).toMatchObject({ ruc, razon_social: 'COMERCIAL ANDINA S.A.C.', igv: 18, modo: 'beta', estado: '1', tiene_clave_sol: true });
    expect(res.body.data).not.toHaveProperty('clave_sol');
    expect(res.body.data).not.toHaveProperty('clave_sol_cifrada');
    const [row] = await t.dataSource.query('SELECT clave_sol_cifrada FROM empresas WHERE ruc = $1', [ruc]);
    expect(row.clave_sol_cifrada).toMatch(/^v1:/);
    expect(row.clave_sol_cifrada).not.toContain(CLAVE);
    const series = await t.dataSource.query('SELECT serie FROM series WHERE id_empresa = $1 ORDER BY serie', [res.body.data.id_empresa]);
    expect(series.map((s: { serie: string }) => s.serie)).toEqual(['B001', 'BC01', 'BD01', 'F001', 'FC01', 'FD01', 'T001']);
    keep(await request(t.http).get(`/api/empresas/${res.body.data.id_empresa}`).set(bearer(admin.token)).expect(200));
    keep(await request(t.http).get('/api/empresas').set(bearer(admin.token)).expect(200));
  });

  it('validates the create body: RUC check digit, duplicates, unknown fields', async () => {
    const bad = await request(t.http).post('/api/empresas').set(bearer(admin.token)).send({ ruc: '20100454524', razon_social: 'X' }).expect(422);
    expect(bad.body).toMatchObject({ success: false, message: 'Los datos enviados no son válidos.' });
    expect(bad.body.errors.ruc).toBeDefined();
    const unknown = await request(t.http).post('/api/empresas').set(bearer(admin.token)).send({ ruc: nextRuc(), razon_social: 'X', hack: 1 }).expect(422);
    expect(unknown.body.errors.hack).toBeDefined();
    const dup = await request(t.http).post('/api/empresas').set(bearer(admin.token)).send({ ruc: '20000000001', razon_social: 'X' }).expect(422);
    expect(dup.body.errors.ruc).toEqual(['Ya existe una empresa con ese RUC.']);
  });

  it('updates by multipart POST with a logo, checks type and size, and deletes the logo', async () => {
    const empresa = await createEmpresa(t, admin);
    const res = keep(
      await request(t.http)
        .post(`/api/empresas/${empresa.id_empresa}`)
        .set(bearer(admin.token))
        .field('comercial', 'NUEVO NOMBRE')
        .field('igv', '18')
        .field('clave_sol', CLAVE)
        .attach('logo', PNG, { filename: 'logo.png', contentType: 'image/png' })
        .expect(201),
    );
    expect(res.body.data.comercial).toBe('NUEVO NOMBRE');
    expect(res.body.data.logo).toBe(`empresa-${empresa.id_empresa}/logo/logo.png`);
    const fake = await request(t.http)
      .post(`/api/empresas/${empresa.id_empresa}`)
      .set(bearer(admin.token))
      .attach('logo', Buffer.from('<script>alert(1)</script>'), { filename: 'logo.png', contentType: 'image/png' })
      .expect(422);
    expect(fake.body.errors.logo).toEqual(['El logo debe ser una imagen PNG, JPEG o WEBP.']);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1)]);
    const tooBig = await request(t.http)
      .post(`/api/empresas/${empresa.id_empresa}`)
      .set(bearer(admin.token))
      .attach('logo', big, { filename: 'logo.png', contentType: 'image/png' })
      .expect(422);
    expect(tooBig.body.errors.logo[0]).toContain('no debe superar');
    const del = await request(t.http).delete(`/api/empresas/${empresa.id_empresa}/logo`).set(bearer(admin.token)).expect(200);
    expect(del.body.data.logo).toBeNull();
  });

  it('isolates companies: a user sees and edits only its own', async () => {
    const a = await createEmpresa(t, admin);
    const b = await createEmpresa(t, admin);
    const userA = await createUserSession(t, admin, a.id_empresa, ['empresas.view', 'empresas.edit', 'empresas.create', 'usuarios.view']);
    const list = keep(await request(t.http).get('/api/empresas').set(bearer(userA.token)).expect(200));
    expect(list.body.data.map((e: { id_empresa: number }) => e.id_empresa)).toEqual([a.id_empresa]);
    expect((await request(t.http).get(`/api/empresas/${b.id_empresa}`).set(bearer(userA.token)).expect(403)).body).toEqual(FORBIDDEN);
    await request(t.http).post(`/api/empresas/${b.id_empresa}`).set(bearer(userA.token)).send({ comercial: 'X' }).expect(403);
    await request(t.http).delete(`/api/empresas/${b.id_empresa}/logo`).set(bearer(userA.token)).expect(403);
    await request(t.http).post('/api/empresas').set(bearer(userA.token)).send({ ruc: nextRuc(), razon_social: 'X' }).expect(403);
    const userB = await createUserSession(t, admin, b.id_empresa, []);
    await request(t.http).get(`/api/usuarios/${userB.userId}`).set(bearer(userA.token)).expect(403);
    const users = await request(t.http).get('/api/usuarios').set(bearer(userA.token)).expect(200);
    expect(users.body.data.every((u: { id_empresa: number }) => u.id_empresa === a.id_empresa)).toBe(true);
    expect(users.body.data[0]).not.toHaveProperty('password');
    await request(t.http).get('/api/empresas/99999').set(bearer(admin.token)).expect(404);
  });

  it('switch-empresa: administrators move their token to an active company, on both paths', async () => {
    const target = await createEmpresa(t, admin);
    const session = await login(t);
    const res = await request(t.http).post('/api/auth/switch-empresa').set(bearer(session.token)).send({ id_empresa: target.id_empresa }).expect(200);
    expect(res.body).toMatchObject({ success: true, id_empresa: target.id_empresa });
    expect(typeof res.body.message).toBe('string');
    const verify = await request(t.http).get('/api/verify').set(bearer(session.token)).expect(200);
    expect(verify.body.id_empresa).toBe(target.id_empresa);
    // the new company scopes the data: its users list is empty
    const users = await request(t.http).get('/api/usuarios').set(bearer(session.token)).expect(200);
    expect(users.body.data).toEqual([]);
    // another token of the same admin is not affected
    const other = await login(t);
    expect((await request(t.http).get('/api/verify').set(bearer(other.token))).body.id_empresa).toBe(other.body.user.id_empresa);
    // refresh keeps the chosen company
    const refreshed = await request(t.http).post('/api/refresh').set(bearer(session.token)).expect(200);
    expect((await request(t.http).get('/api/verify').set(bearer(refreshed.body.token))).body.id_empresa).toBe(target.id_empresa);
    const back = await request(t.http)
      .post('/api/switch-empresa')
      .set(bearer(refreshed.body.token))
      .send({ id_empresa: session.body.user.id_empresa })
      .expect(200);
    expect(back.body.id_empresa).toBe(session.body.user.id_empresa);
  });

  it('switch-empresa: refused for non-administrators (403) and for inactive or missing companies (422)', async () => {
    const a = await createEmpresa(t, admin);
    const inactive = await createEmpresa(t, admin, { estado: '0' });
    const user = await createUserSession(t, admin, a.id_empresa, ['empresas.view', 'empresas.edit']);
    const res = await request(t.http).post('/api/auth/switch-empresa').set(bearer(user.token)).send({ id_empresa: a.id_empresa }).expect(403);
    expect(res.body).toEqual(FORBIDDEN);
    const inact = await request(t.http).post('/api/auth/switch-empresa').set(bearer(admin.token)).send({ id_empresa: inactive.id_empresa }).expect(422);
    expect(inact.body.errors.id_empresa).toBeDefined();
    await request(t.http).post('/api/auth/switch-empresa').set(bearer(admin.token)).send({ id_empresa: 999999 }).expect(422);
    await request(t.http).post('/api/auth/switch-empresa').set(bearer(admin.token)).send({ id_empresa: 'x' }).expect(422);
  });

  it('serves Swagger UI and the OpenAPI JSON with bearer auth', async () => {
    const json = await request(t.http).get('/api/docs-json').expect(200);
    expect(json.body.openapi).toMatch(/^3\./);
    expect(json.body.paths['/api/auth/login']).toBeDefined();
    expect(json.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const ui = await request(t.http).get('/api/docs/').expect(200);
    expect(ui.text).toContain('swagger');
    const health = await request(t.http).get('/api/health').expect(200);
    expect(health.body).toMatchObject({ success: true, database: 'ok' });
  });

  // Declared last, so it runs after every other test of the file.
  it('never answered clave_sol in any response of this file (it is write-only)', () => {
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.join('\n')).not.toContain(CLAVE);
  });
});
