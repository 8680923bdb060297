import request from 'supertest';
import { DataSource } from 'typeorm';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(180_000);

/** Polls `check` until it returns a value (not undefined) or the deadline passes. */
async function eventually<T>(check: () => Promise<T | undefined>, what: string, deadlineMs = 90_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Autopilot: facturas of a company with envio_automatico reach SUNAT with nobody calling enviar', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let auto: { id_empresa: number };
  let manual: { id_empresa: number };
  let userAuto: Session;
  let userManual: Session;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestAppWithSunat({
      AUTOSEND_WORKER: 'true',
      AUTOSEND_INTERVAL_MS: '100',
      AUTOSEND_BACKOFF_BASE_MS: '100',
      AUTOSEND_BACKOFF_MAX_MS: '400',
      AUTOSEND_BREAKER_FAILURES: '2',
      AUTOSEND_BREAKER_PROBE_MS: '300',
      AUTOSEND_SWEEP_MS: '500',
    });
    admin = await login(t);
    auto = await createEmpresa(t, admin, { envio_automatico: true });
    manual = await createEmpresa(t, admin);
    const permisos = ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete'];
    userAuto = await createUserSession(t, admin, auto.id_empresa, permisos);
    userManual = await createUserSession(t, admin, manual.id_empresa, permisos);
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
    for (const name of Object.keys(process.env).filter((n) => n.startsWith('AUTOSEND_'))) delete process.env[name];
  });
  beforeEach(() => {
    t.sunat.state.control.clear();
    t.sunat.outage({ down: false });
  });

  const venta = async (s: Session, id: number) => (await request(t.http).get(`/api/ventas/${id}`).set(bearer(s.token))).body.data;
  const aceptada = (s: Session, id: number) =>
    eventually(async () => {
      const v = await venta(s, id);
      return v.estado_sunat === '1' ? v : undefined;
    }, `venta ${id} aceptada`);
  const sendBillsOf = (numero: string) => t.sunat.state.requests.filter((r) => r.operation === 'sendBill' && r.subject?.includes(numero)).length;
  const fila = async (id: number) =>
    (await db.query(`SELECT estado, intentos, ultimo_error FROM envios_sunat WHERE tipo = 'venta' AND id_documento = $1`, [id]))[0] as
      { estado: string; intentos: number; ultimo_error: string | null } | undefined;

  it('the company shows and takes both switches; a bad time is a 422 on resumen_automatico', async () => {
    const got = await request(t.http).get(`/api/empresas/${auto.id_empresa}`).set(bearer(admin.token)).expect(200);
    expect(got.body.data).toMatchObject({ envio_automatico: true, resumen_automatico: null });
    const bad = await request(t.http).post(`/api/empresas/${manual.id_empresa}`).set(bearer(admin.token)).send({ resumen_automatico: '25:00' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('resumen_automatico');
    const badBool = await request(t.http).post(`/api/empresas/${manual.id_empresa}`).set(bearer(admin.token)).send({ envio_automatico: 'quizá' });
    expect(badBool.status).toBe(422);
    const ok = await request(t.http).post(`/api/empresas/${manual.id_empresa}`).set(bearer(admin.token)).send({ resumen_automatico: '23:30' });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ envio_automatico: false, resumen_automatico: '23:30' });
    const off = await request(t.http).post(`/api/empresas/${manual.id_empresa}`).set(bearer(admin.token)).send({ resumen_automatico: null });
    expect(off.body.data.resumen_automatico).toBeNull();
  });

  it('a factura is accepted by itself, uploaded once; the create answers pending as before', async () => {
    const f = await createFactura(t, userAuto);
    expect(f.estado_sunat).toBe('0');
    const v = await aceptada(userAuto, f.id_venta);
    expect(v.cdr_url).toBe(`/api/ventas/${f.id_venta}/cdr`);
    expect(sendBillsOf(f.numero_completo)).toBe(1);
    expect(await fila(f.id_venta)).toMatchObject({ estado: 'hecho', intentos: 1 });
  });

  it('boletas are never queued (they go in the daily summary); a company without the switch sends nothing by itself', async () => {
    const b = await createVenta(t, userAuto);
    const m = await createFactura(t, userManual);
    // a later factura of the automatic company is accepted: the queue has run past the other two
    const f = await createFactura(t, userAuto);
    await aceptada(userAuto, f.id_venta);
    expect(await fila(b.id_venta)).toBeUndefined();
    expect(await fila(m.id_venta)).toBeUndefined();
    expect((await venta(userManual, m.id_venta)).estado_sunat).toBe('0');
    expect((await venta(userAuto, b.id_venta)).estado_sunat).toBe('0');
  });

  it('an explicit enviar while the factura is queued never causes a second upload', async () => {
    const f = await createFactura(t, userAuto);
    const res = await request(t.http).post(`/api/ventas/${f.id_venta}/enviar`).set(bearer(userAuto.token));
    // the explicit send won (200) or the queue was sending it (409 enviando / ya aceptado)
    expect([200, 409]).toContain(res.status);
    await aceptada(userAuto, f.id_venta);
    await eventually(async () => ((await fila(f.id_venta))?.estado === 'hecho' ? true : undefined), 'fila hecha');
    expect(sendBillsOf(f.numero_completo)).toBe(1);
  });

  it('a transient SOAP fault (0109) puts it back in the queue; the next attempt is accepted', async () => {
    t.sunat.next({ operation: 'sendBill', action: 'fault', code: '0109' });
    const f = await createFactura(t, userAuto);
    await aceptada(userAuto, f.id_venta);
    const row = await eventually(async () => {
      const r = await fila(f.id_venta);
      return r?.estado === 'hecho' ? r : undefined;
    }, 'fila hecha');
    expect(row.intentos).toBeGreaterThanOrEqual(2);
  });

  it('a final SOAP fault (0151) ends the automatic send: the factura keeps its state and says why', async () => {
    t.sunat.next({ operation: 'sendBill', action: 'fault', code: '0151' });
    const f = await createFactura(t, userAuto);
    const row = await eventually(async () => {
      const r = await fila(f.id_venta);
      return r?.estado === 'fallido' ? r : undefined;
    }, 'fila fallida');
    expect(row.intentos).toBe(1);
    expect(row.ultimo_error).toContain('0151');
    expect((await venta(userAuto, f.id_venta)).estado_sunat).toBe('0');
  });

  it('SUNAT down: creating goes on, the service is marked down, and everything is accepted once it is back', async () => {
    t.sunat.outage({ down: true, services: ['soap'] });
    const facturas = [];
    for (let i = 0; i < 4; i++) facturas.push(await createFactura(t, userAuto));
    const caido = await eventually(async () => {
      const [row] = await db.query(`SELECT caido_desde FROM servicios_sunat WHERE servicio = 'soap'`);
      return row?.caido_desde ? row.caido_desde : undefined;
    }, 'servicio soap caído');
    expect(new Date(caido).getTime()).toBeLessThanOrEqual(Date.now());
    for (const f of facturas) expect((await venta(userAuto, f.id_venta)).estado_sunat).toBe('0');
    t.sunat.outage({ down: false });
    for (const f of facturas) await aceptada(userAuto, f.id_venta);
    for (const f of facturas) expect(sendBillsOf(f.numero_completo)).toBe(1);
    await eventually(async () => {
      const [row] = await db.query(`SELECT caido_desde FROM servicios_sunat WHERE servicio = 'soap'`);
      return row && row.caido_desde === null ? true : undefined;
    }, 'servicio soap arriba');
  });

  it('a down mark left by a process that died while SUNAT was down is cleared by the next answer this process gets', async () => {
    // this process's breaker is closed: the mark is another (killed) process's
    await db.query(
      `INSERT INTO servicios_sunat (servicio, caido_desde, ultimo_error) VALUES ('soap', now(), 'de un proceso muerto')
       ON CONFLICT (servicio) DO UPDATE SET caido_desde = now(), ultimo_error = 'de un proceso muerto'`,
    );
    const f = await createFactura(t, userAuto);
    await aceptada(userAuto, f.id_venta);
    await eventually(async () => {
      const [row] = await db.query(`SELECT caido_desde FROM servicios_sunat WHERE servicio = 'soap'`);
      return row.caido_desde === null ? true : undefined;
    }, 'servicio soap arriba');
    const estado = await request(t.http).get('/api/sunat/estado').set(bearer(userAuto.token)).expect(200);
    expect(estado.body.data.servicios[0]).toMatchObject({ servicio: 'soap', disponible: true, caido_desde: null });
  });
});
