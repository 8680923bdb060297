import { createHash } from 'node:crypto';
import request from 'supertest';
import { authConfig, AuthConfig } from '../../src/config/auth.config';
import { UsuariosService } from '../../src/usuarios/usuarios.service';
import { bearer, login } from '../support/auth';
import { ADMIN, createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession } from '../support/factories';

const NO_AUTH = { success: false, message: 'No autenticado' };

describe('Authentication', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '5' });
  });
  afterAll(() => t.close());

  it('logs the administrator in with every active company and every permission name', async () => {
    const admin = await login(t);
    await createEmpresa(t, admin, { estado: '0' });
    const res = await request(t.http).post('/api/auth/login').send(ADMIN).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);
    expect(res.body.user).toEqual({ id: expect.any(Number), name: 'Administrador', email: 'admin@localhost', rol_id: 1, id_empresa: expect.any(Number) });
    expect(res.body.empresas.length).toBeGreaterThanOrEqual(1);
    for (const e of res.body.empresas) {
      expect(Object.keys(e).sort()).toEqual(['comercial', 'direccion', 'id_empresa', 'logo', 'razon_social', 'ruc']);
    }
    const activos = await t.dataSource.query(`SELECT id_empresa FROM empresas WHERE estado = '1' ORDER BY 1`);
    expect(res.body.empresas.map((e: { id_empresa: number }) => e.id_empresa)).toEqual(activos.map((r: { id_empresa: number }) => r.id_empresa));
    expect(res.body.permissions).toHaveLength(36);
    expect(res.body.permissions).toContain('reportes.delete');
  });

  it('seeds the administrator once when two replicas start at the same moment (neither boot fails)', async () => {
    const usuarios = t.app.get(UsuariosService);
    const empresaId = (await t.dataSource.query(`SELECT id_empresa FROM empresas ORDER BY 1 LIMIT 1`))[0].id_empresa;
    // both find no such user, then both insert: the second meets the unique key
    const creados = await Promise.all([usuarios.ensureAdmin('admin2', ADMIN.password, empresaId), usuarios.ensureAdmin('admin2', ADMIN.password, empresaId)]);
    expect(creados.sort()).toEqual([false, true]);
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE usuario = 'admin2'`)).toEqual([{ n: 1 }]);
  });

  it('accepts the email as login name', async () => {
    const res = await request(t.http).post('/api/auth/login').send({ user: 'ADMIN@localhost', password: ADMIN.password }).expect(200);
    expect(res.body.success).toBe(true);
  });

  it('gives a non-administrator only its company and its role permissions', async () => {
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view', 'clientes.create']);
    expect(user.body.empresas.map((e: { id_empresa: number }) => e.id_empresa)).toEqual([empresa.id_empresa]);
    expect(user.body.permissions.sort()).toEqual(['clientes.create', 'ventas.view']);
    expect(user.body.user.id_empresa).toBe(empresa.id_empresa);
  });

  it('refuses a wrong password with 401 Credenciales incorrectas', async () => {
    const res = await request(t.http).post('/api/auth/login').send({ user: 'admin', password: 'nope' }).expect(401);
    expect(res.body).toEqual({ success: false, message: 'Credenciales incorrectas' });
  });

  it('rejects a login body with missing or unknown fields with 422', async () => {
    const res = await request(t.http).post('/api/auth/login').send({ user: 'admin', extra: 1 }).expect(422);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe('Los datos enviados no son válidos.');
    expect(Object.keys(res.body.errors).sort()).toEqual(['extra', 'password']);
  });

  it('stores only the SHA-256 of the token secret', async () => {
    const { token } = await login(t);
    const [id, secret] = token.split('|');
    const [row] = await t.dataSource.query('SELECT token_hash FROM personal_access_tokens WHERE id = $1', [id]);
    expect(row.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(row.token_hash).not.toContain(secret);
  });

  describe('401 No autenticado', () => {
    it.each([
      ['no header', undefined],
      ['a non-bearer scheme', 'Basic YWRtaW46YWRtaW4='],
      ['a malformed token', 'Bearer not-a-token'],
      ['an unknown id', 'Bearer 999999|' + 'a'.repeat(40)],
    ])('with %s', async (_label, header) => {
      const req = request(t.http).get('/api/verify');
      if (header) req.set('Authorization', header);
      const res = await req.expect(401);
      expect(res.body).toEqual(NO_AUTH);
    });

    it('with a right id but wrong secret', async () => {
      const { token } = await login(t);
      const [id] = token.split('|');
      const res = await request(t.http)
        .get('/api/verify')
        .set(bearer(`${id}|${'b'.repeat(40)}`))
        .expect(401);
      expect(res.body).toEqual(NO_AUTH);
    });

    it('after 8 hours (expiry moved into the past)', async () => {
      const { token } = await login(t);
      const [id] = token.split('|');
      const [row] = await t.dataSource.query(`SELECT extract(epoch FROM expires_at - created_at)::float AS ttl FROM personal_access_tokens WHERE id = $1`, [
        id,
      ]);
      expect(Math.abs(row.ttl - 8 * 3600)).toBeLessThan(5);
      await request(t.http).get('/api/verify').set(bearer(token)).expect(200);
      await t.dataSource.query(`UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
      // a change made behind this process's back (another replica, SQL) counts once its cached entry lapses
      await new Promise((r) => setTimeout(r, t.app.get<AuthConfig>(authConfig.KEY).principalCacheTtlMs + 50));
      const res = await request(t.http).get('/api/verify').set(bearer(token)).expect(401);
      expect(res.body).toEqual(NO_AUTH);
    });

    it('after logout (both paths)', async () => {
      for (const path of ['/api/auth/logout', '/api/logout']) {
        const { token } = await login(t);
        await request(t.http).post(path).set(bearer(token)).expect(200, { success: true, message: 'Sesión cerrada.' });
        const res = await request(t.http).get('/api/verify').set(bearer(token)).expect(401);
        expect(res.body).toEqual(NO_AUTH);
      }
    });
  });

  it('verify answers success for a live token', async () => {
    const { token, body } = await login(t);
    const res = await request(t.http).get('/api/verify').set(bearer(token)).expect(200);
    expect(res.body).toMatchObject({ success: true, user_id: body.user.id, id_empresa: body.user.id_empresa });
  });

  it('refresh returns a new token and revokes the presented one', async () => {
    const { token } = await login(t);
    const res = await request(t.http).post('/api/refresh').set(bearer(token)).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);
    expect(res.body.token).not.toBe(token);
    await request(t.http).get('/api/verify').set(bearer(token)).expect(401);
    await request(t.http).get('/api/verify').set(bearer(res.body.token)).expect(200);
  });

  it('refuses an inactive user with 403 Usuario inactivo', async () => {
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, []);
    await request(t.http).put(`/api/usuarios/${user.userId}`).set(bearer(admin.token)).send({ estado: '0' }).expect(200);
    const [row] = await t.dataSource.query('SELECT usuario FROM users WHERE id = $1', [user.userId]);
    const res = await request(t.http).post('/api/auth/login').send({ user: row.usuario, password: 'clave-segura-1' }).expect(403);
    expect(res.body).toEqual({ success: false, message: 'Usuario inactivo' });
    // and its live tokens stop working at once
    await request(t.http).get('/api/verify').set(bearer(user.token)).expect(401);
  });

  it('rate-limits failed logins per address and login name with 429', async () => {
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, []);
    const [row] = await t.dataSource.query('SELECT usuario FROM users WHERE id = $1', [user.userId]);
    for (let i = 0; i < 5; i++) {
      await request(t.http).post('/api/auth/login').send({ user: row.usuario, password: 'wrong' }).expect(401);
    }
    const blocked = await request(t.http).post('/api/auth/login').send({ user: row.usuario, password: 'clave-segura-1' }).expect(429);
    expect(blocked.body.success).toBe(false);
    // another login name from the same address is not affected
    await request(t.http).post('/api/auth/login').send(ADMIN).expect(200);
  });
});

describe('Error envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 422, never 500', async () => {
    const res = await request(t.http).post('/api/auth/login').set('Content-Type', 'application/json').send('{"user": ').expect(422);
    expect(res.body).toMatchObject({ success: false, message: 'Los datos enviados no son válidos.' });
  });

  it('answers a non-numeric id with 422', async () => {
    const { token } = await login(t);
    const res = await request(t.http).get('/api/usuarios/abc').set(bearer(token)).expect(422);
    expect(res.body.success).toBe(false);
  });

  it('answers an unknown route with 404 in the envelope (after authentication)', async () => {
    const { token } = await login(t);
    const res = await request(t.http).get('/api/no-existe').set(bearer(token)).expect(404);
    expect(res.body.success).toBe(false);
  });
});
