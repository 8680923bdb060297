import request from 'supertest';
import { SUNAT_ENVIOS_OCUPADOS } from '../../src/common/errors/domain-error';
import { hoyLima } from '../../src/common/fecha';
import { guiaPrivada } from '../../src/guias-remision/testing/guia-bodies';
import { SendLimiter } from '../../src/sunat/gateway/send-limiter';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

const MAX = 2;
const QUEUE = 3;
/** Long enough that the sends are still waiting on SUNAT while the test looks at them. */
const SUNAT_MS = 4000;

/**
 * Issue 21: at most SUNAT_MAX_CONCURRENT_SENDS SUNAT calls in flight per process, whatever the path (sendBill of
 * sales and notes, guides, RC/RA, ticket queries); SUNAT_SEND_QUEUE more wait, beyond that a 503 with Retry-After
 * before anything is claimed or written; reads answer while SUNAT is slow. The simulator counts the requests it is
 * answering at once (maxInFlight).
 */
describe('Concurrent SUNAT sends: a cap below the pool and a bounded queue', () => {
  let t: TestAppWithSunat;
  let user: Session;
  let limiter: SendLimiter;

  beforeAll(async () => {
    t = await createTestAppWithSunat({
      SUNAT_MAX_CONCURRENT_SENDS: String(MAX),
      SUNAT_SEND_QUEUE: String(QUEUE),
      SUNAT_SEND_QUEUE_WAIT_MS: '300000',
    });
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view', 'ventas.create', 'ventas.delete']);
    limiter = t.app.get(SendLimiter);
  });
  afterAll(() => t.close());
  beforeEach(() => t.sunat.reset());

  const post = (path: string, body?: object) => request(t.http).post(path).set(bearer(user.token)).send(body);
  const enviarVenta = (id: number) => post(`/api/ventas/${id}/enviar`);
  /** Until the limiter holds `active` sends and `waiting` queued (the requests got there; how long it takes is not asserted). */
  const until = async (active: number, waiting: number) => {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const s = limiter.stats;
      if (s.active === active && s.waiting === waiting) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`limiter never reached ${active} active / ${waiting} waiting: ${JSON.stringify(limiter.stats)}`);
  };
  const venta = async (id: number) =>
    (
      (await t.dataSource.query('SELECT estado_sunat, enviando_desde FROM ventas WHERE id_venta = $1', [id])) as Array<{
        estado_sunat: string;
        enviando_desde: Date | null;
      }>
    )[0];

  it('more parallel sends than the cap: never more than the cap at SUNAT, the rest queue, beyond the queue a 503; a GET list answers meanwhile', async () => {
    const facturas = [];
    for (let i = 0; i < MAX + QUEUE + 1; i++) facturas.push(await createFactura(t, user));
    t.sunat.next(Array.from({ length: MAX + QUEUE }, () => ({ operation: 'sendBill' as const, action: 'delay' as const, ms: SUNAT_MS })));

    let settled = 0;
    const sends = facturas.slice(0, MAX + QUEUE).map((f) =>
      enviarVenta(f.id_venta).then((res) => {
        settled++;
        return res;
      }),
    );
    await until(MAX, QUEUE);

    // the queue is full: the next send is refused at once, before its sale is claimed
    const extra = facturas[MAX + QUEUE];
    const refused = await enviarVenta(extra.id_venta);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 503, body: { success: false, message: SUNAT_ENVIOS_OCUPADOS } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await venta(extra.id_venta)).toEqual({ estado_sunat: '0', enviando_desde: null });

    // reads are not stuck behind the sends
    const list = await request(t.http).get('/api/ventas').set(bearer(user.token));
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThanOrEqual(MAX + QUEUE + 1);
    expect(settled).toBeLessThan(MAX + QUEUE);

    const results = await Promise.all(sends);
    expect(results.map((r) => [r.status, r.body.success, r.body.codigo])).toEqual(results.map(() => [200, true, '0']));
    expect(t.sunat.state.maxInFlight).toBeLessThanOrEqual(MAX);
    expect(t.sunat.state.maxInFlight).toBeGreaterThanOrEqual(1);
    expect(t.sunat.state.requests.filter((r) => r.operation === 'sendBill')).toHaveLength(MAX + QUEUE);
    expect(limiter.stats).toMatchObject({ active: 0, waiting: 0 });

    // once the queue drains, the refused sale goes out normally
    expect((await enviarVenta(extra.id_venta)).body).toMatchObject({ success: true, codigo: '0' });
  });

  it('guides, RC and ticket queries share the cap; an RC refused by the full queue writes no batch and leaves its boletas as they were', async () => {
    const guia = (await post('/api/guias-remision', guiaPrivada()).expect(201)).body.data;
    const boletas = [await createVenta(t, user), await createVenta(t, user)];
    const otraBoleta = await createVenta(t, user);
    const facturas = [];
    for (let i = 0; i < 5; i++) facturas.push(await createFactura(t, user));
    const hoy = hoyLima();
    const lotes = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM lotes_sunat'))[0].n as number;
    const lotesAntes = await lotes();
    t.sunat.next([
      { operation: 'greSend', action: 'delay', ms: SUNAT_MS },
      { operation: 'sendSummary', action: 'delay', ms: SUNAT_MS },
      ...Array.from({ length: 5 }, () => ({ operation: 'sendBill' as const, action: 'delay' as const, ms: SUNAT_MS })),
    ]);

    // a guide, an RC and three sales: two in flight, three queued
    const sends = [
      post(`/api/guias-remision/${guia.id}/enviar`).then((r) => r),
      post('/api/resumen-diario', { ids: boletas.map((b) => b.id_venta), fecha_resumen: hoy }).then((r) => r),
      ...facturas.slice(0, 3).map((f) => enviarVenta(f.id_venta).then((r) => r)),
    ];
    await until(MAX, QUEUE);
    const refusedRc = await post('/api/resumen-diario', { ids: [otraBoleta.id_venta], fecha_resumen: hoy });
    expect({ status: refusedRc.status, body: refusedRc.body }).toEqual({ status: 503, body: { success: false, message: SUNAT_ENVIOS_OCUPADOS } });
    expect(refusedRc.headers['retry-after']).toMatch(/^\d+$/);

    const [g, rc, ...bills] = await Promise.all(sends);
    expect(g.body).toMatchObject({ success: true });
    expect(rc.status).toBe(200);
    expect(bills.map((b) => b.body.codigo)).toEqual(['0', '0', '0']);
    // only the accepted RC wrote a batch; the refused one's boleta is untouched
    expect((await lotes()) - lotesAntes).toBe(1);
    expect(await venta(otraBoleta.id_venta)).toEqual({ estado_sunat: '0', enviando_desde: null });
    expect(t.sunat.state.maxInFlight).toBeLessThanOrEqual(MAX);
    expect(t.sunat.state.requests.map((r) => r.operation)).toEqual(expect.arrayContaining(['greSend', 'sendSummary', 'sendBill']));

    // a ticket query waits for a slot like a send: with both taken by slow sends, it queues
    const ticket = (await t.dataSource.query('SELECT ticket FROM lotes_sunat WHERE ticket IS NOT NULL ORDER BY id DESC LIMIT 1'))[0].ticket as string;
    const busy = facturas.slice(3).map((f) => enviarVenta(f.id_venta).then((r) => r));
    await until(MAX, 0);
    const query = post('/api/resumen-diario/consultar-ticket', { ticket }).then((r) => r);
    await until(MAX, 1);
    expect((await query).status).toBe(200);
    expect((await Promise.all(busy)).map((b) => b.body.codigo)).toEqual(['0', '0']);
    expect(t.sunat.state.requests.filter((r) => r.operation === 'getStatus').length).toBeGreaterThanOrEqual(1);
    expect(t.sunat.state.maxInFlight).toBeLessThanOrEqual(MAX);

    // the refused RC can be sent now
    expect((await post('/api/resumen-diario', { ids: [otraBoleta.id_venta], fecha_resumen: hoy })).status).toBe(200);
  });
});
