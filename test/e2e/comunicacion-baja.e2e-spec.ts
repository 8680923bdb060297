import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';
import { checkSunatXml, SUNAT_VALID } from '../support/xml-checks';

describe('Voiding communication (comunicación de baja)', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let user: Session & { userId: number };
  let empresaId: number;
  const hoy = hoyLima();

  beforeAll(async () => {
    t = await createTestAppWithSunat({}, 0);
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.delete']);
  });
  afterAll(() => t.close());

  const send = (path: string, body: object, session: Session = user) => request(t.http).post(path).set(bearer(session.token)).send(body);
  const estado = async (id: number) =>
    (await t.dataSource.query('SELECT estado, estado_sunat, mensaje_sunat FROM ventas WHERE id_venta = $1', [id]))[0] as {
      estado: string;
      estado_sunat: string;
      mensaje_sunat: string;
    };

  /** A factura SUNAT accepted (sent through the sales endpoint to the simulator). */
  async function facturaAceptada() {
    const f = await createFactura(t, user);
    const res = await send(`/api/ventas/${f.id_venta}/enviar`, {});
    expect(res.body).toMatchObject({ success: true });
    return f;
  }

  /** Today's last RA correlative, whatever ran before in this database (0 when none). */
  const ultimoRa = async (): Promise<number> =>
    Number(
      (await t.dataSource.query(`SELECT ultimo FROM lote_sunat_correlativos WHERE ruc = '20000000001' AND tipo = 'RA' AND fecha = $1::date`, [hoy]))[0]
        ?.ultimo ?? 0,
    );

  it("voids an accepted factura: ticket, the day's next RA file, sale in 3; the accepted ticket annuls it (2/2)", async () => {
    const f = await facturaAceptada();
    const correlativo = String((await ultimoRa()) + 1).padStart(3, '0');
    const res = await send('/api/comunicacion-baja', { documentos: [{ id_venta: f.id_venta, motivo: '' }] }).expect(200);
    expect(res.body).toEqual({
      success: true,
      ticket: expect.any(String),
      nombre_archivo: `20000000001-RA-${hoy.replace(/-/g, '')}-${correlativo}.xml`,
      message: 'Comunicación de baja enviada. Use el ticket para consultar el estado.',
    });
    expect(await estado(f.id_venta)).toEqual({ estado: '1', estado_sunat: '3', mensaje_sunat: expect.stringContaining(res.body.ticket) });
    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, res.body.nombre_archivo.replace('.xml', '')))!.toString('utf8');
    expect(await checkSunatXml(xml, res.body.nombre_archivo, 'voided', 'RA')).toEqual(SUNAT_VALID);
    expect(xml).toContain('<sac:VoidReasonDescription>ERROR EN EMISION</sac:VoidReasonDescription>');

    const answer = await send('/api/comunicacion-baja/consultar-ticket', { ticket: res.body.ticket }).expect(200);
    expect(answer.body).toMatchObject({ success: true, codigo: '0', mensaje: expect.any(String), notas: [] });
    expect(await estado(f.id_venta)).toMatchObject({ estado: '2', estado_sunat: '2' });
  });

  it('applies SPEC.md rules in order, reports refusals as advertencias, and holds deadline-skipped sales in 3 until the end', async () => {
    const ok = await facturaAceptada();
    const old = await facturaAceptada();
    const boleta = await createVenta(t, user);
    const pending = await createFactura(t, user);
    await t.dataSource.query(`UPDATE ventas SET fecha_emision = $2::date - 8 WHERE id_venta = $1`, [old.id_venta, hoy]);
    const res = await send('/api/comunicacion-baja', {
      documentos: [ok, old, boleta, pending].map((v) => ({ id_venta: v.id_venta, motivo: 'PRECIO ERRADO' })),
    }).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.advertencias).toEqual([
      expect.stringMatching(new RegExp(`^${old.numero_completo}: han pasado más de 7 días`)),
      `${boleta.numero_completo}: solo facturas y notas se dan de baja; las boletas se anulan con el resumen diario.`,
      `${pending.numero_completo}: no está aceptada por SUNAT (estado_sunat 0).`,
    ]);
    expect((await estado(ok.id_venta)).estado_sunat).toBe('3');
    expect((await estado(old.id_venta)).estado_sunat).toBe('3');
    expect((await estado(boleta.id_venta)).estado_sunat).toBe('0');
    const xml = (await t.app.get(DocumentIssuer).readXml(empresaId, res.body.nombre_archivo.replace('.xml', '')))!.toString('utf8');
    expect(xml.match(/<sac:VoidedDocumentsLine>/g)).toHaveLength(1);

    await send('/api/comunicacion-baja/consultar-ticket', { ticket: res.body.ticket }).expect(200);
    expect(await estado(ok.id_venta)).toMatchObject({ estado: '2', estado_sunat: '2' });
    expect(await estado(old.id_venta)).toMatchObject({ estado: '1', estado_sunat: '1' });
  });

  it('a rejected voiding returns the factura to 1 with SUNAT message', async () => {
    const f = await facturaAceptada();
    t.sunat.next({ operation: 'sendSummary', action: 'reject', code: '2324', message: 'El documento no existe o ya fue dado de baja' });
    const res = await send('/api/comunicacion-baja', { documentos: [{ id_venta: f.id_venta, motivo: 'X' }] }).expect(200);
    const answer = await send('/api/comunicacion-baja/consultar-ticket', { ticket: res.body.ticket }).expect(200);
    expect(answer.body).toMatchObject({ success: false, codigo: '2324', message: 'El documento no existe o ya fue dado de baja' });
    expect(await estado(f.id_venta)).toEqual({ estado: '1', estado_sunat: '1', mensaje_sunat: 'El documento no existe o ya fue dado de baja' });
  });

  it('answers 422 when every sale fails or none belongs to the company', async () => {
    const boleta = await createVenta(t, user);
    const all = await send('/api/comunicacion-baja', { documentos: [{ id_venta: boleta.id_venta, motivo: 'X' }] }).expect(422);
    expect(all.body).toEqual({
      success: false,
      message: 'Ningún documento pasó la validación.',
      errores: [expect.stringMatching(new RegExp(`^${boleta.numero_completo}: `))],
    });
    const other = await createEmpresa(t, admin);
    const outsider = await createUserSession(t, admin, other.id_empresa, ['ventas.create']);
    const ajena = await createFactura(t, outsider);
    const none = await send('/api/comunicacion-baja', { documentos: [{ id_venta: ajena.id_venta, motivo: 'X' }] }).expect(422);
    expect(none.body).toEqual({ success: false, message: 'No se encontraron documentos válidos.' });
    const invalid = await send('/api/comunicacion-baja', { documentos: [{ id_venta: 'x', motivo: 'y'.repeat(201) }] }).expect(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['documentos.0.id_venta', 'documentos.0.motivo']);
    await send('/api/comunicacion-baja', { documentos: [] }).expect(422);
    await send('/api/comunicacion-baja/consultar-ticket', {}).expect(422);
  });

  it("answers only the active company's own tickets (404 for another company's or an unknown one), writing nothing for them", async () => {
    const f = await facturaAceptada();
    const { ticket } = (await send('/api/comunicacion-baja', { documentos: [{ id_venta: f.id_venta, motivo: 'X' }] }).expect(200)).body;
    const other = await createEmpresa(t, admin);
    const outsider = await createUserSession(t, admin, other.id_empresa, ['ventas.create']);
    const ajeno = await send('/api/comunicacion-baja/consultar-ticket', { ticket }, outsider).expect(404);
    expect(ajeno.body).toEqual({ success: false, message: 'Ticket no encontrado.' });
    await send('/api/resumen-diario/consultar-ticket', { ticket }, outsider).expect(404);
    const probes = t.sunat.state.requests.length;
    await send('/api/comunicacion-baja/consultar-ticket', { ticket: 'NO-EXISTE-123' }).expect(404);
    expect(t.sunat.state.requests.length).toBe(probes);
    expect(await estado(f.id_venta)).toMatchObject({ estado_sunat: '3' });
    await send('/api/comunicacion-baja/consultar-ticket', { ticket }).expect(200);
    expect(await estado(f.id_venta)).toMatchObject({ estado_sunat: '2' });
  });

  it('needs ventas.delete to send and ventas.create to query', async () => {
    const creator = await createUserSession(t, admin, empresaId, ['ventas.create']);
    await send('/api/comunicacion-baja', { documentos: [{ id_venta: 1, motivo: 'x' }] }, creator).expect(403);
    const deleter = await createUserSession(t, admin, empresaId, ['ventas.delete']);
    await send('/api/comunicacion-baja/consultar-ticket', { ticket: '1' }, deleter).expect(403);
  });
});
