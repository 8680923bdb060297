import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/create-test-app';

// A file of its own: the rule files are compiled once per module registry, and the other health tests load them.
describe("SUNAT's rule files missing (an image built without vendor/sunat)", () => {
  let t: TestApp;
  const vacia = mkdtempSync(join(tmpdir(), 'sin-reglas-'));
  beforeAll(async () => {
    process.env.SUNAT_RULES_XSL_DIR = vacia;
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    delete process.env.SUNAT_RULES_XSL_DIR;
    rmSync(vacia, { recursive: true, force: true });
  });

  it('readiness is 503 naming the rules, while liveness still answers', async () => {
    const res = await request(t.http).get('/api/health/ready').expect(503);
    expect(res.body).toMatchObject({ success: false, status: 'error', error: { sunat_recursos: { status: 'down' } } });
    expect(res.body.error.sunat_recursos.message).toMatch(/^Las reglas de SUNAT no cargan: /);
    expect(res.body.info).toMatchObject({ database: { status: 'up' }, storage: { status: 'up' } });
    await request(t.http).get('/api/health').expect(200);
  });
});
