import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { bearer, login } from '../support/auth';
import { createEmpresa, createUserSession, createVenta } from '../support/factories';
import { guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

/** The background poller closes tickets by itself: nobody calls consultar-ticket here. */
describe('Ticket poller (pg-boss)', () => {
  let t: TestAppWithSunat;

  beforeAll(async () => {
    t = await createTestAppWithSunat({ TICKET_POLLER: 'true', TICKET_POLL_DELAY_SECONDS: '1', TICKET_POLL_INTERVAL_SECONDS: '1' }, 2);
  });
  afterAll(() => t.close());

  it('a summary ticket answered 98 twice then 0 ends accepted without any manual query', async () => {
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.create']);
    const v = await createVenta(t, user);
    const res = await request(t.http)
      .post('/api/resumen-diario')
      .set(bearer(user.token))
      .send({ ids: [v.id_venta], fecha_resumen: hoyLima() })
      .expect(200);
    const deadline = Date.now() + 45_000;
    let row: { estado_sunat: string; lote: string } | undefined;
    while (Date.now() < deadline) {
      [row] = await t.dataSource.query(`SELECT v.estado_sunat, l.estado AS lote FROM ventas v, lotes_sunat l WHERE v.id_venta = $1 AND l.ticket = $2`, [
        v.id_venta,
        res.body.ticket,
      ]);
      if (row?.lote === 'aceptado') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(row).toEqual({ estado_sunat: '1', lote: 'aceptado' });
    // two '98' answers and the final one: the poller asked three times, never twice at once
    expect(t.sunat.state.tickets.get(res.body.ticket)?.pollsLeft).toBe(0);
  }, 60_000);

  it('a dispatch guide sent to SUNAT ends aceptado without any manual ticket query', async () => {
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    const user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.create', 'ventas.view']);
    const created = await request(t.http).post('/api/guias-remision').set(bearer(user.token)).send(guiaPublica()).expect(201);
    const id = created.body.data.id;
    await request(t.http).post(`/api/guias-remision/${id}/enviar`).set(bearer(user.token)).expect(200);
    const deadline = Date.now() + 45_000;
    let estado = 'enviado';
    while (Date.now() < deadline && estado === 'enviado') {
      [{ estado }] = await t.dataSource.query('SELECT estado FROM guias_remision WHERE id = $1', [id]);
      if (estado === 'enviado') await new Promise((r) => setTimeout(r, 500));
    }
    expect(estado).toBe('aceptado');
    const [row] = await t.dataSource.query('SELECT codigo_sunat, cdr_url FROM guias_remision WHERE id = $1', [id]);
    expect(row.codigo_sunat).toBe('0');
    expect(row.cdr_url).toBeTruthy();
  }, 60_000);
});
