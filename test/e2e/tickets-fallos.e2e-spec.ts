import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { documentoEnLotePendiente } from '../../src/lotes-sunat/lote-pendiente';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

/**
 * Issue 20: only SUNAT's final answers close a daily summary. Its own exceptions on the ticket query (0100-0199:
 * systems unavailable, a ticket not known yet) leave the batch open and its boletas waiting; a final answer that
 * contradicts how a batch was closed re-opens it.
 */
describe('Ticket answers that are not final', () => {
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
  const consultar = (ticket: string) => send('/api/resumen-diario/consultar-ticket', { ticket }).expect(200);
  const estadoSunat = async (id: number): Promise<string> =>
    (await t.dataSource.query('SELECT estado_sunat FROM ventas WHERE id_venta = $1', [id]))[0].estado_sunat;
  const lote = async (ticket: string): Promise<string> => (await t.dataSource.query('SELECT estado FROM lotes_sunat WHERE ticket = $1', [ticket]))[0].estado;

  it.each(['0100', '0127', '0130'])('a %s on the ticket query keeps the summary open; the next answer closes it', async (code) => {
    const v = await createVenta(t, user);
    const sent = await send('/api/resumen-diario', { ids: [v.id_venta], fecha_resumen: hoy }).expect(200);
    t.sunat.next({ operation: 'getStatus', action: 'fault', code });
    const transient = await consultar(sent.body.ticket);
    expect(transient.body).toMatchObject({ success: false, codigo: code });
    expect(await lote(sent.body.ticket)).toBe('enviado');
    expect(await estadoSunat(v.id_venta)).toBe('3');

    const final = await consultar(sent.body.ticket);
    expect(final.body).toMatchObject({ success: true, codigo: '0' });
    expect(await lote(sent.body.ticket)).toBe('aceptado');
    expect(await estadoSunat(v.id_venta)).toBe('1');
  });

  it('two parallel summaries of the same boletas: one is sent, the other is a 409 naming the boleta', async () => {
    const v = await createVenta(t, user);
    const w = await createVenta(t, user);
    const sends = () => t.sunat.state.requests.filter((r) => r.operation === 'sendSummary').length;
    const before = sends();
    const answers = await Promise.all([1, 2].map(() => send('/api/resumen-diario', { ids: [v.id_venta, w.id_venta], fecha_resumen: hoy })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const sent = answers.find((a) => a.status === 200)!;
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toEqual({ success: false, message: documentoEnLotePendiente(v.numero_completo, sent.body.nombre_archivo) });
    expect(sends() - before).toBe(1);
  });

  it('a batch closed as rejected is re-opened by an acceptance that contradicts it', async () => {
    const v = await createVenta(t, user);
    const sent = await send('/api/resumen-diario', { ids: [v.id_venta], fecha_resumen: hoy }).expect(200);
    // what the old code did on a transient fault: closed as rejected, its boletas '2'
    await t.dataSource.query(`UPDATE lotes_sunat SET estado = 'rechazado', codigo = '0130' WHERE ticket = $1`, [sent.body.ticket]);
    await t.dataSource.query(`UPDATE ventas SET estado_sunat = '2' WHERE id_venta = $1`, [v.id_venta]);
    const final = await consultar(sent.body.ticket);
    expect(final.body).toMatchObject({ success: true, codigo: '0' });
    expect(await lote(sent.body.ticket)).toBe('aceptado');
    expect(await estadoSunat(v.id_venta)).toBe('1');
  });
});
