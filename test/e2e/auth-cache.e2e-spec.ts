import request from 'supertest';
import { principalCache } from '../../src/auth/principal-cache';
import { authConfig, AuthConfig } from '../../src/config/auth.config';
import { bearer, login } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession } from '../support/factories';

/**
 * Issue 21: a hot token is resolved without the database; what this process changes takes effect at once,
 * what changes behind its back (another replica, SQL) once the cached entry lapses (AUTH_CACHE_TTL_MS).
 */
describe('Principal cache (AUTH_CACHE_TTL_MS)', () => {
  let t: TestApp;
  let ttl: number;
  const lapse = () => new Promise((r) => setTimeout(r, ttl + 50));

  beforeAll(async () => {
    t = await createTestApp();
    ttl = t.app.get<AuthConfig>(authConfig.KEY).principalCacheTtlMs;
  });
  afterAll(() => t.close());

  it('is on by default, for a few seconds at most', () => {
    expect(ttl).toBe(2000);
  });

  it('answers a repeated token from memory', async () => {
    const { token } = await login(t);
    await request(t.http).get('/api/verify').set(bearer(token)).expect(200);
    const before = principalCache.hits;
    for (let i = 0; i < 5; i++) await request(t.http).get('/api/verify').set(bearer(token)).expect(200);
    // a slow machine may let an entry lapse between two requests: at least most come from memory
    expect(principalCache.hits - before).toBeGreaterThanOrEqual(1);
  });

  it('a logout here ends the session at once', async () => {
    const { token } = await login(t);
    await request(t.http).get('/api/verify').set(bearer(token)).expect(200);
    await request(t.http).post('/api/logout').set(bearer(token)).expect(200);
    await request(t.http).get('/api/verify').set(bearer(token)).expect(401);
  });

  it("a permission taken from the user's role here counts at once", async () => {
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, ['clientes.view']);
    await request(t.http).get('/api/clientes').set(bearer(user.token)).expect(200);
    const [{ rol_id }] = await t.dataSource.query('SELECT rol_id FROM users WHERE id = $1', [user.userId]);
    await request(t.http).put(`/api/permissions/role/${rol_id}`).set(bearer(admin.token)).send({ permissions: [] }).expect(200);
    await request(t.http).get('/api/clientes').set(bearer(user.token)).expect(403);
  });

  it("deactivating the user's company here ends its sessions at once", async () => {
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, ['clientes.view']);
    await request(t.http).get('/api/clientes').set(bearer(user.token)).expect(200);
    await request(t.http).post(`/api/empresas/${empresa.id_empresa}`).set(bearer(admin.token)).send({ estado: '0' }).expect(201);
    await request(t.http).get('/api/clientes').set(bearer(user.token)).expect(401);
  });

  it('a revocation made behind its back counts once the entry lapses', async () => {
    const { token } = await login(t);
    await request(t.http).get('/api/verify').set(bearer(token)).expect(200);
    await t.dataSource.query('UPDATE personal_access_tokens SET revoked_at = now() WHERE id = $1', [token.split('|')[0]]);
    await lapse();
    await request(t.http).get('/api/verify').set(bearer(token)).expect(401);
  });
});
