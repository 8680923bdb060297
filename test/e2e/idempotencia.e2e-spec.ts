import request from 'supertest';
import { IDEMPOTENCY_MSG } from '../../src/common/idempotency/idempotency.interceptor';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession, nextDni } from '../support/factories';

/** Issue 20: a client that retries a create after a timeout never issues two documents. */
describe('Idempotency-Key', () => {
  let t: TestApp;
  let admin: Session;
  let n = 0;
  const key = () => `prueba-${process.pid}-${++n}`;
  const boleta = (documento = nextDni()) => ({
    tipo_documento: '03',
    cliente_documento: documento,
    cliente_datos: 'CLIENTE REINTENTO',
    productos: [{ descripcion: 'SERVICIO', cantidad: 1, precio_unitario: 118 }],
  });
  const ventasDe = async (documento: string): Promise<number> =>
    Number(
      (await t.dataSource.query('SELECT count(*) AS n FROM ventas v JOIN clientes c ON c.id_cliente = v.id_cliente WHERE c.documento = $1', [documento]))[0].n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
  });
  afterAll(() => t.close());

  it('a retried create gets the first answer again, and one sale exists', async () => {
    const k = key();
    const body = boleta();
    const first = await request(t.http).post('/api/ventas').set(bearer(admin.token)).set('Idempotency-Key', k).send(body).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await request(t.http).post('/api/ventas').set(bearer(admin.token)).set('Idempotency-Key', k).send(body).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await ventasDe(body.cliente_documento)).toBe(1);
  });

  it('parallel retries with one key create one sale; the others wait (409) or replay it', async () => {
    const k = key();
    const body = boleta();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => request(t.http).post('/api/ventas').set(bearer(admin.token)).set('Idempotency-Key', k).send(body)),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual({ success: false, message: IDEMPOTENCY_MSG.enProceso });
    expect(new Set(created.map((a) => a.body.data.id_venta)).size).toBe(1);
    expect(await ventasDe(body.cliente_documento)).toBe(1);
  });

  it('the same key with another body is a 422 naming the header', async () => {
    const k = key();
    await request(t.http).post('/api/ventas').set(bearer(admin.token)).set('Idempotency-Key', k).send(boleta()).expect(201);
    const other = boleta();
    const res = await request(t.http).post('/api/ventas').set(bearer(admin.token)).set('Idempotency-Key', k).send(other).expect(422);
    expect(res.body.errors).toEqual({ 'Idempotency-Key': [IDEMPOTENCY_MSG.otraSolicitud] });
    expect(await ventasDe(other.cliente_documento)).toBe(0);
  });

  it('a refused request does not keep its key: the corrected retry is created', async () => {
    const k = key();
    const body = boleta();
    await request(t.http)
      .post('/api/ventas')
      .set(bearer(admin.token))
      .set('Idempotency-Key', k)
      .send({ ...body, productos: [] })
      .expect(422);
    await request(t.http).post('/api/ventas').set(bearer(admin.token)).set('Idempotency-Key', k).send(body).expect(201);
    expect(await ventasDe(body.cliente_documento)).toBe(1);
  });

  it('a malformed key is a 422 and nothing is created', async () => {
    const body = boleta();
    const res = await request(t.http).post('/api/ventas').set(bearer(admin.token)).set('Idempotency-Key', 'x'.repeat(256)).send(body).expect(422);
    expect(res.body.errors).toEqual({ 'Idempotency-Key': [IDEMPOTENCY_MSG.formato] });
    expect(await ventasDe(body.cliente_documento)).toBe(0);
  });

  it('keys belong to a company: another company may use the same key', async () => {
    const k = key();
    await request(t.http).post('/api/ventas').set(bearer(admin.token)).set('Idempotency-Key', k).send(boleta()).expect(201);
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, ['clientes.create']);
    const cliente = { tipo_doc: '1', documento: nextDni(), datos: 'CLIENTE OTRA EMPRESA' };
    const res = await request(t.http).post('/api/clientes').set(bearer(user.token)).set('Idempotency-Key', k).send(cliente).expect(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a process that died after its create committed but before it stored the answer: the retry is a 409, never a second sale', async () => {
    const k = key();
    const body = boleta();
    await request(t.http).post('/api/ventas').set(bearer(admin.token)).set('Idempotency-Key', k).send(body).expect(201);
    // the create's own transaction marked the claim; the crash loses only what came after the commit (the answer)
    const [{ efectuada }] = await t.dataSource.query('SELECT efectuada FROM idempotency_claves WHERE clave = $1', [k]);
    expect(efectuada).toBe(true);
    await t.dataSource.query(
      `UPDATE idempotency_claves SET estado = 'en_proceso', status = NULL, respuesta_cifrada = NULL, created_at = now() - interval '10 minutes' WHERE clave = $1`,
      [k],
    );
    const retry = await request(t.http).post('/api/ventas').set(bearer(admin.token)).set('Idempotency-Key', k).send(body).expect(409);
    expect(retry.body).toEqual({ success: false, message: IDEMPOTENCY_MSG.efectuada });
    expect(await ventasDe(body.cliente_documento)).toBe(1);
  });

  it('a claim abandoned before anything committed is taken over by the same request after 5 minutes', async () => {
    const k = key();
    const body = boleta();
    await request(t.http).post('/api/ventas').set(bearer(admin.token)).set('Idempotency-Key', k).send(body).expect(201);
    // as if that process had died before its transaction committed: the sale and the mark never existed
    await t.dataSource.query(`DELETE FROM ventas WHERE id_cliente = (SELECT id_cliente FROM clientes WHERE documento = $1)`, [body.cliente_documento]);
    await t.dataSource.query(
      `UPDATE idempotency_claves SET estado = 'en_proceso', status = NULL, respuesta_cifrada = NULL, efectuada = false, created_at = now() - interval '10 minutes' WHERE clave = $1`,
      [k],
    );
    await request(t.http).post('/api/ventas').set(bearer(admin.token)).set('Idempotency-Key', k).send(body).expect(201);
    expect(await ventasDe(body.cliente_documento)).toBe(1);
  });
});
