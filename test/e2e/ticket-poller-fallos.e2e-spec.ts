import PgBoss from 'pg-boss';
import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { databaseConfig } from '../../src/config/database.config';
import { pollerConfig } from '../../src/config/poller.config';
import { ticketAgotadoMensaje, TicketPoller } from '../../src/ticket-poller/ticket-poller.service';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

/** Issue 20: the poller after a crash, and after its last attempt. */
describe('Ticket poller under faults', () => {
  let t: TestAppWithSunat;
  let user: Session;

  beforeAll(async () => {
    t = await createTestAppWithSunat(
      { TICKET_POLLER: 'true', TICKET_POLL_DELAY_SECONDS: '1', TICKET_POLL_INTERVAL_SECONDS: '1', TICKET_POLL_MAX_ATTEMPTS: '3' },
      0,
    );
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.create']);
  });
  afterAll(() => t.close());
  beforeEach(() => t.sunat.state.control.clear());

  const resumen = async () => {
    const v = await createVenta(t, user);
    const res = await request(t.http)
      .post('/api/resumen-diario')
      .set(bearer(user.token))
      .send({ ids: [v.id_venta], fecha_resumen: hoyLima() })
      .expect(200);
    return res.body.ticket as string;
  };
  const lote = async (ticket: string): Promise<{ estado: string; mensaje: string | null }> =>
    (await t.dataSource.query('SELECT estado, mensaje FROM lotes_sunat WHERE ticket = $1', [ticket]))[0];
  /** Waits (bounded) until the batch satisfies `done`; the last row is returned for the assertion. */
  const until = async (ticket: string, done: (row: { estado: string; mensaje: string | null }) => boolean) => {
    const deadline = Date.now() + 60_000;
    let row = await lote(ticket);
    while (!done(row) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      row = await lote(ticket);
    }
    return row;
  };

  it('a ticket query a dead process left active is taken up again when the poller starts, not 15 minutes later', async () => {
    const poller = t.app.get(TicketPoller);
    await poller.onApplicationShutdown();
    const ticket = await resumen(); // not enqueued: the poller is down
    const [{ id }] = await t.dataSource.query('SELECT id FROM lotes_sunat WHERE ticket = $1', [ticket]);
    // the "dead process": another pg-boss client takes the job and never finishes it
    const dead = new PgBoss({ connectionString: t.app.get(databaseConfig.KEY).url, schema: 'pgboss', supervise: false, schedule: false });
    await dead.start();
    await dead.send('sunat-tickets', { tipo: 'lote', id }, { singletonKey: `lote:${id}` });
    expect((await dead.fetch('sunat-tickets')).map((j) => j.data)).toEqual([{ tipo: 'lote', id }]);
    await dead.stop({ graceful: false, wait: true });

    await poller.onApplicationBootstrap();
    expect((await until(ticket, (r) => r.estado !== 'enviado')).estado).toBe('aceptado');
  });

  it('two replicas starting their pollers at the same moment on a database without queues both start', async () => {
    const poller = t.app.get(TicketPoller);
    await poller.onApplicationShutdown();
    await t.dataSource.query('DROP SCHEMA pgboss CASCADE');
    const replicas = [0, 1].map(() => new TicketPoller(t.app.get(pollerConfig.KEY), t.app.get(databaseConfig.KEY)));
    try {
      // both create the schema and the queues at once: PostgreSQL refuses one of them, which must try again
      const started = await Promise.allSettled(replicas.map((r) => r.onApplicationBootstrap()));
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : s.status))).toEqual(['fulfilled', 'fulfilled']);
      expect(await Promise.all(replicas.map((r) => r.estado()))).toEqual(['activo', 'activo']);
    } finally {
      for (const r of replicas) await r.onApplicationShutdown();
      await poller.onApplicationBootstrap();
    }
  });

  it('after its last attempt a ticket stays open, says why, and a manual query still closes it', async () => {
    for (let i = 0; i < 3; i++) t.sunat.next({ operation: 'getStatus', action: 'fault', code: '0130' });
    const ticket = await resumen();
    const row = await until(ticket, (r) => r.mensaje === ticketAgotadoMensaje(3));
    expect(row).toEqual({ estado: 'enviado', mensaje: ticketAgotadoMensaje(3) });
    const final = await request(t.http).post('/api/resumen-diario/consultar-ticket').set(bearer(user.token)).send({ ticket }).expect(200);
    expect(final.body).toMatchObject({ success: true, codigo: '0' });
    expect((await lote(ticket)).estado).toBe('aceptado');
  });
});
