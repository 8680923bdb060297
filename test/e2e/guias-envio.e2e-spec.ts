import request from 'supertest';
import { GuiasRemisionService } from '../../src/guias-remision/guias-remision.service';
import { guiaPrivada, guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createUserSession } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** SPEC "Dispatch guide estado" against the SUNAT simulator (GRE REST: OAuth token, upload, ticket). */
describe('Guías de remisión: enviar and consultar-ticket', () => {
  let t: TestAppWithSunat;
  let user: Session;

  beforeAll(async () => {
    // Every ticket answers '98' once before its final answer.
    t = await createTestAppWithSunat({}, 1);
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view', 'ventas.create']);
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>) =>
    (await request(t.http).post('/api/guias-remision').set(bearer(user.token)).send(body).expect(201)).body.data;
  const enviar = (id: number) => request(t.http).post(`/api/guias-remision/${id}/enviar`).set(bearer(user.token));
  const consultar = (id: number) => request(t.http).post(`/api/guias-remision/${id}/consultar-ticket`).set(bearer(user.token));
  const detail = async (id: number) => (await request(t.http).get(`/api/guias-remision/${id}`).set(bearer(user.token)).expect(200)).body.data;

  it('pendiente → enviado (ticket) → 98 keeps enviado → aceptado with CDR and QR', async () => {
    const guia = await create(guiaPrivada());
    const noTicket = await consultar(guia.id);
    expect(noTicket.status).toBe(409);
    expect(noTicket.body).toEqual({ success: false, message: 'No hay ticket para consultar.' });

    const sent = await enviar(guia.id);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, ticket: expect.any(String), message: 'Guía enviada. Use el ticket para consultar el estado.' });
    expect(await detail(guia.id)).toMatchObject({ estado: 'enviado', ticket_sunat: sent.body.ticket });
    expect(t.sunat.state.requests.filter((r) => r.subject === guia.nombre_xml.replace('.xml', '')).map((r) => r.operation)).toEqual(['greSend']);
    expect(t.sunat.state.requests.some((r) => r.operation === 'greToken')).toBe(true);

    const pending = await consultar(guia.id);
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({ success: true, codigo: '98', mensaje: 'En proceso. Intente nuevamente en unos segundos.', en_proceso: true });
    expect(await detail(guia.id)).toMatchObject({ estado: 'enviado', codigo_sunat: null });

    const accepted = await consultar(guia.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ success: true, codigo: '0', mensaje: 'Guía aceptada por SUNAT.' });
    const done = await detail(guia.id);
    expect(done).toMatchObject({ estado: 'aceptado', codigo_sunat: '0', cdr_url: `/api/guias-remision/${guia.id}/cdr` });
    expect(done.mensaje_sunat).toMatch(/aceptad/i);
    expect(done.qr_url).toMatch(/^https:\/\/.+descargaqr\?hashqr=/);

    const cdr = await request(t.http).get(`/api/guias-remision/${guia.id}/cdr`).set(bearer(user.token)).buffer(true).parse(binary);
    expect(cdr.status).toBe(200);
    expect(cdr.headers['content-type']).toBe('application/zip');
    expect(cdr.headers['content-disposition']).toContain(`R-${guia.nombre_xml.replace('.xml', '')}.zip`);
    expect((cdr.body as Buffer).subarray(0, 2).toString()).toBe('PK');

    // Final: asking again answers from the record; sending again is refused.
    expect((await consultar(guia.id)).body).toEqual({ success: true, codigo: '0', mensaje: 'Guía aceptada por SUNAT.' });
    const again = await enviar(guia.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: 'El documento ya fue aceptado por SUNAT.' });
  });

  it('an error code in the ticket → rechazado with codigo_sunat and mensaje_sunat', async () => {
    const guia = await create(guiaPublica());
    t.sunat.next({ operation: 'greSend', action: 'reject', code: '2555', message: 'El número de registro MTC no es válido' });
    expect((await enviar(guia.id)).body.success).toBe(true);
    expect((await consultar(guia.id)).body.codigo).toBe('98');
    const rejected = await consultar(guia.id);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ success: false, codigo: '2555', message: 'El número de registro MTC no es válido' });
    expect(await detail(guia.id)).toMatchObject({ estado: 'rechazado', codigo_sunat: '2555', mensaje_sunat: 'El número de registro MTC no es válido' });
    expect((await enviar(guia.id)).status).toBe(409);
  });

  it("a refused upload: 'SUNAT rechazó la guía: <response body>' and the guide stays pendiente", async () => {
    const guia = await create(guiaPublica());
    t.sunat.next({ operation: 'greSend', action: 'fault', code: '1085', message: 'El XML no contiene el tag o no existe información de la serie' });
    const refused = await enviar(guia.id);
    expect(refused.status).toBe(200);
    expect(refused.body.success).toBe(false);
    expect(refused.body.codigo).toBe('1085');
    expect(refused.body.message).toMatch(/^SUNAT rechazó la guía: \{.*"cod":"1085".*\}$/);
    expect(await detail(guia.id)).toMatchObject({ estado: 'pendiente', ticket_sunat: null, codigo_sunat: '1085', mensaje_sunat: refused.body.message });

    t.sunat.next({ operation: 'greSend', action: 'http', status: 400, body: '' });
    const empty = await enviar(guia.id);
    expect(empty.body).toEqual({ success: false, codigo: '400', message: 'SUNAT rechazó la guía: Sin respuesta' });

    // Fixed on SUNAT's side: the same guide goes out.
    expect((await enviar(guia.id)).body.success).toBe(true);
    expect((await detail(guia.id)).estado).toBe('enviado');
  });

  it('two parallel sends of one guide: one upload and its ticket, the other a 409', async () => {
    const guia = await create(guiaPublica());
    t.sunat.next({ operation: 'greSend', action: 'delay', ms: 1500 });
    const answers = await Promise.all([enviar(guia.id), enviar(guia.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.success).toBe(false);
    expect(t.sunat.state.requests.filter((r) => r.operation === 'greSend' && r.subject === guia.nombre_xml.replace('.xml', ''))).toHaveLength(1);
    expect(await detail(guia.id)).toMatchObject({ estado: 'enviado', ticket_sunat: answers.find((a) => a.status === 200)!.body.ticket });
  });

  it('SUNAT down (HTTP 503): 502 and the guide keeps its state for a retry', async () => {
    const guia = await create(guiaPublica());
    t.sunat.next({ operation: 'greSend', action: 'http', status: 503 });
    const down = await enviar(guia.id);
    expect(down.status).toBe(502);
    expect(down.body.success).toBe(false);
    expect(down.body.message).toMatch(/^No se pudo comunicar con SUNAT: /);
    expect((await detail(guia.id)).estado).toBe('pendiente');

    expect((await enviar(guia.id)).status).toBe(200);
    t.sunat.next({ operation: 'greStatus', action: 'http', status: 503 });
    expect((await consultar(guia.id)).status).toBe(502);
    expect((await detail(guia.id)).estado).toBe('enviado');
  });

  it('a guide whose XML is gone: 409 with SPEC message', async () => {
    const guia = await create(guiaPublica());
    await t.dataSource.query(`UPDATE guias_remision SET nombre_xml = NULL WHERE id = $1`, [guia.id]);
    const res = await enviar(guia.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: 'XML no encontrado. Genere el XML primero.' });
  });

  it('no CDR before acceptance: 404', async () => {
    const guia = await create(guiaPublica());
    const res = await request(t.http).get(`/api/guias-remision/${guia.id}/cdr`).set(bearer(user.token));
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });

  it('the poller API lists enviado guides and resolves them with the consultar-ticket code', async () => {
    const service = t.app.get(GuiasRemisionService);
    const guia = await create(guiaPublica());
    expect((await service.pendingTickets()).some((p) => p.guiaId === guia.id)).toBe(false);
    const { ticket } = (await enviar(guia.id)).body;
    const pending = (await service.pendingTickets()).find((p) => p.guiaId === guia.id);
    expect(pending).toEqual({ empresaId: guia.id_empresa, guiaId: guia.id, ticket, desde: expect.any(Date) });

    expect(await service.resolveTicket(guia.id_empresa, guia.id)).toMatchObject({ codigo: '98', en_proceso: true });
    expect(await service.resolveTicket(guia.id_empresa, guia.id)).toEqual({ success: true, codigo: '0', mensaje: 'Guía aceptada por SUNAT.' });
    expect((await service.pendingTickets()).some((p) => p.guiaId === guia.id)).toBe(false);
    expect((await detail(guia.id)).estado).toBe('aceptado');
  });
});
