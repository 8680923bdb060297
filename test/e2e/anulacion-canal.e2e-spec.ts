import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { TicketService } from '../../src/lotes-sunat/ticket.service';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createFacturaAceptada, createProducto, createUserSession, createVenta } from '../support/factories';
import { dentroDe } from '../support/fechas';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { checkSunatXml, SUNAT_VALID } from '../support/xml-checks';

jest.setTimeout(180_000);

const YA_ENVIADA = 'La venta ya fue enviada a SUNAT; use una nota de crédito o la comunicación de baja.';
const FUERA_DE_PLAZO = 'Fuera del plazo de baja (7 días desde la emisión); emita una nota de crédito para anularla.';
const RA_ENVIADA = 'Comunicación de baja enviada. Use el ticket para consultar el estado.';
const RC_ENVIADA = 'Anulación enviada en el resumen diario. Use el ticket para consultar el estado.';
const enviada = (ticket: string) => `La anulación ya fue enviada a SUNAT (ticket ${ticket}). Use el ticket para consultar el estado.`;
const pendiente = (archivo: string) =>
  `La anulación está en el lote ${archivo}, pendiente de SUNAT: se completará sola cuando SUNAT responda; no hace falta repetirla.`;

/**
 * POST /api/ventas/{id}/anular and /api/notas-credito|notas-debito/{id}/anular choose the channel (docs/API.md
 * "Voids without choosing the channel"): local for a sale SUNAT never saw, RA for an accepted factura or note to a
 * factura, RC line 3 for an accepted boleta; the deadline; idempotency (nothing sent twice); 202 when SUNAT does not
 * answer. Tickets are settled with consultar-ticket, or the poller's job run by hand (TicketService.resolverLote).
 */
describe('Voids without choosing the channel', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let user: Session & { userId: number };
  let empresaId: number;
  let motivoNc: number;
  let motivoNd: number;
  const hoy = hoyLima();

  beforeAll(async () => {
    t = await createTestAppWithSunat({}, 0);
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.delete', 'productos.create']);
    const motivos = async (ruta: string) =>
      (await request(t.http).get(`/api/${ruta}/motivos`).set(bearer(user.token))).body.data as Array<{ id: number; codigo_sunat: string }>;
    motivoNc = (await motivos('notas-credito')).find((m) => m.codigo_sunat === '01')!.id;
    motivoNd = (await motivos('notas-debito')).find((m) => m.codigo_sunat === '01')!.id;
  });
  afterAll(() => t.close());
  beforeEach(() => t.sunat.state.control.clear());

  const post = (path: string, body?: object, session: Session = user) => {
    const req = request(t.http).post(path).set(bearer(session.token));
    return body === undefined ? req : req.send(body);
  };
  const anular = (id: number, body?: object) => post(`/api/ventas/${id}/anular`, body);
  const anularNota = (ruta: 'notas-credito' | 'notas-debito', id: number, body?: object) => post(`/api/${ruta}/${id}/anular`, body);
  const venta = async (id: number) =>
    (await t.dataSource.query('SELECT estado, estado_sunat FROM ventas WHERE id_venta = $1', [id]))[0] as { estado: string; estado_sunat: string };
  const nota = async (tabla: 'notas_credito' | 'notas_debito', id: number) =>
    (await t.dataSource.query(`SELECT estado, baja FROM ${tabla} WHERE id = $1`, [id]))[0] as { estado: string; baja: string | null };
  /** RA/RC files sent to the simulator so far (a re-sent file counts again). */
  const sendSummaries = () => t.sunat.state.requests.filter((r) => r.operation === 'sendSummary').length;
  const lotesDe = async (columna: 'id_venta' | 'id_nota_credito' | 'id_nota_debito', id: number) =>
    (await t.dataSource.query(
      `SELECT l.id, l.tipo, l.estado, i.estado_linea FROM lote_sunat_items i JOIN lotes_sunat l ON l.id = i.id_lote WHERE i.${columna} = $1 ORDER BY l.id`,
      [id],
    )) as Array<{ id: number; tipo: string; estado: string; estado_linea: string }>;
  const xmlDe = async (nombre: string) => (await t.app.get(DocumentIssuer).readXml(empresaId, nombre.replace('.xml', '')))!.toString('utf8');
  const consultar = (ruta: 'comunicacion-baja' | 'resumen-diario', ticket: string) => post(`/api/${ruta}/consultar-ticket`, { ticket }).expect(200);

  /** A boleta SUNAT accepted in a daily summary of its issue date. */
  async function boletaAceptada(fields: Record<string, unknown> = {}) {
    const b = await createVenta(t, user, fields);
    const fecha = (fields.fecha_emision as string | undefined) ?? hoy;
    const rc = await post('/api/resumen-diario', { ids: [b.id_venta], fecha_resumen: fecha }).expect(200);
    await consultar('resumen-diario', rc.body.ticket);
    expect(await venta(b.id_venta)).toEqual({ estado: '1', estado_sunat: '1' });
    return b;
  }

  /** A note on a new accepted factura, accepted by SUNAT. */
  async function notaAceptada(ruta: 'notas-credito' | 'notas-debito') {
    const f = await createFacturaAceptada(t, user);
    const body = ruta === 'notas-credito' ? { id_venta: f.id_venta, motivo_id: motivoNc } : { id_venta: f.id_venta, motivo_id: motivoNd, monto_total: 11.8 };
    const creada = await post(`/api/${ruta}`, body).expect(201);
    const n = creada.body.data as { id: number; numero_completo: string; serie: string; numero: number };
    expect((await post(`/api/${ruta}/${n.id}/enviar`, {}).expect(200)).body.success).toBe(true);
    return { ...n, factura: f };
  }

  it('local: a sale SUNAT never saw is annulled here (the same body as before), stock back; again: the annulled sale, nothing sent', async () => {
    const p = await createProducto(t, user, { precio: 10, stock: 5 });
    const b = await createVenta(t, user, { productos: [{ id_producto: p.id_producto, cantidad: 2 }] });
    const antes = sendSummaries();
    const res = await anular(b.id_venta).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Venta anulada correctamente.',
      data: expect.objectContaining({ id_venta: b.id_venta, estado: '2', estado_sunat: '0' }),
    });
    expect(Object.keys(res.body).sort()).toEqual(['data', 'message', 'success']);
    const stock = async () => Number((await t.dataSource.query('SELECT stock FROM productos WHERE id_producto = $1', [p.id_producto]))[0].stock);
    expect(await stock()).toBe(5);

    const otra = await anular(b.id_venta, { motivo: 'OTRA VEZ' }).expect(200);
    expect(otra.body).toEqual({ success: true, message: 'La venta ya está anulada.', data: res.body.data });
    expect(await stock()).toBe(5);
    // a factura never sent is local too, whatever its kind
    const f = await createFactura(t, user);
    expect((await anular(f.id_venta, { motivo: 'ERROR' }).expect(200)).body.data).toMatchObject({ estado: '2', estado_sunat: '0' });
    expect(sendSummaries()).toBe(antes);
    expect(await lotesDe('id_venta', b.id_venta)).toEqual([]);
  });

  it('RA: an accepted factura is voided with the motivo; again: the same ticket, nothing sent; the accepted ticket annuls it', async () => {
    const f = await createFacturaAceptada(t, user);
    const antes = sendSummaries();
    const res = await anular(f.id_venta, { motivo: '  PRECIO ERRADO  ' }).expect(200);
    expect(res.body).toEqual({
      success: true,
      canal: 'RA',
      ticket: expect.any(String),
      nombre_archivo: expect.stringMatching(new RegExp(`^20000000001-RA-${hoy.replace(/-/g, '')}-\\d{3}\\.xml$`)),
      message: RA_ENVIADA,
      data: expect.objectContaining({ id_venta: f.id_venta, estado: '1', estado_sunat: '3' }),
    });
    expect(sendSummaries()).toBe(antes + 1);
    const xml = await xmlDe(res.body.nombre_archivo);
    expect(await checkSunatXml(xml, res.body.nombre_archivo, 'voided', 'RA')).toEqual(SUNAT_VALID);
    expect(xml).toContain(`<sac:DocumentSerialID>${f.serie}</sac:DocumentSerialID><sac:DocumentNumberID>${f.numero}</sac:DocumentNumberID>`);
    expect(xml).toContain('<sac:VoidReasonDescription>PRECIO ERRADO</sac:VoidReasonDescription>');

    const otra = await anular(f.id_venta).expect(200);
    expect(otra.body).toEqual({ ...res.body, message: enviada(res.body.ticket) });
    expect(sendSummaries()).toBe(antes + 1);
    expect(await lotesDe('id_venta', f.id_venta)).toEqual([expect.objectContaining({ tipo: 'RA', estado: 'enviado' })]);

    await consultar('comunicacion-baja', res.body.ticket);
    expect(await venta(f.id_venta)).toEqual({ estado: '2', estado_sunat: '2' });
    const hecha = await anular(f.id_venta).expect(200);
    expect(hecha.body).toEqual({ success: true, message: 'La venta ya está anulada.', data: expect.objectContaining({ estado: '2', estado_sunat: '2' }) });
    expect(sendSummaries()).toBe(antes + 1);
    expect(await lotesDe('id_venta', f.id_venta)).toEqual([expect.objectContaining({ tipo: 'RA', estado: 'aceptado' })]);
  });

  it('RA without a motivo sends the default; a rejected RA gives the factura back (1) and a new anular sends a new RA', async () => {
    const f = await createFacturaAceptada(t, user);
    t.sunat.next({ operation: 'sendSummary', action: 'reject', code: '2324', message: 'El documento no existe o ya fue dado de baja' });
    const res = await anular(f.id_venta).expect(200);
    expect(await xmlDe(res.body.nombre_archivo)).toContain('<sac:VoidReasonDescription>ANULACION DE LA OPERACION</sac:VoidReasonDescription>');
    expect((await consultar('comunicacion-baja', res.body.ticket)).body).toMatchObject({ success: false, codigo: '2324' });
    expect(await venta(f.id_venta)).toEqual({ estado: '1', estado_sunat: '1' });

    const antes = sendSummaries();
    const nueva = await anular(f.id_venta).expect(200);
    expect(nueva.body).toMatchObject({ success: true, canal: 'RA', message: RA_ENVIADA });
    expect(nueva.body.ticket).not.toBe(res.body.ticket);
    expect(sendSummaries()).toBe(antes + 1);
    await consultar('comunicacion-baja', nueva.body.ticket);
    expect(await venta(f.id_venta)).toEqual({ estado: '2', estado_sunat: '2' });
  });

  it('two anular of one factura at once: one RA is sent, both answer success with it', async () => {
    const f = await createFacturaAceptada(t, user);
    const antes = sendSummaries();
    const [a, b] = await Promise.all([anular(f.id_venta), anular(f.id_venta)]);
    for (const res of [a, b]) {
      expect([200, 202]).toContain(res.status);
      expect(res.body).toMatchObject({ success: true, canal: 'RA' });
    }
    expect(sendSummaries()).toBe(antes + 1);
    const lotes = await lotesDe('id_venta', f.id_venta);
    expect(lotes).toEqual([expect.objectContaining({ tipo: 'RA', estado: 'enviado' })]);
    expect(await venta(f.id_venta)).toEqual({ estado: '1', estado_sunat: '3' });
  });

  it('RC: an accepted boleta is voided with line status 3; again: the same ticket, nothing sent; the accepted ticket annuls it', async () => {
    const b = await boletaAceptada();
    const antes = sendSummaries();
    const res = await anular(b.id_venta, { motivo: 'NO SE USA EN EL RC' }).expect(200);
    expect(res.body).toEqual({
      success: true,
      canal: 'RC',
      ticket: expect.any(String),
      nombre_archivo: expect.stringMatching(new RegExp(`^20000000001-RC-${hoy.replace(/-/g, '')}-\\d{3}\\.xml$`)),
      message: RC_ENVIADA,
      data: expect.objectContaining({ id_venta: b.id_venta, estado: '1', estado_sunat: '3' }),
    });
    const xml = await xmlDe(res.body.nombre_archivo);
    expect(await checkSunatXml(xml, res.body.nombre_archivo, 'summary', 'RC')).toEqual(SUNAT_VALID);
    expect(xml).toContain(`<cbc:ID>${b.numero_completo}</cbc:ID>`);
    expect(xml).toContain('<cac:Status><cbc:ConditionCode>3</cbc:ConditionCode></cac:Status>');
    expect(xml).toContain(`<cbc:ReferenceDate>${hoy}</cbc:ReferenceDate>`);

    const otra = await anular(b.id_venta).expect(200);
    expect(otra.body).toEqual({ ...res.body, message: enviada(res.body.ticket) });
    expect(sendSummaries()).toBe(antes + 1);

    await consultar('resumen-diario', res.body.ticket);
    expect(await venta(b.id_venta)).toEqual({ estado: '2', estado_sunat: '2' });
    expect((await anular(b.id_venta).expect(200)).body).toMatchObject({ success: true, message: 'La venta ya está anulada.' });
    expect(sendSummaries()).toBe(antes + 1);
    expect((await lotesDe('id_venta', b.id_venta)).map((l) => [l.tipo, l.estado_linea, l.estado])).toEqual([
      ['RC', '1', 'aceptado'],
      ['RC', '3', 'aceptado'],
    ]);
  });

  it('deadline: 7 days after the issue date still voids (RC of that date); 8 is a 422 pointing to a credit note, nothing sent', async () => {
    const siete = await boletaAceptada({ fecha_emision: dentroDe(-7) });
    const res = await anular(siete.id_venta).expect(200);
    expect(res.body).toMatchObject({ canal: 'RC', data: { estado_sunat: '3' } });
    expect(await xmlDe(res.body.nombre_archivo)).toContain(`<cbc:ReferenceDate>${dentroDe(-7)}</cbc:ReferenceDate>`);

    const f = await createFacturaAceptada(t, user);
    const b = await boletaAceptada();
    const ocho = dentroDe(-8);
    await t.dataSource.query('UPDATE ventas SET fecha_emision = $2 WHERE id_venta = ANY($1)', [[f.id_venta, b.id_venta], ocho]);
    const antes = sendSummaries();
    for (const v of [f, b]) {
      const fuera = await anular(v.id_venta, { motivo: 'TARDE' }).expect(422);
      expect(fuera.body).toEqual({ success: false, message: FUERA_DE_PLAZO });
      expect(await venta(v.id_venta)).toEqual({ estado: '1', estado_sunat: '1' });
    }
    expect(sendSummaries()).toBe(antes);
    expect(await lotesDe('id_venta', f.id_venta)).toEqual([]);
  });

  it('motivo: a wrong type, blank or over 100 characters is a 422 naming motivo (sales and notes); unknown fields too', async () => {
    const f = await createFacturaAceptada(t, user);
    const antes = sendSummaries();
    for (const body of [{ motivo: 5 }, { motivo: '   ' }, { motivo: 'x'.repeat(101) }, { motivo: ['A'] }]) {
      for (const path of [`/api/ventas/${f.id_venta}/anular`, '/api/notas-credito/1/anular', '/api/notas-debito/1/anular']) {
        const res = await post(path, body).expect(422);
        expect({ path, body: res.body }).toEqual({
          path,
          body: { success: false, message: 'Los datos enviados no son válidos.', errors: { motivo: expect.any(Array) } },
        });
      }
    }
    const extra = await anular(f.id_venta, { motivo: 'OK', otro: 1 }).expect(422);
    expect(Object.keys(extra.body.errors)).toEqual(['otro']);
    expect(sendSummaries()).toBe(antes);
    // 100 characters after trimming are fine
    const limite = await anular(f.id_venta, { motivo: ` ${'M'.repeat(100)} ` }).expect(200);
    expect(await xmlDe(limite.body.nombre_archivo)).toContain(`<sac:VoidReasonDescription>${'M'.repeat(100)}</sac:VoidReasonDescription>`);
  });

  it('refusals: rejected 409 as before; in a summary of another kind 409; SUNAT refusing the RA file: 200 success false, unchanged', async () => {
    const rechazada = await createFactura(t, user);
    t.sunat.next({ operation: 'sendBill', action: 'reject', code: '2800', message: 'Tipo de documento no permitido' });
    expect((await post(`/api/ventas/${rechazada.id_venta}/enviar`, {}).expect(200)).body.success).toBe(false);
    expect((await anular(rechazada.id_venta).expect(409)).body).toEqual({ success: false, message: YA_ENVIADA });

    // a boleta reported in an RC whose ticket is pending: not a void, and not local any more
    const b = await createVenta(t, user);
    const rc = await post('/api/resumen-diario', { ids: [b.id_venta], fecha_resumen: hoy }).expect(200);
    expect((await anular(b.id_venta).expect(409)).body).toEqual({
      success: false,
      message: `${b.numero_completo} ya está en el lote ${rc.body.nombre_archivo}, pendiente de SUNAT.`,
    });
    expect(await venta(b.id_venta)).toEqual({ estado: '1', estado_sunat: '3' });

    const f = await createFacturaAceptada(t, user);
    t.sunat.next({ operation: 'sendSummary', action: 'fault', code: '0151', message: 'Nombre de archivo incorrecto' });
    const fault = await anular(f.id_venta).expect(200);
    expect(fault.body).toEqual({ success: false, canal: 'RA', codigo: '0151', message: expect.any(String) });
    expect(await venta(f.id_venta)).toEqual({ estado: '1', estado_sunat: '1' });
    expect(await lotesDe('id_venta', f.id_venta)).toEqual([expect.objectContaining({ tipo: 'RA', estado: 'error' })]);
  });

  it('SUNAT without an answer: 202, the batch stays pending; again 202 and nothing sent; the poller sends it, then 200 with its ticket; accepted -> annulled', async () => {
    const f = await createFacturaAceptada(t, user);
    t.sunat.next({ operation: 'sendSummary', action: 'http', status: 503, body: 'Service Unavailable' });
    const res = await anular(f.id_venta, { motivo: 'SIN RESPUESTA' }).expect(202);
    const [lote] = await lotesDe('id_venta', f.id_venta);
    expect(lote).toMatchObject({ tipo: 'RA', estado: 'preparado' });
    const nombre = (await t.dataSource.query('SELECT nombre_archivo FROM lotes_sunat WHERE id = $1', [lote.id]))[0].nombre_archivo as string;
    expect(res.body).toEqual({
      success: true,
      canal: 'RA',
      nombre_archivo: nombre,
      message: pendiente(nombre),
      data: expect.objectContaining({ id_venta: f.id_venta, estado: '1', estado_sunat: '1' }),
    });
    const enviados = sendSummaries();
    const otra = await anular(f.id_venta).expect(202);
    expect(otra.body).toEqual(res.body);
    expect(sendSummaries()).toBe(enviados);

    const tickets = t.app.get(TicketService);
    expect(await tickets.resolverLote(lote.id)).toBe(false); // the same file sent again: its ticket, polled next
    expect(sendSummaries()).toBe(enviados + 1);
    const conTicket = await anular(f.id_venta).expect(200);
    expect(conTicket.body).toMatchObject({ success: true, canal: 'RA', nombre_archivo: nombre, ticket: expect.any(String), data: { estado_sunat: '3' } });
    expect(await tickets.resolverLote(lote.id)).toBe(true);
    expect(await venta(f.id_venta)).toEqual({ estado: '2', estado_sunat: '2' });
    expect(await lotesDe('id_venta', f.id_venta)).toEqual([expect.objectContaining({ id: lote.id, estado: 'aceptado' })]);
  });

  it('credit note to a factura: RA of the note; again: the same ticket; accepted -> anulado and its sale restored; debit note likewise', async () => {
    const nc = await notaAceptada('notas-credito');
    expect(await venta(nc.factura.id_venta)).toEqual({ estado: '2', estado_sunat: '2' });
    const antes = sendSummaries();
    const res = await anularNota('notas-credito', nc.id, { motivo: 'NOTA ERRADA' }).expect(200);
    expect(res.body).toEqual({
      success: true,
      canal: 'RA',
      ticket: expect.any(String),
      nombre_archivo: expect.stringMatching(/-RA-/),
      message: RA_ENVIADA,
      data: expect.objectContaining({ id: nc.id, estado: 'aceptado', baja: 'en_proceso' }),
    });
    const xml = await xmlDe(res.body.nombre_archivo);
    expect(xml).toContain(
      `<cbc:DocumentTypeCode>07</cbc:DocumentTypeCode><sac:DocumentSerialID>FC01</sac:DocumentSerialID><sac:DocumentNumberID>${nc.numero}</sac:DocumentNumberID><sac:VoidReasonDescription>NOTA ERRADA</sac:VoidReasonDescription>`,
    );
    // the sale itself is annulled by the note: its anular answers that, and sends nothing
    expect((await anular(nc.factura.id_venta).expect(200)).body.message).toBe('La venta ya está anulada.');
    const otra = await anularNota('notas-credito', nc.id).expect(200);
    expect(otra.body).toEqual({ ...res.body, message: enviada(res.body.ticket) });
    expect(sendSummaries()).toBe(antes + 1);

    await consultar('comunicacion-baja', res.body.ticket);
    expect(await nota('notas_credito', nc.id)).toEqual({ estado: 'anulado', baja: 'aceptada' });
    expect(await venta(nc.factura.id_venta)).toEqual({ estado: '1', estado_sunat: '1' });
    const hecha = await anularNota('notas-credito', nc.id).expect(200);
    expect(hecha.body).toEqual({ success: true, message: 'La nota ya fue dada de baja en SUNAT.', data: expect.objectContaining({ estado: 'anulado' }) });
    expect(await lotesDe('id_nota_credito', nc.id)).toHaveLength(1);

    const nd = await notaAceptada('notas-debito');
    const debito = await anularNota('notas-debito', nd.id).expect(200);
    expect(debito.body).toMatchObject({ success: true, canal: 'RA', data: { id: nd.id, baja: 'en_proceso' } });
    expect(await xmlDe(debito.body.nombre_archivo)).toContain('<sac:VoidReasonDescription>ANULACION DE LA OPERACION</sac:VoidReasonDescription>');
    await consultar('comunicacion-baja', debito.body.ticket);
    expect(await nota('notas_debito', nd.id)).toEqual({ estado: 'anulado', baja: 'aceptada' });
    expect(sendSummaries()).toBe(antes + 2);
  });

  it('notes: never sent 409, to a boleta 422, past the deadline 422 (the opposite note), nothing sent; ventas.delete needed', async () => {
    const f = await createFacturaAceptada(t, user);
    const sinEnviar = (await post('/api/notas-credito', { id_venta: f.id_venta, motivo_id: motivoNc }).expect(201)).body.data as { id: number };
    const b = await boletaAceptada();
    const deBoleta = (await post('/api/notas-debito', { id_venta: b.id_venta, motivo_id: motivoNd, monto_total: 5.9 }).expect(201)).body.data as {
      id: number;
      numero_completo: string;
    };
    expect((await post(`/api/notas-debito/${deBoleta.id}/enviar`, {}).expect(200)).body.success).toBe(true);
    const vieja = await notaAceptada('notas-credito');
    const viejaNd = await notaAceptada('notas-debito');
    await t.dataSource.query('UPDATE notas_credito SET fecha_emision = $2 WHERE id = $1', [vieja.id, dentroDe(-8)]);
    await t.dataSource.query('UPDATE notas_debito SET fecha_emision = $2 WHERE id = $1', [viejaNd.id, dentroDe(-8)]);
    const antes = sendSummaries();

    expect((await anularNota('notas-credito', sinEnviar.id).expect(409)).body).toEqual({
      success: false,
      message: 'La nota no fue enviada a SUNAT y las notas no se anulan localmente: no hay nada que dar de baja.',
    });
    expect(await nota('notas_credito', sinEnviar.id)).toEqual({ estado: 'pendiente', baja: null });
    expect((await anularNota('notas-debito', deBoleta.id).expect(422)).body).toEqual({
      success: false,
      message: `${deBoleta.numero_completo} modifica una boleta: se da de baja con el resumen diario, que este servicio aún no envía para notas.`,
    });
    expect((await anularNota('notas-credito', vieja.id).expect(422)).body).toEqual({
      success: false,
      message: 'Fuera del plazo de baja (7 días desde la emisión); emita una nota de débito para revertirla.',
    });
    expect((await anularNota('notas-debito', viejaNd.id).expect(422)).body).toEqual({
      success: false,
      message: 'Fuera del plazo de baja (7 días desde la emisión); emita una nota de crédito para revertirla.',
    });
    expect(await nota('notas_credito', vieja.id)).toEqual({ estado: 'aceptado', baja: null });
    expect(await lotesDe('id_nota_credito', vieja.id)).toEqual([]);
    expect(sendSummaries()).toBe(antes);

    const creador = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create']);
    await post(`/api/notas-credito/${vieja.id}/anular`, {}, creador).expect(403);
    await post(`/api/notas-debito/${viejaNd.id}/anular`, {}, creador).expect(403);
    await post(`/api/ventas/${f.id_venta}/anular`, {}, creador).expect(403);
    await anularNota('notas-credito', 999_999).expect(404);
    const otra = await createEmpresa(t, admin);
    const ajeno = await createUserSession(t, admin, otra.id_empresa, ['ventas.delete']);
    await post(`/api/notas-credito/${vieja.id}/anular`, {}, ajeno).expect(403);
    await post(`/api/ventas/${f.id_venta}/anular`, {}, ajeno).expect(403);
    expect(sendSummaries()).toBe(antes);
  });
});
