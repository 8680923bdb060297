import request from 'supertest';
import { MSG_VENTA } from '../../src/ventas/venta-bloqueo';
import { NotaEnvioService } from '../../src/notas/nota-envio.service';
import { VentaEnvioService } from '../../src/ventas/venta-envio.service';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createFacturaAceptada, createUserSession } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

/**
 * Issue 20/21: a synchronous send holds no database transaction or connection while SUNAT answers; what a crash
 * leaves in the middle of a send is settled at start-up with SUNAT's CDR.
 */
describe('Sends without a transaction across the SUNAT call', () => {
  let t: TestAppWithSunat;
  let user: Session;

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete']);
  });
  afterAll(() => t.close());
  beforeEach(() => t.sunat.state.control.clear());

  const enviar = (id: number) => request(t.http).post(`/api/ventas/${id}/enviar`).set(bearer(user.token));
  const venta = async (id: number) =>
    (await t.dataSource.query('SELECT estado_sunat, cdr_url, enviando_desde FROM ventas WHERE id_venta = $1', [id]))[0] as {
      estado_sunat: string;
      cdr_url: string | null;
      enviando_desde: Date | null;
    };
  const sendBillsAbout = (serieNumero: string) =>
    t.sunat.state.requests.filter((r) => r.operation === 'sendBill' && (r.subject ?? '').includes(serieNumero)).length;

  it('while SUNAT takes its time: no transaction is open, and a second send or an edit is a 409', async () => {
    const f = await createFactura(t, user);
    t.sunat.next({ operation: 'sendBill', action: 'delay', ms: 3000 });
    const sending = enviar(f.id_venta).then((r) => r);
    const deadline = Date.now() + 30_000;
    while (sendBillsAbout(`${f.serie}-${f.numero}`) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(sendBillsAbout(`${f.serie}-${f.numero}`)).toBe(1);

    const [{ n }] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    expect(n).toBe(0);
    expect((await venta(f.id_venta)).enviando_desde).not.toBeNull();
    const again = await enviar(f.id_venta);
    expect({ status: again.status, body: again.body }).toEqual({ status: 409, body: { success: false, message: MSG_VENTA.enviando } });
    const edit = await request(t.http).delete(`/api/ventas/${f.id_venta}`).set(bearer(user.token));
    expect(edit.status).toBe(409);

    const done = await sending;
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, codigo: '0' });
    expect(await venta(f.id_venta)).toMatchObject({ estado_sunat: '1', enviando_desde: null });
    expect(sendBillsAbout(`${f.serie}-${f.numero}`)).toBe(1);
  });

  it('a credit note too: no transaction open while SUNAT answers, a second send is a 409', async () => {
    const f = await createFactura(t, user);
    expect((await enviar(f.id_venta)).body).toMatchObject({ success: true });
    const motivos = (await request(t.http).get('/api/notas-credito/motivos').set(bearer(user.token)).expect(200)).body.data as Array<{
      id: number;
      codigo_sunat: string;
    }>;
    const nota = await request(t.http)
      .post('/api/notas-credito')
      .set(bearer(user.token))
      .send({ id_venta: f.id_venta, motivo_id: motivos.find((m) => m.codigo_sunat === '01')!.id })
      .expect(201);
    const enviarNota = () => request(t.http).post(`/api/notas-credito/${nota.body.data.id}/enviar`).set(bearer(user.token));
    t.sunat.next({ operation: 'sendBill', action: 'delay', ms: 3000 });
    const sending = enviarNota().then((r) => r);
    const deadline = Date.now() + 30_000;
    while (sendBillsAbout(nota.body.data.numero_completo) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const [{ n }] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    expect(n).toBe(0);
    expect((await enviarNota()).status).toBe(409);
    expect((await sending).body).toMatchObject({ success: true, codigo: '0' });
    expect(sendBillsAbout(nota.body.data.numero_completo)).toBe(1);
  });

  it('an unreachable SUNAT (502) leaves the sale as it was, free to be sent again', async () => {
    const f = await createFactura(t, user);
    t.sunat.next({ operation: 'sendBill', action: 'http', status: 502, body: 'Bad Gateway' });
    t.sunat.next({ operation: 'getStatusCdr', action: 'http', status: 502, body: 'Bad Gateway' });
    expect((await enviar(f.id_venta)).status).toBe(502);
    expect(await venta(f.id_venta)).toMatchObject({ estado_sunat: '0', enviando_desde: null });
    expect((await enviar(f.id_venta)).body).toMatchObject({ success: true, codigo: '0' });
  });

  it('a send a crash cut off is settled at start-up: accepted with its CDR if SUNAT has it, free again if not', async () => {
    const sent = await createFactura(t, user);
    expect((await enviar(sent.id_venta)).body).toMatchObject({ success: true });
    // the answer "lost" by a process that died after SUNAT registered the invoice
    await t.dataSource.query(
      `UPDATE ventas SET estado_sunat = '0', codigo_sunat = NULL, mensaje_sunat = NULL, cdr_url = NULL, enviando_desde = now() - interval '1 hour' WHERE id_venta = $1`,
      [sent.id_venta],
    );
    const never = await createFactura(t, user);
    await t.dataSource.query(`UPDATE ventas SET enviando_desde = now() - interval '1 hour' WHERE id_venta = $1`, [never.id_venta]);

    expect(await t.app.get(VentaEnvioService).reconciliarInterrumpidas()).toBe(2);
    expect(await venta(sent.id_venta)).toEqual({ estado_sunat: '1', cdr_url: `/api/ventas/${sent.id_venta}/cdr`, enviando_desde: null });
    expect(await venta(never.id_venta)).toEqual({ estado_sunat: '0', cdr_url: null, enviando_desde: null });
    const cdr = await request(t.http).get(`/api/ventas/${sent.id_venta}/cdr`).set(bearer(user.token));
    expect(cdr.status).toBe(200);
  });

  it('credit and debit notes a crash cut off in the middle of a send are settled at start-up too', async () => {
    const crear = async (tipo: 'credito' | 'debito', idVenta: number) => {
      const motivos = (await request(t.http).get(`/api/notas-${tipo}/motivos`).set(bearer(user.token))).body.data as Array<{ id: number }>;
      const res = await request(t.http)
        .post(`/api/notas-${tipo}`)
        .set(bearer(user.token))
        .send({ id_venta: idVenta, motivo_id: motivos[0].id, ...(tipo === 'debito' ? { monto_total: 11.8 } : {}) });
      if (res.status !== 201) throw new Error(`nota ${tipo}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data as { id: number };
    };
    const nota = async (tabla: string, id: number) =>
      (await t.dataSource.query(`SELECT estado, cdr_url, enviando_desde FROM ${tabla} WHERE id = $1`, [id]))[0] as {
        estado: string;
        cdr_url: string | null;
        enviando_desde: Date | null;
      };
    const nc = await crear('credito', (await createFacturaAceptada(t, user)).id_venta);
    expect((await request(t.http).post(`/api/notas-credito/${nc.id}/enviar`).set(bearer(user.token))).body).toMatchObject({ success: true, codigo: '0' });
    // SUNAT registered the note, the process died before it stored the answer
    await t.dataSource.query(
      `UPDATE notas_credito SET estado = 'pendiente', codigo_sunat = NULL, mensaje_sunat = NULL, cdr_url = NULL, enviando_desde = now() - interval '1 hour' WHERE id = $1`,
      [nc.id],
    );
    const nd = await crear('debito', (await createFacturaAceptada(t, user)).id_venta);
    await t.dataSource.query(`UPDATE notas_debito SET enviando_desde = now() - interval '1 hour' WHERE id = $1`, [nd.id]);

    expect(await t.app.get(NotaEnvioService).reconciliarInterrumpidas()).toBe(2);
    expect(await nota('notas_credito', nc.id)).toEqual({ estado: 'aceptado', cdr_url: expect.stringContaining(String(nc.id)), enviando_desde: null });
    expect(await nota('notas_debito', nd.id)).toEqual({ estado: 'pendiente', cdr_url: null, enviando_desde: null });
    // nothing left: a second pass finds no claim
    expect(await t.app.get(NotaEnvioService).reconciliarInterrumpidas()).toBe(0);
  });
});
