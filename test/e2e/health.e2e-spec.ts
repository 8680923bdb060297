import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
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

    it('readiness answers 200 to 100 parallel anonymous calls', async () => {
      const answers = await Promise.all(Array.from({ length: 100 }, () => request(t.http).get('/api/health/ready')));
      expect(answers.map((res) => res.status)).toEqual(Array(100).fill(200));
      for (const res of answers) expect(res.body).toMatchObject({ success: true, status: 'ok', error: {} });
    });

    it('SUNAT reachability is its own check: 503 with the modo that does not answer, naming no endpoint', async () => {
      const res = await request(t.http).get('/api/health/sunat').expect(503);
      expect(res.body).toMatchObject({
        success: false,
        status: 'error',
        error: { beta: { status: 'down', motivo: 'sin respuesta' }, produccion: { status: 'down', motivo: 'sin respuesta' } },
      });
      expect(res.text).not.toMatch(/127\.0\.0\.1|http|billService|:9\b/);
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
      expect(res.text).not.toContain(t.sunat.url.replace('http://', ''));
    });
  });

  describe('SUNAT reachability is looked at once, not once per anonymous call', () => {
    let t: TestApp;
    let sunat: Server;
    const looks: string[] = [];
    beforeAll(async () => {
      sunat = createServer((req, res) => {
        looks.push(req.url ?? '');
        res.writeHead(200, { 'Content-Type': 'text/xml' }).end('<definitions/>');
      });
      await new Promise<void>((resolve) => sunat.listen(0, '127.0.0.1', resolve));
      t = await createTestApp({ SUNAT_ENDPOINTS_BASE: `http://127.0.0.1:${(sunat.address() as AddressInfo).port}` });
    });
    afterAll(async () => {
      await t.close();
      await new Promise((resolve) => sunat.close(resolve));
    });

    it('fifty calls, five of them at once, make one request per modo', async () => {
      await Promise.all(Array.from({ length: 5 }, () => request(t.http).get('/api/health/sunat').expect(200)));
      for (let i = 0; i < 45; i++) await request(t.http).get('/api/health/sunat').expect(200);
      expect(looks).toHaveLength(2);
      expect(looks.every((url) => url.endsWith('?wsdl'))).toBe(true);
    });
  });
});
