import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { TicketService } from '../../src/lotes-sunat/ticket.service';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createFacturaAceptada, createUserSession } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { checkSunatXml, SUNAT_VALID } from '../support/xml-checks';

jest.setTimeout(120_000);

const VENTAS = ['ventas.view', 'ventas.create', 'ventas.delete'];
const UN_DOCUMENTO = 'Indique exactamente uno de id_venta, id_nota_credito o id_nota_debito.';

describe('Voiding communication (RA) of credit and debit notes', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let user: Session & { userId: number };
  let empresaId: number;
  let motivoNc: number;
  let motivoNd: number;

  const post = (path: string, body: object, session: Session = user) => request(t.http).post(path).set(bearer(session.token)).send(body);
  const baja = (documentos: object[], session: Session = user) => post('/api/comunicacion-baja', { documentos }, session);
  const consultar = (ticket: string) => post('/api/comunicacion-baja/consultar-ticket', { ticket }).expect(200);
  const venta = async (id: number) =>
    (await t.dataSource.query('SELECT estado, estado_sunat, mensaje_sunat FROM ventas WHERE id_venta = $1', [id]))[0] as {
      estado: string;
      estado_sunat: string;
      mensaje_sunat: string | null;
    };
  const nota = async (tabla: 'notas_credito' | 'notas_debito', id: number) =>
    (await t.dataSource.query(`SELECT estado, baja, mensaje_sunat FROM ${tabla} WHERE id = $1`, [id]))[0] as {
      estado: string;
      baja: string | null;
      mensaje_sunat: string | null;
    };
  const saldo = async (id: number) => Number((await t.dataSource.query('SELECT saldo FROM ventas WHERE id_venta = $1', [id]))[0].saldo);
  const readXml = async (nombre: string) => (await t.app.get(DocumentIssuer).readXml(empresaId, nombre.replace('.xml', '')))!.toString('utf8');

  /** A note (NC or ND) on a new accepted factura; sent to the simulator unless `enviar` is false. */
  async function crearNota(kind: 'credito' | 'debito', session: Session = user, enviar = true) {
    const f = await createFacturaAceptada(t, session);
    const body = kind === 'credito' ? { id_venta: f.id_venta, motivo_id: motivoNc } : { id_venta: f.id_venta, motivo_id: motivoNd, monto_total: 11.8 };
    const res = await post(`/api/notas-${kind}`, body, session);
    if (res.status !== 201) throw new Error(`crear nota: ${res.status} ${JSON.stringify(res.body)}`);
    const n = res.body.data as { id: number; numero_completo: string; serie: string; numero: number };
    if (enviar) {
      const sent = await post(`/api/notas-${kind}/${n.id}/enviar`, {}, session);
      if (sent.status !== 200 || sent.body.success !== true) throw new Error(`enviar nota: ${sent.status} ${JSON.stringify(sent.body)}`);
    }
    return { ...n, factura: f };
  }

  beforeAll(async () => {
    t = await createTestAppWithSunat({}, 0);
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, VENTAS);
    const nc = (await request(t.http).get('/api/notas-credito/motivos').set(bearer(user.token))).body.data as Array<{ id: number; codigo_sunat: string }>;
    const nd = (await request(t.http).get('/api/notas-debito/motivos').set(bearer(user.token))).body.data as Array<{ id: number; codigo_sunat: string }>;
    motivoNc = nc.find((m) => m.codigo_sunat === '01')!.id;
    motivoNd = nd.find((m) => m.codigo_sunat === '01')!.id;
  });
  afterAll(() => t.close());
  beforeEach(() => t.sunat.state.control.clear());

  it('voids an accepted credit note: RA with a 07 line, baja en_proceso while pending; accepted -> anulado and its sale restored', async () => {
    const nc = await crearNota('credito');
    expect(await venta(nc.factura.id_venta)).toMatchObject({ estado: '2', estado_sunat: '2' });
    // Issue 19: the accepted whole-sale note credits the sale's 118.00
    expect(await saldo(nc.factura.id_venta)).toBe(0);

    const res = await baja([{ id_nota_credito: nc.id, motivo: '' }]).expect(200);
    expect(res.body).toEqual({
      success: true,
      ticket: expect.any(String),
      nombre_archivo: expect.stringMatching(new RegExp(`^20000000001-RA-${hoyLima().replace(/-/g, '')}-\\d{3}\\.xml$`)),
      message: 'Comunicación de baja enviada. Use el ticket para consultar el estado.',
    });
    const xml = await readXml(res.body.nombre_archivo);
    expect(await checkSunatXml(xml, res.body.nombre_archivo, 'voided', 'RA')).toEqual(SUNAT_VALID);
    expect(xml.match(/<sac:VoidedDocumentsLine>/g)).toHaveLength(1);
    expect(xml).toContain(
      `<cbc:DocumentTypeCode>07</cbc:DocumentTypeCode><sac:DocumentSerialID>FC01</sac:DocumentSerialID><sac:DocumentNumberID>${nc.numero}</sac:DocumentNumberID><sac:VoidReasonDescription>ERROR EN EMISION</sac:VoidReasonDescription>`,
    );
    expect(xml).toContain(`<cbc:ReferenceDate>${hoyLima()}</cbc:ReferenceDate>`);
    expect(await nota('notas_credito', nc.id)).toEqual({ estado: 'aceptado', baja: 'en_proceso', mensaje_sunat: expect.stringContaining(res.body.ticket) });
    const detalle = await request(t.http).get(`/api/notas-credito/${nc.id}`).set(bearer(user.token)).expect(200);
    expect(detalle.body.data).toMatchObject({ estado: 'aceptado', baja: 'en_proceso' });

    // While the ticket is pending the note cannot go in another RA.
    const otra = await baja([{ id_nota_credito: nc.id, motivo: 'X' }]).expect(422);
    expect(otra.body).toEqual({
      success: false,
      message: 'Ningún documento pasó la validación.',
      errores: [`${nc.numero_completo}: tiene una comunicación de baja en proceso.`],
    });

    const answer = await consultar(res.body.ticket);
    expect(answer.body).toMatchObject({ success: true, codigo: '0', mensaje: expect.any(String) });
    expect(await nota('notas_credito', nc.id)).toEqual({ estado: 'anulado', baja: 'aceptada', mensaje_sunat: answer.body.mensaje });
    expect(await venta(nc.factura.id_venta)).toEqual({
      estado: '1',
      estado_sunat: '1',
      mensaje_sunat: expect.stringContaining(`${nc.numero_completo} que la anulaba fue dada de baja`),
    });
    // The voided note no longer counts in the saldo.
    expect(await saldo(nc.factura.id_venta)).toBe(118);

    // A voided note is final: not sent again, not voided again.
    const resend = await post(`/api/notas-credito/${nc.id}/enviar`, {}).expect(409);
    expect(resend.body.message).toBe('La nota fue dada de baja en SUNAT (comunicación de baja aceptada).');
    const again = await baja([{ id_nota_credito: nc.id, motivo: 'X' }]).expect(422);
    expect(again.body.errores).toEqual([`${nc.numero_completo}: ya fue dada de baja en SUNAT.`]);
    const anulados = await request(t.http).get('/api/notas-credito?estado=anulado').set(bearer(user.token)).expect(200);
    expect(anulados.body.data.map((n: { id: number }) => n.id)).toEqual([nc.id]);
  });

  it('voids an accepted debit note (08 line) resolved by the poller path; its sale is untouched', async () => {
    const nd = await crearNota('debito');
    const antes = await venta(nd.factura.id_venta);
    const res = await baja([{ id_nota_debito: nd.id, motivo: 'MONTO ERRADO' }]).expect(200);
    const xml = await readXml(res.body.nombre_archivo);
    expect(xml).toContain(
      `<cbc:DocumentTypeCode>08</cbc:DocumentTypeCode><sac:DocumentSerialID>FD01</sac:DocumentSerialID><sac:DocumentNumberID>${nd.numero}</sac:DocumentNumberID>`,
    );
    expect(await checkSunatXml(xml, res.body.nombre_archivo, 'voided', 'RA')).toEqual(SUNAT_VALID);
    expect((await nota('notas_debito', nd.id)).baja).toBe('en_proceso');

    const [{ id }] = await t.dataSource.query('SELECT id FROM lotes_sunat WHERE id_empresa = $1 AND ticket = $2', [empresaId, res.body.ticket]);
    expect(await t.app.get(TicketService).resolverLote(id)).toBe(true);
    expect(await nota('notas_debito', nd.id)).toMatchObject({ estado: 'anulado', baja: 'aceptada' });
    expect(await venta(nd.factura.id_venta)).toEqual(antes);
  });

  it('a rejected RA leaves the note aceptado with baja NULL and SUNAT message; its sale stays annulled', async () => {
    const nc = await crearNota('credito');
    t.sunat.next({ operation: 'sendSummary', action: 'reject', code: '2324', message: 'El documento no existe o ya fue dado de baja' });
    const res = await baja([{ id_nota_credito: nc.id, motivo: 'X' }]).expect(200);
    const answer = await consultar(res.body.ticket);
    expect(answer.body).toMatchObject({ success: false, codigo: '2324', message: 'El documento no existe o ya fue dado de baja' });
    expect(await nota('notas_credito', nc.id)).toEqual({ estado: 'aceptado', baja: null, mensaje_sunat: 'El documento no existe o ya fue dado de baja' });
    expect(await venta(nc.factura.id_venta)).toMatchObject({ estado: '2', estado_sunat: '2' });
  });

  it('refuses a pending note and a note past the deadline without changing them', async () => {
    const pendiente = await crearNota('credito', user, false);
    const res = await baja([{ id_nota_credito: pendiente.id, motivo: 'X' }]).expect(422);
    expect(res.body).toEqual({
      success: false,
      message: 'Ningún documento pasó la validación.',
      errores: [`${pendiente.numero_completo}: no está aceptada por SUNAT (estado pendiente).`],
    });
    expect(await nota('notas_credito', pendiente.id)).toEqual({ estado: 'pendiente', baja: null, mensaje_sunat: null });

    const vieja = await crearNota('debito');
    const fecha = (
      await t.dataSource.query(`UPDATE notas_debito SET fecha_emision = $2::date - 8 WHERE id = $1 RETURNING to_char(fecha_emision, 'YYYY-MM-DD') AS f`, [
        vieja.id,
        hoyLima(),
      ])
    )[0][0].f;
    const before = await nota('notas_debito', vieja.id);
    const old = await baja([{ id_nota_debito: vieja.id, motivo: 'X' }]).expect(422);
    expect(old.body.errores).toEqual([`${vieja.numero_completo}: han pasado más de 7 días desde su emisión (${fecha}).`]);
    expect(await nota('notas_debito', vieja.id)).toEqual(before);
  });

  it('a mixed request (factura + note) sends one RA with two lines; refused and other-company notes are reported or left out', async () => {
    const f = await createFacturaAceptada(t, user);
    const nd = await crearNota('debito');
    const pendiente = await crearNota('debito', user, false);
    const other = await createEmpresa(t, admin);
    const outsider = await createUserSession(t, admin, other.id_empresa, VENTAS);
    // another company's accepted credit note, accepted by SQL: sent in beta, its factura and note would have our
    // serie-número at SUNAT (every beta company files as 20000000001) and their CDRs would be ours, never taken
    const facturaAjena = await createFactura(t, outsider);
    await t.dataSource.query(`UPDATE ventas SET estado_sunat = '1' WHERE id_venta = $1`, [facturaAjena.id_venta]);
    const creada = await post('/api/notas-credito', { id_venta: facturaAjena.id_venta, motivo_id: motivoNc }, outsider).expect(201);
    const ajena = creada.body.data as { id: number };
    await t.dataSource.query(`UPDATE notas_credito SET estado = 'aceptado' WHERE id = $1`, [ajena.id]);

    const res = await baja([
      { id_nota_debito: nd.id, motivo: 'NOTA ERRADA' },
      { id_venta: f.id_venta, motivo: 'FACTURA ERRADA' },
      { id_nota_debito: pendiente.id, motivo: 'X' },
      { id_nota_credito: ajena.id, motivo: 'X' },
    ]).expect(200);
    expect(res.body).toMatchObject({ success: true, advertencias: [`${pendiente.numero_completo}: no está aceptada por SUNAT (estado pendiente).`] });
    const xml = await readXml(res.body.nombre_archivo);
    expect(await checkSunatXml(xml, res.body.nombre_archivo, 'voided', 'RA')).toEqual(SUNAT_VALID);
    const lines = [
      ...xml.matchAll(/<cbc:DocumentTypeCode>(\d\d)<\/cbc:DocumentTypeCode><sac:DocumentSerialID>(\w+)<\/sac:DocumentSerialID><sac:DocumentNumberID>(\d+)</g),
    ].map((m) => `${m[1]} ${m[2]}-${m[3]}`);
    expect(lines).toEqual([`01 ${f.numero_completo}`, `08 ${nd.numero_completo}`]);
    expect(xml).toContain('<sac:VoidReasonDescription>NOTA ERRADA</sac:VoidReasonDescription>');
    expect((await venta(f.id_venta)).estado_sunat).toBe('3');
    expect((await nota('notas_debito', nd.id)).baja).toBe('en_proceso');
    const items = await t.dataSource.query(
      `SELECT i.id_venta, i.id_nota_credito, i.id_nota_debito FROM lote_sunat_items i JOIN lotes_sunat l ON l.id = i.id_lote WHERE l.ticket = $1 ORDER BY i.id`,
      [res.body.ticket],
    );
    expect(items).toEqual([
      { id_venta: f.id_venta, id_nota_credito: null, id_nota_debito: null },
      { id_venta: null, id_nota_credito: null, id_nota_debito: nd.id },
    ]);
    expect(await nota('notas_credito', ajena.id)).toMatchObject({ estado: 'aceptado', baja: null });

    await consultar(res.body.ticket);
    expect(await venta(f.id_venta)).toMatchObject({ estado: '2', estado_sunat: '2' });
    expect(await nota('notas_debito', nd.id)).toMatchObject({ estado: 'anulado', baja: 'aceptada' });
    expect(await nota('notas_debito', pendiente.id)).toMatchObject({ estado: 'pendiente', baja: null });

    const none = await baja([{ id_nota_credito: ajena.id, motivo: 'X' }]).expect(422);
    expect(none.body).toEqual({ success: false, message: 'No se encontraron documentos válidos.' });
  });

  it('each item names exactly one document (422 on documentos.N); ids that do not exist are 422 on the field', async () => {
    const ninguno = await baja([{ motivo: 'X' }]).expect(422);
    expect(ninguno.body).toEqual({ success: false, message: expect.any(String), errors: { 'documentos.0': [UN_DOCUMENTO] } });
    const varios = await baja([{ id_venta: 1, id_nota_credito: 1, motivo: 'X' }]).expect(422);
    expect(varios.body.errors).toEqual({ 'documentos.0': [UN_DOCUMENTO] });
    const segundo = await baja([
      { id_venta: 1, motivo: 'X' },
      { id_nota_debito: 1, id_nota_credito: 1, motivo: 'X' },
    ]).expect(422);
    expect(segundo.body.errors).toEqual({ 'documentos.1': [UN_DOCUMENTO] });

    const nc = await crearNota('credito');
    const [{ max }] = await t.dataSource.query('SELECT COALESCE(MAX(id), 0) + 1000 AS max FROM notas_debito');
    const missingNd = await baja([
      { id_nota_credito: nc.id, motivo: 'X' },
      { id_nota_debito: Number(max), motivo: 'X' },
    ]).expect(422);
    expect(missingNd.body.errors).toEqual({ 'documentos.1.id_nota_debito': ['La nota de débito seleccionada no existe.'] });
    const invalid = await baja([{ id_nota_credito: 'x', motivo: 'X' }]).expect(422);
    expect(Object.keys(invalid.body.errors)).toEqual(['documentos.0.id_nota_credito']);
    expect(await nota('notas_credito', nc.id)).toMatchObject({ estado: 'aceptado', baja: null });
  });
});
