import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { bearer, login, Session } from '../support/auth';
import { boletasCopiadas } from '../support/boletas-copiadas';
import { createEmpresa, createFactura, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { checkSunatXml, SUNAT_VALID } from '../support/xml-checks';

const EN_PROCESO = 'En proceso. Intente nuevamente en unos segundos.';

describe('Daily summary (resumen diario) of boletas', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let user: Session & { userId: number };
  let empresaId: number;
  const hoy = hoyLima();

  beforeAll(async () => {
    t = await createTestAppWithSunat({}, 1);
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.delete']);
  });
  afterAll(() => t.close());

  const estados = async (ids: number[]) =>
    (await t.dataSource.query('SELECT id_venta, estado, estado_sunat, mensaje_sunat FROM ventas WHERE id_venta = ANY($1) ORDER BY id_venta', [ids])) as Array<{
      id_venta: number;
      estado: string;
      estado_sunat: string;
      mensaje_sunat: string | null;
    }>;
  const send = (path: string, body: object, session: Session = user) => request(t.http).post(path).set(bearer(session.token)).send(body);
  const consultar = (ticket: string) => send('/api/resumen-diario/consultar-ticket', { ticket });
  /** The RC file name of a correlative of today (all beta companies file as 20000000001). */
  const nombreRc = (correlativo: number) => `20000000001-RC-${hoy.replace(/-/g, '')}-${String(correlativo).padStart(3, '0')}.xml`;
  /** Today's last RC correlative, whatever ran before (0 when none). */
  const ultimoRc = async (): Promise<number> =>
    Number(
      (await t.dataSource.query(`SELECT ultimo FROM lote_sunat_correlativos WHERE ruc = '20000000001' AND tipo = 'RC' AND fecha = $1::date`, [hoy]))[0]
        ?.ultimo ?? 0,
    );

  it("sends boletas by ticket: the day's next file correlatives one after the other, sales in 3 until the ticket answers, then 1", async () => {
    const a = await createVenta(t, user);
    const b = await createVenta(t, user);
    const correlativo = (await ultimoRc()) + 1;
    const res = await send('/api/resumen-diario', { ids: [a.id_venta, b.id_venta], fecha_resumen: hoy }).expect(200);
    expect(res.body).toEqual({
      success: true,
      ticket: expect.any(String),
      nombre_archivo: nombreRc(correlativo),
      cantidad: 2,
      message: 'Resumen diario enviado. Use el ticket para consultar el estado.',
    });
    const during = await estados([a.id_venta, b.id_venta]);
    expect(during.map((s) => s.estado_sunat)).toEqual(['3', '3']);
    expect(during[0].mensaje_sunat).toContain(res.body.ticket);

    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, res.body.nombre_archivo.replace('.xml', '')))!.toString('utf8');
    expect(await checkSunatXml(xml, res.body.nombre_archivo, 'summary', 'RC')).toEqual(SUNAT_VALID);
    expect(xml).toContain(`<cbc:ReferenceDate>${hoy}</cbc:ReferenceDate>`);

    const pending = await consultar(res.body.ticket).expect(200);
    expect(pending.body).toEqual({ success: true, codigo: '98', mensaje: EN_PROCESO, en_proceso: true });
    expect((await estados([a.id_venta])).map((s) => s.estado_sunat)).toEqual(['3']);
    const done = await consultar(res.body.ticket).expect(200);
    expect(done.body).toMatchObject({ success: true, codigo: '0', mensaje: expect.any(String), notas: [] });
    expect((await estados([a.id_venta, b.id_venta])).map((s) => s.estado_sunat)).toEqual(['1', '1']);
    const cdr = await t.app.get(DocumentIssuer).readCdr(empresaId, `ticket-${res.body.ticket}`);
    expect(cdr?.subarray(0, 2).toString('latin1')).toBe('PK');

    const c = await createVenta(t, user);
    const second = await send('/api/resumen-diario', { ids: [c.id_venta], fecha_resumen: hoy }).expect(200);
    expect(second.body.nombre_archivo).toBe(nombreRc(correlativo + 1));
  });

  it('sends the valid part of a mixed batch and reports the rest as advertencias', async () => {
    const ok = await createVenta(t, user);
    const old = await createVenta(t, user);
    const factura = await createFactura(t, user);
    await t.dataSource.query(`UPDATE ventas SET fecha_emision = $2::date - 8 WHERE id_venta = $1`, [old.id_venta, hoy]);
    const res = await send('/api/resumen-diario', { ids: [ok.id_venta, old.id_venta, factura.id_venta], fecha_resumen: hoy }).expect(200);
    expect(res.body.cantidad).toBe(1);
    expect(res.body.advertencias).toHaveLength(2);
    expect(res.body.advertencias[0]).toMatch(new RegExp(`^${old.numero_completo}: han pasado más de 7 días`));
    expect(res.body.advertencias[1]).toMatch(new RegExp(`^${factura.numero_completo}: solo las boletas`));
    const s = await estados([ok.id_venta, old.id_venta, factura.id_venta]);
    expect(s.map((x) => x.estado_sunat)).toEqual(['3', '0', '0']);
  });

  it('answers 422 with SPEC.md messages when nothing can be sent', async () => {
    const factura = await createFactura(t, user);
    const none = await send('/api/resumen-diario', { ids: [factura.id_venta], fecha_resumen: hoy }).expect(422);
    expect(none.body).toEqual({
      success: false,
      message: 'Ninguna boleta pasó la validación.',
      errores: [expect.stringMatching(new RegExp(`^${factura.numero_completo}: `))],
    });

    const other = await createEmpresa(t, admin);
    const outsider = await createUserSession(t, admin, other.id_empresa, ['ventas.create']);
    const ajena = await createVenta(t, outsider);
    const foreign = await send('/api/resumen-diario', { ids: [ajena.id_venta], fecha_resumen: hoy }).expect(422);
    expect(foreign.body).toEqual({ success: false, message: 'No se encontraron ventas válidas.' });
    expect((await estados([ajena.id_venta]))[0].estado_sunat).toBe('0');

    const missing = await send('/api/resumen-diario', { ids: [99999999], fecha_resumen: hoy }).expect(422);
    expect(missing.body.errors['ids.0']).toBeDefined();
    const bad = await send('/api/resumen-diario', { ids: [], fecha_resumen: '21/11/2026' }).expect(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['fecha_resumen', 'ids']);
  });

  it('a summary SUNAT processes with errors (99) leaves its boletas rejected with the message', async () => {
    const v = await createVenta(t, user);
    t.sunat.next({ operation: 'sendSummary', action: 'reject', code: '2072', message: 'Error de prueba en el resumen' });
    const res = await send('/api/resumen-diario', { ids: [v.id_venta], fecha_resumen: hoy }).expect(200);
    await consultar(res.body.ticket).expect(200);
    const final = await consultar(res.body.ticket).expect(200);
    expect(final.body).toMatchObject({ success: false, codigo: '2072', message: 'Error de prueba en el resumen' });
    expect(await estados([v.id_venta])).toEqual([{ id_venta: v.id_venta, estado: '1', estado_sunat: '2', mensaje_sunat: 'Error de prueba en el resumen' }]);
  });

  it('annuls accepted boletas with line status 3: accepted -> estado 2 / 2; rejected -> back to 1', async () => {
    const [a, b] = [await createVenta(t, user), await createVenta(t, user)];
    const informed = await send('/api/resumen-diario', { ids: [a.id_venta, b.id_venta], fecha_resumen: hoy }).expect(200);
    await consultar(informed.body.ticket);
    await consultar(informed.body.ticket);
    expect((await estados([a.id_venta, b.id_venta])).map((s) => s.estado_sunat)).toEqual(['1', '1']);

    const anul = await send('/api/resumen-diario/anular', { ids: [a.id_venta], fecha_resumen: hoy }).expect(200);
    expect(anul.body).toMatchObject({ success: true, ticket: expect.any(String), cantidad: 1 });
    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, anul.body.nombre_archivo.replace('.xml', '')))!.toString('utf8');
    expect(xml).toContain('<cac:Status><cbc:ConditionCode>3</cbc:ConditionCode></cac:Status>');
    expect(await checkSunatXml(xml, anul.body.nombre_archivo, 'summary', 'RC')).toEqual(SUNAT_VALID);
    expect((await estados([a.id_venta]))[0].estado_sunat).toBe('3');
    await consultar(anul.body.ticket);
    await consultar(anul.body.ticket);
    expect(await estados([a.id_venta])).toEqual([expect.objectContaining({ estado: '2', estado_sunat: '2' })]);

    t.sunat.next({ operation: 'sendSummary', action: 'reject', code: '2282', message: 'Anulación rechazada de prueba' });
    const refused = await send('/api/resumen-diario/anular', { ids: [b.id_venta], fecha_resumen: hoy }).expect(200);
    await consultar(refused.body.ticket);
    await consultar(refused.body.ticket);
    expect(await estados([b.id_venta])).toEqual([expect.objectContaining({ estado: '1', estado_sunat: '1', mensaje_sunat: 'Anulación rechazada de prueba' })]);
  });

  it('refuses to annul boletas SUNAT does not have yet', async () => {
    const v = await createVenta(t, user);
    const res = await send('/api/resumen-diario/anular', { ids: [v.id_venta], fecha_resumen: hoy }).expect(422);
    expect(res.body).toEqual({
      success: false,
      message: 'Ningún documento pasó la validación para anulación.',
      errores: [`${v.numero_completo}: no está aceptada por SUNAT (estado_sunat 0).`],
    });
  });

  it('answers SUNAT errors on send with success false and codigo, and an unreachable SUNAT with 502; sales unchanged', async () => {
    const v = await createVenta(t, user);
    t.sunat.next({ operation: 'sendSummary', action: 'fault', code: '0151', message: 'Nombre de archivo incorrecto' });
    const fault = await send('/api/resumen-diario', { ids: [v.id_venta], fecha_resumen: hoy }).expect(200);
    expect(fault.body).toEqual({ success: false, codigo: '0151', message: expect.any(String) });
    t.sunat.next({ operation: 'sendSummary', action: 'http', status: 502 });
    const down = await send('/api/resumen-diario', { ids: [v.id_venta], fecha_resumen: hoy }).expect(502);
    expect(down.body.message).toMatch(/^No se pudo comunicar con SUNAT: /);
    expect((await estados([v.id_venta]))[0].estado_sunat).toBe('0');
  });

  it('checks permissions: send needs ventas.create, anular ventas.delete, consultar ventas.create', async () => {
    const viewer = await createUserSession(t, admin, empresaId, ['ventas.view']);
    await send('/api/resumen-diario', { ids: [1], fecha_resumen: hoy }, viewer).expect(403);
    await send('/api/resumen-diario/anular', { ids: [1], fecha_resumen: hoy }, viewer).expect(403);
    await send('/api/resumen-diario/consultar-ticket', { ticket: '123' }, viewer).expect(403);
    const creator = await createUserSession(t, admin, empresaId, ['ventas.create']);
    await send('/api/resumen-diario/anular', { ids: [1], fecha_resumen: hoy }, creator).expect(403);
  });

  it('reports 500 boletas in one summary, valid for SUNAT', async () => {
    const ids = await boletasCopiadas(t, user, 499);
    const res = await send('/api/resumen-diario', { ids, fecha_resumen: hoy }).expect(200);
    expect(res.body.cantidad).toBe(500);
    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, res.body.nombre_archivo.replace('.xml', '')))!.toString('utf8');
    expect(xml.match(/<sac:SummaryDocumentsLine>/g)).toHaveLength(500);
    expect(await checkSunatXml(xml, res.body.nombre_archivo, 'summary', 'RC')).toEqual(SUNAT_VALID);
    expect(new Set((await estados(ids)).map((s) => s.estado_sunat))).toEqual(new Set(['3']));
  }, 300_000);
});
