import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession } from '../support/factories';

const NO_AUTH = { success: false, message: 'No autenticado' };
const PASSWORD = 'clave-segura-1';

/** Issue 14, sessions: live tokens die with their company, with a password change, and at the chain's end. */
describe('Security: sessions', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
  });
  afterAll(() => t.close());

  const usuarioDe = async (userId: number): Promise<string> => (await t.dataSource.query('SELECT usuario FROM users WHERE id = $1', [userId]))[0].usuario;

  it('deactivating a company cuts its users live tokens at once, refresh included', async () => {
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view']);
    const second = await login(t, await usuarioDe(user.userId), PASSWORD);
    await request(t.http).get('/api/verify').set(bearer(user.token)).expect(200);

    await request(t.http).post(`/api/empresas/${empresa.id_empresa}`).set(bearer(admin.token)).send({ estado: '0' }).expect(201);

    const verify = await request(t.http).get('/api/verify').set(bearer(user.token)).expect(401);
    expect(verify.body).toEqual(NO_AUTH);
    const list = await request(t.http).get('/api/ventas').set(bearer(user.token)).expect(401);
    expect(list.body).toEqual(NO_AUTH);
    const refresh = await request(t.http).post('/api/refresh').set(bearer(second.token)).expect(401);
    expect(refresh.body).toEqual(NO_AUTH);

    // the administrator, of another company, is untouched
    await request(t.http).get('/api/verify').set(bearer(admin.token)).expect(200);
  });

  it('an administrator switched into a company that is then deactivated loses that session; a new login works', async () => {
    const empresa = await createEmpresa(t, admin);
    const other = await login(t);
    await request(t.http).post('/api/auth/switch-empresa').set(bearer(other.token)).send({ id_empresa: empresa.id_empresa }).expect(200);
    await request(t.http).post(`/api/empresas/${empresa.id_empresa}`).set(bearer(admin.token)).send({ estado: '0' }).expect(201);

    const list = await request(t.http).get('/api/ventas').set(bearer(other.token)).expect(401);
    expect(list.body).toEqual(NO_AUTH);
    await request(t.http).get('/api/verify').set(bearer(admin.token)).expect(200);
    const again = await login(t);
    await request(t.http).get('/api/ventas').set(bearer(again.token)).expect(200);
  });

  it('an administrator resetting a password revokes every token of that user', async () => {
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view']);
    await request(t.http).put(`/api/usuarios/${user.userId}`).set(bearer(admin.token)).send({ password: 'nueva-clave-segura-9' }).expect(200);

    const res = await request(t.http).get('/api/verify').set(bearer(user.token)).expect(401);
    expect(res.body).toEqual(NO_AUTH);
    await request(t.http).post('/api/refresh').set(bearer(user.token)).expect(401);
    await login(t, await usuarioDe(user.userId), 'nueva-clave-segura-9');
    // the administrator's own token is not affected
    await request(t.http).get('/api/verify').set(bearer(admin.token)).expect(200);
  });

  it("changing one's own password through PUT /api/usuarios/{id} keeps the token used and revokes the others", async () => {
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, ['usuarios.edit']);
    const otherDevice = await login(t, await usuarioDe(user.userId), PASSWORD);

    await request(t.http).put(`/api/usuarios/${user.userId}`).set(bearer(user.token)).send({ password: 'otra-clave-segura-7' }).expect(200);

    await request(t.http).get('/api/verify').set(bearer(user.token)).expect(200);
    const res = await request(t.http).get('/api/verify').set(bearer(otherDevice.token)).expect(401);
    expect(res.body).toEqual(NO_AUTH);
  });

  it('POST /api/auth/password: checks the current password, keeps this token, revokes the others', async () => {
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, []);
    const usuario = await usuarioDe(user.userId);
    const otherDevice = await login(t, usuario, PASSWORD);

    const wrong = await request(t.http)
      .post('/api/auth/password')
      .set(bearer(user.token))
      .send({ password_actual: 'no-es-la-clave', password: 'mi-clave-nueva-2025' })
      .expect(422);
    expect(wrong.body.errors).toEqual({ password_actual: ['La contraseña actual no es correcta.'] });
    await request(t.http).get('/api/verify').set(bearer(otherDevice.token)).expect(200);

    const ok = await request(t.http)
      .post('/api/auth/password')
      .set(bearer(user.token))
      .send({ password_actual: PASSWORD, password: 'mi-clave-nueva-2025' })
      .expect(200);
    expect(ok.body.success).toBe(true);
    await request(t.http).get('/api/verify').set(bearer(user.token)).expect(200);
    await request(t.http).get('/api/verify').set(bearer(otherDevice.token)).expect(401);
    await request(t.http).post('/api/auth/login').send({ user: usuario, password: PASSWORD }).expect(401);
    await login(t, usuario, 'mi-clave-nueva-2025');
  });

  it('a refresh chain keeps the start of its login and ends 7 days after it', async () => {
    const first = await login(t);
    const refreshed = await request(t.http).post('/api/refresh').set(bearer(first.token)).expect(200);
    const second: string = refreshed.body.token;
    const [firstRow] = await t.dataSource.query('SELECT created_at FROM personal_access_tokens WHERE id = $1', [first.token.split('|')[0]]);
    const [secondRow] = await t.dataSource.query('SELECT sesion_inicio FROM personal_access_tokens WHERE id = $1', [second.split('|')[0]]);
    expect(Math.abs(new Date(secondRow.sesion_inicio).getTime() - new Date(firstRow.created_at).getTime())).toBeLessThan(2000);

    // Near the end of the chain a refresh gets a token that expires at the chain's end, not 8 hours later.
    await t.dataSource.query(`UPDATE personal_access_tokens SET sesion_inicio = now() - interval '7 days' + interval '1 hour' WHERE id = $1`, [
      second.split('|')[0],
    ]);
    const near = await request(t.http).post('/api/refresh').set(bearer(second)).expect(200);
    const third: string = near.body.token;
    const [thirdRow] = await t.dataSource.query(
      `SELECT extract(epoch FROM expires_at - (sesion_inicio + interval '7 days'))::float AS past_end,
              extract(epoch FROM expires_at - created_at)::float AS ttl
         FROM personal_access_tokens WHERE id = $1`,
      [third.split('|')[0]],
    );
    expect(thirdRow.past_end).toBeLessThanOrEqual(1);
    expect(thirdRow.ttl).toBeLessThan(2 * 3600);

    // Past the chain's end, the token and its refresh are refused although the 8 hours are not over.
    await t.dataSource.query(`UPDATE personal_access_tokens SET sesion_inicio = now() - interval '7 days 1 minute' WHERE id = $1`, [third.split('|')[0]]);
    const verify = await request(t.http).get('/api/verify').set(bearer(third)).expect(401);
    expect(verify.body).toEqual(NO_AUTH);
    const refresh = await request(t.http).post('/api/refresh').set(bearer(third)).expect(401);
    expect(refresh.body).toEqual(NO_AUTH);
  });

  it('a refreshed token is spent: of several refreshes of one token exactly one succeeds', async () => {
    const { token } = await login(t);
    const results = await Promise.all([1, 2, 3].map(() => request(t.http).post('/api/refresh').set(bearer(token))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(2);
  });
});
