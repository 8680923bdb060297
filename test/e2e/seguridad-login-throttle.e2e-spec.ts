import request from 'supertest';
import { login, Session } from '../support/auth';
import { ADMIN, createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession } from '../support/factories';

const PASSWORD = 'clave-segura-1';
const TOO_MANY = { success: false, message: 'Demasiados intentos fallidos. Intente nuevamente más tarde.' };

/** Issue 14, login throttle: no header, no parallel burst and no second login name gets past the limit. */
describe('Security: login throttle', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    // TRUST_PROXY unset: the service faces clients directly.
    delete process.env.TRUST_PROXY;
    // These tests are about the per-account counter: the per-address one (all from 127.0.0.1) is kept out of the way.
    t = await createTestApp({ LOGIN_MAX_FAILURES: '5', LOGIN_WINDOW_MINUTES: '15', LOGIN_MAX_PER_ADDRESS: '1000' });
    admin = await login(t);
  });
  afterAll(() => t.close());

  const nuevaCuenta = async () => {
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, []);
    const [row] = await t.dataSource.query('SELECT usuario, email FROM users WHERE id = $1', [user.userId]);
    return row as { usuario: string; email: string };
  };

  it('ignores X-Forwarded-For unless a proxy is configured: a new header per attempt does not reset the count', async () => {
    const { usuario } = await nuevaCuenta();
    for (let i = 0; i < 5; i++) {
      await request(t.http)
        .post('/api/auth/login')
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .send({ user: usuario, password: 'mala-clave' })
        .expect(401);
    }
    const res = await request(t.http).post('/api/auth/login').set('X-Forwarded-For', '198.51.100.7').send({ user: usuario, password: PASSWORD }).expect(429);
    expect(res.body).toEqual(TOO_MANY);
  });

  it('evaluates at most the limit of 30 parallel wrong logins; the rest get 429', async () => {
    const { usuario } = await nuevaCuenta();
    const results = await Promise.all(
      Array.from({ length: 30 }, () => request(t.http).post('/api/auth/login').send({ user: usuario, password: 'mala-clave' })),
    );
    const evaluated = results.filter((r) => r.status === 401).length;
    const refused = results.filter((r) => r.status === 429);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(evaluated + refused.length).toBe(30);
    for (const r of refused) expect(r.body).toEqual(TOO_MANY);
    await request(t.http).post('/api/auth/login').send({ user: usuario, password: PASSWORD }).expect(429);
  });

  it('the login name and the e-mail of one account share one counter', async () => {
    const { usuario, email } = await nuevaCuenta();
    for (let i = 0; i < 3; i++) await request(t.http).post('/api/auth/login').send({ user: usuario, password: 'mala-clave' }).expect(401);
    for (let i = 0; i < 2; i++) await request(t.http).post('/api/auth/login').send({ user: email.toUpperCase(), password: 'mala-clave' }).expect(401);
    await request(t.http).post('/api/auth/login').send({ user: usuario, password: PASSWORD }).expect(429);
    await request(t.http).post('/api/auth/login').send({ user: email, password: PASSWORD }).expect(429);
    // another account from the same address is not affected
    await request(t.http).post('/api/auth/login').send(ADMIN).expect(200);
  });

  it('a successful login clears the count', async () => {
    const { usuario } = await nuevaCuenta();
    for (let i = 0; i < 4; i++) await request(t.http).post('/api/auth/login').send({ user: usuario, password: 'mala-clave' }).expect(401);
    await request(t.http).post('/api/auth/login').send({ user: usuario, password: PASSWORD }).expect(200);
    for (let i = 0; i < 5; i++) await request(t.http).post('/api/auth/login').send({ user: usuario, password: 'mala-clave' }).expect(401);
    await request(t.http).post('/api/auth/login').send({ user: usuario, password: PASSWORD }).expect(429);
  });

  it('counts unknown login names too (no difference between existing and unknown accounts)', async () => {
    const nadie = `nadie${Date.now()}`;
    for (let i = 0; i < 5; i++) await request(t.http).post('/api/auth/login').send({ user: nadie, password: 'mala-clave' }).expect(401);
    const res = await request(t.http).post('/api/auth/login').send({ user: nadie.toUpperCase(), password: 'mala-clave' }).expect(429);
    expect(res.body).toEqual(TOO_MANY);
  });
});

describe('Security: login throttle behind a configured proxy', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The test client connects from loopback and acts as the proxy: the address is the one X-Forwarded-For names.
    t = await createTestApp({ TRUST_PROXY: 'loopback', LOGIN_MAX_FAILURES: '5' });
  });
  afterAll(async () => {
    await t.close();
    delete process.env.TRUST_PROXY;
  });

  it('counts per forwarded client address', async () => {
    for (let i = 0; i < 5; i++) {
      await request(t.http).post('/api/auth/login').set('X-Forwarded-For', '203.0.113.10').send({ user: 'admin', password: 'mala-clave' }).expect(401);
    }
    await request(t.http).post('/api/auth/login').set('X-Forwarded-For', '203.0.113.10').send(ADMIN).expect(429);
    await request(t.http).post('/api/auth/login').set('X-Forwarded-For', '203.0.113.11').send(ADMIN).expect(200);
  });
});
