import request from 'supertest';
import { createTestApp, TestApp } from '../support/create-test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id on every response', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a new UUID per request when none is sent', async () => {
    const [a, b] = await Promise.all([request(t.http).get('/api/health'), request(t.http).get('/api/health')]);
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it("keeps a sane caller's id, replaces anything else", async () => {
    const kept = await request(t.http).get('/api/health').set('X-Request-Id', 'lb-7f3a.42:01');
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42:01');
    for (const bad of ['x'.repeat(65), 'dos palabras', '{"inyectado":1}']) {
      const res = await request(t.http).get('/api/health').set('X-Request-Id', bad);
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('on errors, web routes and unknown paths too', async () => {
    for (const [path, status] of [
      ['/api/verify', 401],
      ['/reporteNV/1', 401],
      ['/api/no-existe', 404],
      ['/nada', 404],
    ] as const) {
      const res = await request(t.http).get(path).set('X-Request-Id', `req-${status}`).expect(status);
      expect(res.headers['x-request-id']).toBe(`req-${status}`);
    }
  });
});
