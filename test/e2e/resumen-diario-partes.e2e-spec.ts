import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { bearer, login, Session } from '../support/auth';
import { boletasCopiadas } from '../support/boletas-copiadas';
import { createEmpresa, createUserSession } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { checkSunatXml, SUNAT_VALID } from '../support/xml-checks';

/**
 * Issue 21: more than 500 boletas in one request go as several RC files (SUNAT's limit is 500 lines), each with
 * its own correlative, batch and ticket; the simulator answers each ticket at once and judges the file meanwhile.
 */
describe('Daily summary of more than 500 boletas: several RC files', () => {
  let t: TestAppWithSunat;
  let user: Session & { userId: number };
  let empresaId: number;
  const hoy = hoyLima();

  beforeAll(async () => {
    t = await createTestAppWithSunat({}, 1);
    const admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create']);
  });
  afterAll(() => t.close());

  const send = (path: string, body: object) => request(t.http).post(path).set(bearer(user.token)).send(body);

  it('1,001 boletas: three summaries (500, 500, 1) with consecutive files, each boleta in exactly one, all accepted', async () => {
    const ids = await boletasCopiadas(t, user, 1000);
    expect(ids).toHaveLength(1001);
    const res = await send('/api/resumen-diario', { ids, fecha_resumen: hoy }).expect(200);
    const { tickets } = res.body as { tickets: Array<{ ticket: string; nombre_archivo: string; cantidad: number }> };
    expect(res.body).toEqual({
      success: true,
      ticket: tickets[0].ticket,
      nombre_archivo: tickets[0].nombre_archivo,
      cantidad: 1001,
      message: 'Resumen diario enviado. Use el ticket para consultar el estado.',
      tickets: expect.any(Array),
    });
    expect(tickets.map((p) => p.cantidad)).toEqual([500, 500, 1]);
    expect(new Set(tickets.map((p) => p.ticket)).size).toBe(3);
    const correlativos = tickets.map((p) => {
      const m = new RegExp(`^20000000001-RC-${hoy.replace(/-/g, '')}-(\\d{3})\\.xml$`).exec(p.nombre_archivo);
      expect(m).not.toBeNull();
      return Number(m![1]);
    });
    expect(correlativos).toEqual([correlativos[0], correlativos[0] + 1, correlativos[0] + 2]);

    // one batch per file; every boleta in exactly one of them, with its ticket in mensaje_sunat
    const items: Array<{ id_venta: number; nombre_archivo: string; ticket: string }> = await t.dataSource.query(
      `SELECT i.id_venta, l.nombre_archivo, l.ticket FROM lote_sunat_items i JOIN lotes_sunat l ON l.id = i.id_lote
        WHERE l.nombre_archivo = ANY($1)`,
      [tickets.map((p) => p.nombre_archivo)],
    );
    expect(items).toHaveLength(1001);
    expect(new Set(items.map((i) => i.id_venta))).toEqual(new Set(ids));
    for (const p of tickets) expect(items.filter((i) => i.nombre_archivo === p.nombre_archivo && i.ticket === p.ticket)).toHaveLength(p.cantidad);
    const ventas: Array<{ id_venta: number; estado_sunat: string; mensaje_sunat: string }> = await t.dataSource.query(
      'SELECT id_venta, estado_sunat, mensaje_sunat FROM ventas WHERE id_venta = ANY($1)',
      [ids],
    );
    const ticketDe = new Map(items.map((i) => [i.id_venta, i.ticket]));
    for (const v of ventas) expect([v.estado_sunat, v.mensaje_sunat]).toEqual(['3', `Resumen diario enviado. Ticket: ${ticketDe.get(v.id_venta)}`]);

    const issuer = t.app.get(DocumentIssuer);
    const xmls = await Promise.all(tickets.map(async (p) => (await issuer.readXml(empresaId, p.nombre_archivo.replace('.xml', '')))!.toString('utf8')));
    expect(xmls.map((x) => x.match(/<sac:SummaryDocumentsLine>/g)?.length)).toEqual([500, 500, 1]);
    expect(await checkSunatXml(xmls[2], tickets[2].nombre_archivo, 'summary', 'RC')).toEqual(SUNAT_VALID);

    // the simulator answered each ticket at once and judged the file while it was in process: 98, then accepted
    for (const p of tickets) {
      const pending = await send('/api/resumen-diario/consultar-ticket', { ticket: p.ticket }).expect(200);
      expect(pending.body).toMatchObject({ success: true, codigo: '98', en_proceso: true });
      const done = await send('/api/resumen-diario/consultar-ticket', { ticket: p.ticket }).expect(200);
      expect(done.body).toMatchObject({ success: true, codigo: '0', notas: [] });
    }
    const finales: Array<{ estado_sunat: string; n: string }> = await t.dataSource.query(
      'SELECT estado_sunat, count(*) AS n FROM ventas WHERE id_venta = ANY($1) GROUP BY estado_sunat',
      [ids],
    );
    expect(finales).toEqual([{ estado_sunat: '1', n: '1001' }]);
  }, 300_000);

  it('a later summary SUNAT refuses to take: the ones sent stand, its boletas are an advertencia and keep their state', async () => {
    const ids = await boletasCopiadas(t, user, 500);
    // summaries go in id order, so the 501st sale is the second one's only boleta; the first sendSummary goes through
    // untouched, the second gets a SOAP fault
    t.sunat.next([
      { operation: 'sendSummary', action: 'delay', ms: 0 },
      { operation: 'sendSummary', action: 'fault', code: '0130', message: 'El sistema no puede responder su solicitud' },
    ]);
    const res = await send('/api/resumen-diario', { ids, fecha_resumen: hoy }).expect(200);
    const [ultima] = (await t.dataSource.query('SELECT numero_completo FROM ventas WHERE id_venta = ANY($1) ORDER BY id_venta DESC LIMIT 1', [ids])) as Array<{
      numero_completo: string;
    }>;
    expect(res.body).toEqual({
      success: true,
      ticket: expect.any(String),
      nombre_archivo: expect.stringMatching(/^20000000001-RC-\d{8}-\d{3}\.xml$/),
      cantidad: 500,
      message: 'Resumen diario enviado. Use el ticket para consultar el estado.',
      tickets: [{ ticket: res.body.ticket, nombre_archivo: res.body.nombre_archivo, cantidad: 500 }],
      advertencias: [
        `Resumen 2 de 2 (1 boletas, ${ultima.numero_completo} a ${ultima.numero_completo}) no enviado: El sistema no puede responder su solicitud`,
      ],
    });
    const estados: Array<{ estado_sunat: string; n: string }> = await t.dataSource.query(
      'SELECT estado_sunat, count(*) AS n FROM ventas WHERE id_venta = ANY($1) GROUP BY estado_sunat ORDER BY estado_sunat',
      [ids],
    );
    expect(estados).toEqual([
      { estado_sunat: '0', n: '1' },
      { estado_sunat: '3', n: '500' },
    ]);
  }, 300_000);
});
