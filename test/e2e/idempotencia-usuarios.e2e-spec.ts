import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { IDEMPOTENCY_MSG } from '../../src/common/idempotency/idempotency.interceptor';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createFactura, createUserSession, nextDni } from '../support/factories';

const PASSWORD = 'clave-segura-1';

/** An Idempotency-Key belongs to one user: another user of the same company sending it gets nothing of the first. */
describe('Idempotency-Key per user', () => {
  let t: TestApp;
  let admin: Session;
  let a: Session & { userId: number };
  let b: Session & { userId: number };
  let sinPermiso: Session & { userId: number };
  let n = 0;
  const key = () => `usuario-${process.pid}-${++n}`;
  const boleta = (documento = nextDni()) => ({
    tipo_documento: '03',
    cliente_documento: documento,
    cliente_datos: 'CLIENTE CLAVE AJENA',
    productos: [{ descripcion: 'SERVICIO', cantidad: 1, precio_unitario: 118 }],
  });
  const post = (session: Session, path: string, k: string, body?: object) => {
    const req = request(t.http).post(path).set(bearer(session.token)).set('Idempotency-Key', k);
    return body === undefined ? req : req.send(body);
  };
  const ventasDe = async (documento: string): Promise<number> =>
    Number(
      (await t.dataSource.query('SELECT count(*) AS n FROM ventas v JOIN clientes c ON c.id_cliente = v.id_cliente WHERE c.documento = $1', [documento]))[0].n,
    );
  const filas = (k: string): Promise<Array<{ id_usuario: number; estado: string; respuesta_cifrada: string | null }>> =>
    t.dataSource.query('SELECT id_usuario, estado, respuesta_cifrada FROM idempotency_claves WHERE clave = $1 ORDER BY id_usuario', [k]);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    const empresa = (await createEmpresa(t, admin)).id_empresa;
    const permisos = ['ventas.view', 'ventas.create', 'clientes.create'];
    a = await createUserSession(t, admin, empresa, permisos);
    b = await createUserSession(t, admin, empresa, permisos);
    sinPermiso = await createUserSession(t, admin, empresa, ['clientes.create']);
  });
  afterAll(() => t.close());

  it('ventas: B sending A’s key with the same body creates B’s own sale, never A’s answer', async () => {
    const k = key();
    const body = boleta();
    const deA = await post(a, '/api/ventas', k, body).expect(201);
    const deB = await post(b, '/api/ventas', k, body).expect(201);
    expect(deB.headers['idempotent-replayed']).toBeUndefined();
    expect(deB.body.data.id_venta).not.toBe(deA.body.data.id_venta);
    expect(await ventasDe(body.cliente_documento)).toBe(2);
    // each keeps its own answer
    const otraVezA = await post(a, '/api/ventas', k, body).expect(201);
    expect(otraVezA.headers['idempotent-replayed']).toBe('true');
    expect(otraVezA.body).toEqual(deA.body);
    const otraVezB = await post(b, '/api/ventas', k, body).expect(201);
    expect(otraVezB.headers['idempotent-replayed']).toBe('true');
    expect(otraVezB.body).toEqual(deB.body);
    expect(await ventasDe(body.cliente_documento)).toBe(2);
  });

  it('ventas: B sending A’s key with another body is a new key (no 422 telling the key exists)', async () => {
    const k = key();
    await post(a, '/api/ventas', k, boleta()).expect(201);
    const otra = boleta();
    const res = await post(b, '/api/ventas', k, otra).expect(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await ventasDe(otra.cliente_documento)).toBe(1);
  });

  it('ventas: while A’s request with the key is running, B’s is not a 409', async () => {
    const k = key();
    const body = boleta();
    await post(a, '/api/ventas', k, body).expect(201);
    // A's claim as it is while its request runs
    await t.dataSource.query(
      `UPDATE idempotency_claves SET estado = 'en_proceso', status = NULL, respuesta_cifrada = NULL, created_at = now() WHERE clave = $1 AND id_usuario = $2`,
      [k, a.userId],
    );
    await post(a, '/api/ventas', k, body).expect(409);
    const res = await post(b, '/api/ventas', k, body).expect(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await ventasDe(body.cliente_documento)).toBe(2);
  });

  it('refresh: B sending A’s key gets a token of its own, and no token is stored in plaintext', async () => {
    const k = key();
    const sesionA = await login(t, a.body.user.email, PASSWORD);
    const sesionB = await login(t, b.body.user.email, PASSWORD);
    const deA = await post(sesionA, '/api/refresh', k).expect(200);
    const deB = await post(sesionB, '/api/refresh', k).expect(200);
    expect(deB.headers['idempotent-replayed']).toBeUndefined();
    expect(deB.body.token).not.toBe(deA.body.token);
    const verify = await request(t.http).get('/api/verify').set(bearer(deB.body.token)).expect(200);
    expect(verify.body.user_id).toBe(b.userId);

    const rows = await filas(k);
    expect(rows.map((r) => r.id_usuario)).toEqual([a.userId, b.userId].sort((x, y) => x - y));
    for (const row of rows) {
      expect(row.estado).toBe('respondida');
      expect(row.respuesta_cifrada).toMatch(/^v1:/);
      for (const token of [deA.body.token, deB.body.token]) {
        expect(row.respuesta_cifrada).not.toContain(token);
        expect(row.respuesta_cifrada).not.toContain(token.split('|')[1]);
      }
    }
  });

  it('enlaces: B sending A’s key gets a link signed for B; a user without the permission gets 403, not A’s link', async () => {
    const factura = await createFactura(t, a);
    const k = key();
    const body = { tipo: 'venta-pdf', id: factura.id_venta };
    const deA = await post(a, '/api/enlaces', k, body).expect(201);
    const sinPermisoRes = await post(sinPermiso, '/api/enlaces', k, body).expect(403);
    expect(JSON.stringify(sinPermisoRes.body)).not.toContain(deA.body.url);
    const deB = await post(b, '/api/enlaces', k, body).expect(201);
    expect(deB.headers['idempotent-replayed']).toBeUndefined();
    const jwt = t.app.get(JwtService, { strict: false });
    expect(jwt.decode<{ sub: string }>(deB.body.url.split('/').pop()).sub).toBe(String(b.userId));
    // A's own retry replays A's link (the stored answer decrypts for its owner)
    const otraVezA = await post(a, '/api/enlaces', k, body).expect(201);
    expect(otraVezA.headers['idempotent-replayed']).toBe('true');
    expect(otraVezA.body).toEqual(deA.body);
    for (const row of await filas(k)) {
      expect(row.respuesta_cifrada).toMatch(/^v1:/);
      expect(row.respuesta_cifrada).not.toContain(deA.body.url.split('/').pop());
    }
  });

  it('an answer copied into another user’s row does not open: that user gets the 409, never the copied answer', async () => {
    const k = key();
    const body = boleta();
    const deA = await post(a, '/api/ventas', k, body).expect(201);
    await post(b, '/api/ventas', k, body).expect(201);
    await t.dataSource.query(
      `UPDATE idempotency_claves SET respuesta_cifrada = (SELECT respuesta_cifrada FROM idempotency_claves WHERE clave = $1 AND id_usuario = $2)
        WHERE clave = $1 AND id_usuario = $3`,
      [k, a.userId, b.userId],
    );
    const res = await post(b, '/api/ventas', k, body).expect(409);
    expect(res.body).toEqual({ success: false, message: IDEMPOTENCY_MSG.efectuada });
    expect(JSON.stringify(res.body)).not.toContain(String(deA.body.data.numero_completo));
    expect(await ventasDe(body.cliente_documento)).toBe(2);
  });

  it('login ignores the key: nothing is stored, each login gets its own token', async () => {
    const k = key();
    const credenciales = { user: a.body.user.email, password: PASSWORD };
    const first = await request(t.http).post('/api/auth/login').set('Idempotency-Key', k).send(credenciales).expect(200);
    const second = await request(t.http).post('/api/auth/login').set('Idempotency-Key', k).send(credenciales).expect(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.token).not.toBe(first.body.token);
    expect(await filas(k)).toEqual([]);
  });
});
