import request from 'supertest';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

describe('Health: liveness, readiness and SUNAT reachability (@nestjs/terminus)', () => {
  describe('SUNAT unreachable (the test default points at a closed port)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('liveness answers as before: database round trip, no auth', async () => {
      expect((await request(t.http).get('/api/health').expect(200)).body).toEqual({ success: true, status: 'ok', database: 'ok' });
    });

    it('readiness checks database, ticket queue and storage, and not SUNAT', async () => {
      const res = await request(t.http).get('/api/health/ready').expect(200);
      expect(res.body).toMatchObject({
        success: true,
        status: 'ok',
        info: {
          database: { status: 'up' },
          queue: { status: 'up', estado: 'desactivado' },
          storage: { status: 'up' },
          sunat_recursos: { status: 'up', xsd: 6, catalogos: 16 },
        },
        error: {},
      });
      expect(Object.keys(res.body.details as object).sort()).toEqual(['database', 'queue', 'storage', 'sunat_recursos']);
    });

    it('SUNAT reachability is its own check: 503 with the modo that does not answer', async () => {
      const res = await request(t.http).get('/api/health/sunat').expect(503);
      expect(res.body).toMatchObject({
        success: false,
        status: 'error',
        error: { beta: { status: 'down', url: 'http://127.0.0.1:9/ol-ti-itcpfegem-beta/billService' } },
      });
    });
  });

  describe('SUNAT answering (the simulator over HTTP)', () => {
    let t: TestAppWithSunat;
    beforeAll(async () => {
      t = await createTestAppWithSunat();
    });
    afterAll(() => t.close());

    it('both modos up', async () => {
      const res = await request(t.http).get('/api/health/sunat').expect(200);
      expect(res.body).toMatchObject({ success: true, status: 'ok', info: { beta: { status: 'up' }, produccion: { status: 'up' } } });
    });
  });
});
