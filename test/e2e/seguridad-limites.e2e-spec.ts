import request from 'supertest';
import { guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession } from '../support/factories';

/**
 * Issue 14, resource limits: every list, string and number a client sends has a bound; a breach is a
 * 422 naming the field (413 for an oversized body), never a 500, and the service keeps answering.
 */
describe('Security: request bodies and queries are bounded', () => {
  let t: TestApp;
  let admin: Session;
  let user: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    const empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.delete', 'clientes.view', 'clientes.create']);
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown) =>
    request(t.http)
      .post(path)
      .set(bearer(user.token))
      .send(body as object);

  /** The hostile request and, while it is in flight, a health check. */
  async function whileHealthy(hostile: () => request.Test) {
    const pending = hostile().then((r) => r);
    const started = performance.now();
    const health = await request(t.http).get('/api/health');
    const healthMs = performance.now() - started;
    const res = await pending;
    expect(health.status).toBe(200);
    // a freeze (validating every element) takes many seconds; 3 s leaves room for a loaded 2-core machine
    expect(healthMs).toBeLessThan(3000);
    return res;
  }

  const linea = { descripcion: 'CAJA', unidad: 'NIU', cantidad: 1 };

  it('a guide with 50,000 lines is refused before it is validated line by line (422 on detalles)', async () => {
    const res = await whileHealthy(() => post('/api/guias-remision', guiaPublica({ detalles: Array.from({ length: 50_000 }, () => linea) })));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      message: 'Los datos enviados no son válidos.',
      errors: { detalles: ['detalles no debe tener más de 5000 elementos.'] },
    });
  });

  it('a guide keeps its own cap of 500 lines', async () => {
    const res = await post('/api/guias-remision', guiaPublica({ detalles: Array.from({ length: 501 }, () => linea) })).expect(422);
    expect(Object.keys(res.body.errors)).toEqual(['detalles']);
  });

  it('RC and RA id lists of 100,000 are refused at once (422 on the list)', async () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => i + 1);
    const rc = await whileHealthy(() => post('/api/resumen-diario', { ids, fecha_resumen: '2026-01-01' }));
    expect(rc.status).toBe(422);
    expect(rc.body.errors).toEqual({ ids: ['ids no debe tener más de 5000 elementos.'] });
    const ra = await whileHealthy(() => post('/api/comunicacion-baja', { documentos: ids.map((id) => ({ id_venta: id, motivo: 'X' })) }));
    expect(ra.status).toBe(422);
    expect(Object.keys(ra.body.errors)).toEqual(['documentos']);
  });

  it('a JSON body over 5 MB is 413 in the envelope', async () => {
    const res = await post('/api/clientes', { documento: '12345678', datos: 'X'.repeat(6 * 1024 * 1024) }).expect(413);
    expect(res.body).toEqual({ success: false, message: 'El cuerpo de la solicitud supera el tamaño máximo (5 MB).' });
  });

  it('10,000 levels of nesting on login are 422, not 500', async () => {
    const deep = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const res = await request(t.http).post('/api/auth/login').set('content-type', 'application/json').send(`{"user":"admin","password":${deep}}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['password.a.a.a.a.a.a.a']);
    await request(t.http).get('/api/health').expect(200);
  });

  it.each([
    ['page=1e20', '/api/clientes?page=1e20', 'page'],
    ['page beyond the last possible', '/api/clientes?page=100001', 'page'],
    ['per_page huge', '/api/clientes?per_page=99999999999', 'per_page'],
  ])('a query number beyond its bound is 422 (%s)', async (_, path, field) => {
    const res = await request(t.http).get(path).set(bearer(user.token)).expect(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('ids beyond an integer column are 422 in bodies and in paths, never 500', async () => {
    const body = await post('/api/notas-credito', { id_venta: 1e308, motivo_id: 1 }).expect(422);
    expect(Object.keys(body.body.errors)).toContain('id_venta');
    const path = await request(t.http).get('/api/ventas/99999999999').set(bearer(user.token));
    expect(path.status).toBe(422);
    expect(path.body.success).toBe(false);
  });

  it('NUL bytes in any string are 422 naming the field', async () => {
    const res = await post('/api/clientes', { documento: '12345678', datos: 'CLIENTE\u0000OCULTO' }).expect(422);
    expect(res.body.errors).toEqual({ datos: ['datos contiene el carácter nulo (\\u0000), que no se admite.'] });
    const query = await request(t.http).get('/api/clientes?q=a%00b').set(bearer(user.token)).expect(422);
    expect(Object.keys(query.body.errors)).toEqual(['q']);
  });
});
