import request from 'supertest';
import { bearer, login } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';

const API_CSP = "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'";

/** Every answer carries a Content-Security-Policy: the API's allows nothing, Swagger UI's page only itself. */
describe('Security: Content-Security-Policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('API answers, errors, web routes and the OpenAPI document carry the policy that allows nothing', async () => {
    const admin = await login(t);
    const answers = [
      await request(t.http).get('/api/health').expect(200),
      await request(t.http).get('/api/empresas').set(bearer(admin.token)).expect(200),
      await request(t.http).get('/api/empresas').expect(401),
      await request(t.http).get('/api/no-existe').expect(404),
      await request(t.http).get('/reporteNV/1').expect(401),
      await request(t.http).get('/api/docs-json').expect(200),
    ];
    for (const res of answers) expect(res.headers['content-security-policy']).toBe(API_CSP);
  });

  it("Swagger UI's page and files have their own narrow policy: scripts only from the service itself", async () => {
    const page = await request(t.http).get('/api/docs').redirects(1).expect(200);
    const bundle = await request(t.http).get('/api/docs/swagger-ui-init.js').expect(200);
    for (const res of [page, bundle]) {
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(csp.split(';').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
      expect(directives['default-src']).toEqual(["'none'"]);
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['connect-src']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(csp).not.toContain('*');
    }
    // every script the page loads is the service's own file, none inline
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\.\/docs\/[\w.-]+\.js"/);
      expect(body.trim()).toBe('');
    }
  });
});
