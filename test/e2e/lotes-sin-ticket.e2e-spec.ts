import request from 'supertest';
import { SEND_MSG } from '../../src/common/errors/messages';
import { hoyLima } from '../../src/common/fecha';
import { documentoEnLotePendiente } from '../../src/lotes-sunat/lote-pendiente';
import { MSG_LOTE } from '../../src/lotes-sunat/lote-mensajes';
import { TicketService } from '../../src/lotes-sunat/ticket.service';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

const BETA_RUC = '20000000001';

/**
 * Issue 20, "no lost tickets": an RC/RA whose sendSummary answer is lost is never summarised again under a new
 * name. The poller sends the same file again; SUNAT answers 2223 (already presented) and the batch is settled by
 * SUNAT's validity check of each document. The poller's job is run here by hand (TicketService.resolverLote),
 * as the poller would run it, so nothing depends on timing.
 */
describe('RC/RA batches whose sendSummary answer is lost', () => {
  let t: TestAppWithSunat;
  let user: Session;
  const hoy = hoyLima();

  beforeAll(async () => {
    t = await createTestAppWithSunat({}, 0);
    const admin = await login(t);
    const empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.delete']);
  });
  afterAll(() => t.close());
  beforeEach(() => t.sunat.state.control.clear());

  const send = (path: string, body: object) => request(t.http).post(path).set(bearer(user.token)).send(body);
  const ventas = async (ids: number[]) =>
    (await t.dataSource.query('SELECT estado, estado_sunat FROM ventas WHERE id_venta = ANY($1) ORDER BY id_venta', [ids])) as Array<{
      estado: string;
      estado_sunat: string;
    }>;
  type Lote = { id: number; estado: string; ticket: string | null; codigo: string | null; mensaje: string | null; nombre_archivo: string };
  const lotesDe = async (idVenta: number): Promise<Lote[]> =>
    t.dataSource.query(
      `SELECT l.id, l.estado, l.ticket, l.codigo, l.mensaje, l.nombre_archivo FROM lotes_sunat l
        WHERE l.id IN (SELECT id_lote FROM lote_sunat_items WHERE id_venta = $1) ORDER BY l.id`,
      [idVenta],
    );
  const lote = async (id: number): Promise<Lote> =>
    (await t.dataSource.query('SELECT id, estado, ticket, codigo, mensaje, nombre_archivo FROM lotes_sunat WHERE id = $1', [id]))[0];
  const resolver = (id: number) => t.app.get(TicketService).resolverLote(id);
  /** Requests the simulator received for a file name, by operation. */
  const received = (operation: string, subject: string) => t.sunat.state.requests.filter((r) => r.operation === operation && r.subject === subject).length;
  /** The RC files the simulator received that carried a boleta. */
  const summariesOf = (serie: string, numero: number) => t.sunat.state.summarized.get(`${BETA_RUC}-03-${serie}-${numero}`)?.summaries ?? [];

  it('RC: the answer is lost after SUNAT took the file; a retry is a 409 naming it; the same file gets 2223 and the validity check accepts the batch', async () => {
    const a = await createVenta(t, user);
    const b = await createVenta(t, user);
    // SUNAT receives and registers the summary, then the connection drops before its ticket reaches us
    t.sunat.next({ operation: 'sendSummary', action: 'reset' });
    const lost = await send('/api/resumen-diario', { ids: [a.id_venta, b.id_venta], fecha_resumen: hoy });
    expect(lost.status).toBe(502);
    const [pendiente] = await lotesDe(a.id_venta);
    expect(pendiente).toMatchObject({ estado: 'preparado', ticket: null });
    expect(lost.body.message).toContain(pendiente.nombre_archivo);
    expect(pendiente.mensaje).toContain('se reenviará el mismo archivo');
    // the 502 says the batch settles by itself and the send must not be repeated
    expect(lost.body).toEqual({ success: false, message: SEND_MSG.sinComunicacion(`${pendiente.mensaje} ${MSG_LOTE.noRepetir}`) });
    expect(MSG_LOTE.noRepetir).toBe('No repita el envío: el lote se resolverá solo con SUNAT.');

    // the client retries its request: the boletas are held by the pending batch, no second summary
    const retry = await send('/api/resumen-diario', { ids: [a.id_venta, b.id_venta], fecha_resumen: hoy });
    expect({ status: retry.status, body: retry.body }).toEqual({
      status: 409,
      body: { success: false, message: documentoEnLotePendiente(a.numero_completo, pendiente.nombre_archivo) },
    });

    // the poller sends the same file: 2223, then SUNAT's validity check of each boleta settles the batch
    expect(await resolver(pendiente.id)).toBe(true);
    const name = pendiente.nombre_archivo.replace('.xml', '');
    expect(received('sendSummary', `${name}.zip`)).toBe(2);
    expect(received('validez', `${BETA_RUC}-03-${a.serie}-${a.numero}`)).toBe(1);
    expect(received('validez', `${BETA_RUC}-03-${b.serie}-${b.numero}`)).toBe(1);
    expect(await lote(pendiente.id)).toMatchObject({ estado: 'aceptado', codigo: '2223', ticket: null, mensaje: MSG_LOTE.aceptadoPorValidez(2) });
    expect(await ventas([a.id_venta, b.id_venta])).toEqual([
      { estado: '1', estado_sunat: '1' },
      { estado: '1', estado_sunat: '1' },
    ]);
    // exactly one summary of these boletas reached SUNAT, and they are in exactly one batch
    expect(summariesOf(a.serie, a.numero)).toEqual([name]);
    expect(summariesOf(b.serie, b.numero)).toEqual([name]);
    expect((await lotesDe(a.id_venta)).map((l) => l.id)).toEqual([pendiente.id]);
  });

  it('RC: the answer is lost before SUNAT took the file (HTTP 503): the same file is sent again and gets its ticket', async () => {
    const a = await createVenta(t, user);
    t.sunat.next({ operation: 'sendSummary', action: 'http', status: 503, body: 'Service Unavailable' });
    expect((await send('/api/resumen-diario', { ids: [a.id_venta], fecha_resumen: hoy })).status).toBe(502);
    const [pendiente] = await lotesDe(a.id_venta);
    const name = pendiente.nombre_archivo.replace('.xml', '');
    expect(summariesOf(a.serie, a.numero)).toEqual([]);

    expect(await resolver(pendiente.id)).toBe(false); // ticket obtained: polled next
    const enviado = await lote(pendiente.id);
    expect(enviado).toMatchObject({ estado: 'enviado', ticket: expect.any(String), mensaje: null });
    expect((await t.dataSource.query('SELECT estado_sunat, mensaje_sunat FROM ventas WHERE id_venta = $1', [a.id_venta]))[0]).toEqual({
      estado_sunat: '3',
      mensaje_sunat: `Resumen diario enviado. Ticket: ${enviado.ticket}`,
    });
    expect(await resolver(pendiente.id)).toBe(true);
    expect((await lote(pendiente.id)).estado).toBe('aceptado');
    expect(await ventas([a.id_venta])).toEqual([{ estado: '1', estado_sunat: '1' }]);
    expect(received('sendSummary', `${name}.zip`)).toBe(2);
    expect(summariesOf(a.serie, a.numero)).toEqual([name]);
  });

  it('a batch a crash left between its commit and its send is sent by the poller once it is older than a send can take, not before', async () => {
    const a = await createVenta(t, user);
    t.sunat.next({ operation: 'sendSummary', action: 'http', status: 503 });
    expect((await send('/api/resumen-diario', { ids: [a.id_venta], fecha_resumen: hoy })).status).toBe(502);
    const [pendiente] = await lotesDe(a.id_venta);
    const name = pendiente.nombre_archivo.replace('.xml', '');
    // what a crash right after the commit leaves: 'preparado', no answer recorded
    await t.dataSource.query('UPDATE lotes_sunat SET mensaje = NULL WHERE id = $1', [pendiente.id]);
    expect(await resolver(pendiente.id)).toBe(false);
    expect(received('sendSummary', `${name}.zip`)).toBe(1); // its own request may still be sending it
    await t.dataSource.query(`UPDATE lotes_sunat SET created_at = now() - interval '1 hour' WHERE id = $1`, [pendiente.id]);
    expect(await t.app.get(TicketService).pendientes()).toContain(pendiente.id);
    expect(await resolver(pendiente.id)).toBe(false);
    expect(received('sendSummary', `${name}.zip`)).toBe(2);
    expect((await lote(pendiente.id)).estado).toBe('enviado');
  });

  it('RA: a factura voided by a communication whose answer was lost ends annulled through the validity check', async () => {
    const f = await createFactura(t, user);
    expect((await send(`/api/ventas/${f.id_venta}/enviar`, {})).body).toMatchObject({ success: true });
    t.sunat.next({ operation: 'sendSummary', action: 'reset' });
    expect((await send('/api/comunicacion-baja', { documentos: [{ id_venta: f.id_venta, motivo: 'ERROR' }] })).status).toBe(502);
    const [pendiente] = await lotesDe(f.id_venta);
    expect(pendiente.estado).toBe('preparado');
    // the voiding is registered at SUNAT already: the factura is '2' (voided) for its validity check
    expect(await resolver(pendiente.id)).toBe(true);
    expect(await lote(pendiente.id)).toMatchObject({ estado: 'aceptado', codigo: '2223', mensaje: MSG_LOTE.aceptadoPorValidez(1) });
    expect(await ventas([f.id_venta])).toEqual([{ estado: '2', estado_sunat: '2' }]);
    expect(received('validez', `${BETA_RUC}-01-${f.serie}-${f.numero}`)).toBe(1);
  });

  it('sin_ticket of which SUNAT registered nothing: asked again while attempts remain, closed as rejected after the last one', async () => {
    const a = await createVenta(t, user);
    t.sunat.next({ operation: 'sendSummary', action: 'http', status: 503 });
    expect((await send('/api/resumen-diario', { ids: [a.id_venta], fecha_resumen: hoy })).status).toBe(502);
    const [pendiente] = await lotesDe(a.id_venta);
    // what SUNAT leaves when it took a file (2223) whose processing registered nothing (a 99 nobody saw)
    await t.dataSource.query(`UPDATE lotes_sunat SET estado = 'sin_ticket' WHERE id = $1`, [pendiente.id]);
    expect(await resolver(pendiente.id)).toBe(false);
    expect(await lote(pendiente.id)).toMatchObject({ estado: 'sin_ticket', mensaje: MSG_LOTE.sinTicket(0, 1, null) });
    expect(await ventas([a.id_venta])).toEqual([{ estado: '1', estado_sunat: '0' }]);
    // a validity check without an answer never decides
    t.sunat.next({ operation: 'validez', action: 'http', status: 503 });
    await t.app.get(TicketService).agotado(pendiente.id, 'agotado');
    expect((await lote(pendiente.id)).estado).toBe('sin_ticket');

    await t.app.get(TicketService).agotado(pendiente.id, 'agotado');
    expect(await lote(pendiente.id)).toMatchObject({ estado: 'rechazado', mensaje: MSG_LOTE.noRegistrado(1) });
    // rejected: the boleta may go in another summary (SUNAT never registered the first)
    expect(await ventas([a.id_venta])).toEqual([{ estado: '1', estado_sunat: '2' }]);
    const again = await send('/api/resumen-diario', { ids: [a.id_venta], fecha_resumen: hoy });
    expect(again.status).toBe(200);
  });
});

/** The same, with nobody calling anything: the background poller (pg-boss) re-sends the file and settles the batch. */
describe('RC whose sendSummary answer is lost, settled by the background poller', () => {
  let t: TestAppWithSunat;
  let user: Session;

  beforeAll(async () => {
    t = await createTestAppWithSunat({ TICKET_POLLER: 'true', TICKET_POLL_DELAY_SECONDS: '1', TICKET_POLL_INTERVAL_SECONDS: '1' }, 0);
    const admin = await login(t);
    const empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create']);
  });
  afterAll(() => t.close());

  it('the lost answer, the same file re-sent (2223) and the validity check happen in the background; one summary of the boleta', async () => {
    const v = await createVenta(t, user);
    t.sunat.next({ operation: 'sendSummary', action: 'reset' });
    const lost = await request(t.http)
      .post('/api/resumen-diario')
      .set(bearer(user.token))
      .send({ ids: [v.id_venta], fecha_resumen: hoyLima() });
    expect(lost.status).toBe(502);
    const [{ id, nombre_archivo }] = await t.dataSource.query(
      'SELECT l.id, l.nombre_archivo FROM lotes_sunat l JOIN lote_sunat_items i ON i.id_lote = l.id WHERE i.id_venta = $1',
      [v.id_venta],
    );
    const deadline = Date.now() + 60_000;
    let row: { estado: string; codigo: string | null; estado_sunat: string } | undefined;
    while (Date.now() < deadline) {
      [row] = await t.dataSource.query('SELECT l.estado, l.codigo, v.estado_sunat FROM lotes_sunat l, ventas v WHERE l.id = $1 AND v.id_venta = $2', [
        id,
        v.id_venta,
      ]);
      if (row?.estado === 'aceptado') break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(row).toEqual({ estado: 'aceptado', codigo: '2223', estado_sunat: '1' });
    const name = String(nombre_archivo).replace('.xml', '');
    expect(t.sunat.state.requests.filter((r) => r.operation === 'sendSummary' && r.subject === `${name}.zip`)).toHaveLength(2);
    expect(t.sunat.state.summarized.get(`${BETA_RUC}-03-${v.serie}-${v.numero}`)?.summaries).toEqual([name]);
  });
});
