import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { TicketService } from '../../src/lotes-sunat/ticket.service';
import { MOTIVO_SUNAT } from '../../src/resumen-diario/resumen-textos';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createUserSession, createVenta, nextDni } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

const BETA_RUC = '20000000001';
const NINGUNA = 'Ninguna boleta pasó la validación.';

type Boleta = { id_venta: number; serie: string; numero: number; numero_completo: string };

/**
 * A daily summary never reports again what SUNAT already accepted: a boleta accepted through a ticket, through the
 * same file sent again after a lost answer, or through the validity check after 2223 is left out of a later summary
 * with an advertencia; ConditionCode 1 goes once per boleta, and only a change goes again (as '2'). The poller's
 * job is run by hand (TicketService.resolverLote) so nothing depends on timing.
 */
describe('Daily summary: what SUNAT already accepted is not reported again', () => {
  let t: TestAppWithSunat;
  let user: Session;
  let empresaId: number;
  const hoy = hoyLima();

  beforeAll(async () => {
    t = await createTestAppWithSunat({}, 0);
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.delete', 'clientes.edit']);
  });
  afterAll(() => t.close());
  beforeEach(() => t.sunat.state.control.clear());

  const send = (path: string, body: object) => request(t.http).post(path).set(bearer(user.token)).send(body);
  const resumen = (ids: number[]) => send('/api/resumen-diario', { ids, fecha_resumen: hoy });
  const consultar = (ticket: string) => send('/api/resumen-diario/consultar-ticket', { ticket }).expect(200);
  const resolver = (loteId: number) => t.app.get(TicketService).resolverLote(loteId);
  const estadoSunat = async (id: number): Promise<string> =>
    (await t.dataSource.query('SELECT estado_sunat FROM ventas WHERE id_venta = $1', [id]))[0].estado_sunat;
  const lotesDe = async (id: number): Promise<Array<{ id: number; estado: string; nombre_archivo: string }>> =>
    t.dataSource.query(
      `SELECT l.id, l.estado, l.nombre_archivo FROM lotes_sunat l
        WHERE l.tipo = 'RC' AND l.id IN (SELECT id_lote FROM lote_sunat_items WHERE id_venta = $1) ORDER BY l.id`,
      [id],
    );
  const correlativoRc = async (): Promise<number> =>
    (await t.dataSource.query(`SELECT COALESCE(MAX(ultimo), 0) AS n FROM lote_sunat_correlativos WHERE ruc = $1 AND tipo = 'RC'`, [BETA_RUC]))[0].n;
  /** ConditionCode of the boleta's line in each RC file that carried it, in the order the files were made. */
  const condiciones = async (b: Boleta): Promise<string[]> => {
    const codes: string[] = [];
    for (const lote of await lotesDe(b.id_venta)) {
      const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, lote.nombre_archivo.replace('.xml', '')))!.toString('utf8');
      const line = xml.split('<sac:SummaryDocumentsLine>').find((l) => l.includes(`<cbc:ID>${b.serie}-${b.numero}</cbc:ID>`));
      codes.push(/<cbc:ConditionCode>(\d)<\/cbc:ConditionCode>/.exec(line ?? '')?.[1] ?? 'ausente');
    }
    return codes;
  };
  /** The RC files the simulator received that carried the boleta. */
  const recibidos = (b: Boleta) => t.sunat.state.summarized.get(`${BETA_RUC}-03-${b.serie}-${b.numero}`)?.summaries ?? [];
  const aceptadaPorTicket = async (ids: number[]): Promise<string> => {
    const res = await resumen(ids).expect(200);
    expect((await consultar(res.body.ticket)).body).toMatchObject({ success: true, codigo: '0' });
    return res.body.nombre_archivo;
  };

  it('accepted through its ticket: left out of the next summary with an advertencia, the others go as additions', async () => {
    const [a, b, c] = [await createVenta(t, user), await createVenta(t, user), await createVenta(t, user)];
    const archivo = await aceptadaPorTicket([a.id_venta, b.id_venta]);

    const res = await resumen([a.id_venta, b.id_venta, c.id_venta]).expect(200);
    expect(res.body).toMatchObject({ success: true, cantidad: 1 });
    expect(res.body.advertencias).toEqual([
      `${a.numero_completo}: ${MOTIVO_SUNAT.yaAceptada(archivo)}`,
      `${b.numero_completo}: ${MOTIVO_SUNAT.yaAceptada(archivo)}`,
    ]);
    expect(await condiciones(a)).toEqual(['1']);
    expect(await condiciones(c)).toEqual(['1']);
    expect([await estadoSunat(a.id_venta), await estadoSunat(c.id_venta)]).toEqual(['1', '3']);

    // nothing left to report: SPEC.md's 422, and no file name is spent
    const antes = await correlativoRc();
    const nada = await resumen([a.id_venta]).expect(422);
    expect(nada.body).toEqual({ success: false, message: NINGUNA, errores: [`${a.numero_completo}: ${MOTIVO_SUNAT.yaAceptada(archivo)}`] });
    expect(await correlativoRc()).toBe(antes);
    expect(recibidos(a)).toEqual([archivo.replace('.xml', '')]);
  });

  it('accepted through the same file sent again after a lost answer: left out', async () => {
    const a = await createVenta(t, user);
    t.sunat.next({ operation: 'sendSummary', action: 'http', status: 503, body: 'Service Unavailable' });
    expect((await resumen([a.id_venta])).status).toBe(502);
    const [lote] = await lotesDe(a.id_venta);
    expect(await resolver(lote.id)).toBe(false); // the same file, its ticket
    expect(await resolver(lote.id)).toBe(true); // the ticket's final answer
    expect(await estadoSunat(a.id_venta)).toBe('1');

    const again = await resumen([a.id_venta]).expect(422);
    expect(again.body.errores).toEqual([`${a.numero_completo}: ${MOTIVO_SUNAT.yaAceptada(lote.nombre_archivo)}`]);
    expect(await condiciones(a)).toEqual(['1']);
  });

  it("accepted through SUNAT's validity check after 2223: left out", async () => {
    const [a, b] = [await createVenta(t, user), await createVenta(t, user)];
    t.sunat.next({ operation: 'sendSummary', action: 'reset' });
    expect((await resumen([a.id_venta])).status).toBe(502);
    const [lote] = await lotesDe(a.id_venta);
    expect(await resolver(lote.id)).toBe(true); // 2223, then the validity check
    expect((await lotesDe(a.id_venta))[0]).toMatchObject({ estado: 'aceptado' });

    const res = await resumen([a.id_venta, b.id_venta]).expect(200);
    expect(res.body).toMatchObject({ cantidad: 1, advertencias: [`${a.numero_completo}: ${MOTIVO_SUNAT.yaAceptada(lote.nombre_archivo)}`] });
    expect(await condiciones(a)).toEqual(['1']);
    expect(recibidos(a)).toEqual([lote.nombre_archivo.replace('.xml', '')]);
  });

  it('accepted by SUNAT though our estado_sunat says otherwise: the accepted summary decides, never a second addition', async () => {
    const a = await createVenta(t, user);
    const archivo = await aceptadaPorTicket([a.id_venta]);
    // what a rejected modification used to leave on a boleta SUNAT had accepted
    await t.dataSource.query(`UPDATE ventas SET estado_sunat = '2' WHERE id_venta = $1`, [a.id_venta]);
    const res = await resumen([a.id_venta]).expect(422);
    expect(res.body.errores).toEqual([`${a.numero_completo}: ${MOTIVO_SUNAT.yaAceptada(archivo)}`]);
    expect(await condiciones(a)).toEqual(['1']);
  });

  it("a changed boleta goes again as a modification ('2'), once; a rejected modification leaves it accepted", async () => {
    const a = await createVenta(t, user);
    await aceptadaPorTicket([a.id_venta]);
    const [{ id_cliente }] = await t.dataSource.query('SELECT id_cliente FROM ventas WHERE id_venta = $1', [a.id_venta]);
    await request(t.http).put(`/api/clientes/${id_cliente}`).set(bearer(user.token)).send({ documento: nextDni() }).expect(200);

    t.sunat.next({ operation: 'sendSummary', action: 'reject', code: '2072', message: 'Modificación rechazada de prueba' });
    const refused = await resumen([a.id_venta]).expect(200);
    expect(refused.body).toMatchObject({ success: true, cantidad: 1 });
    expect(refused.body.advertencias).toBeUndefined();
    expect((await consultar(refused.body.ticket)).body).toMatchObject({ success: false, codigo: '2072' });
    expect(await estadoSunat(a.id_venta)).toBe('1'); // SUNAT still holds the boleta it accepted

    const modified = await resumen([a.id_venta]).expect(200);
    expect((await consultar(modified.body.ticket)).body).toMatchObject({ success: true, codigo: '0' });
    expect(await condiciones(a)).toEqual(['1', '2', '2']);
    const unchanged = await resumen([a.id_venta]).expect(422);
    expect(unchanged.body.errores).toEqual([`${a.numero_completo}: ${MOTIVO_SUNAT.yaAceptada(modified.body.nombre_archivo)}`]);
  });

  it('a boleta SUNAT voided (accepted line 3) is never reported again', async () => {
    const a = await createVenta(t, user);
    await aceptadaPorTicket([a.id_venta]);
    const anul = await send('/api/resumen-diario/anular', { ids: [a.id_venta], fecha_resumen: hoy }).expect(200);
    await consultar(anul.body.ticket);
    const res = await resumen([a.id_venta]).expect(422);
    expect(res.body.errores).toEqual([`${a.numero_completo}: ${MOTIVO_SUNAT.yaAnulada(anul.body.nombre_archivo)}`]);
    expect(await condiciones(a)).toEqual(['1', '3']);
  });
});
