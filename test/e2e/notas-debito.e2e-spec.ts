import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { DocumentStorage } from '../../src/sunat/storage/document-storage';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createFacturaAceptada, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(120_000);

const BETA_RUC = '20000000001';
const NO_COMUNICA = /^No se pudo comunicar con SUNAT: /;
const VENTAS = ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete'];

describe('Notas de débito (/api/notas-debito) against the SUNAT simulator', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let empresaA: number;
  let a: Session & { userId: number };
  let b: Session;
  let viewer: Session;
  const motivo: Record<string, number> = {};
  let motivoNc: number;

  const crear = (s: Session, body: object) => request(t.http).post('/api/notas-debito').set(bearer(s.token)).send(body);
  const enviar = (s: Session, id: number) => request(t.http).post(`/api/notas-debito/${id}/enviar`).set(bearer(s.token));
  const get = (s: Session, path: string) => request(t.http).get(`/api/notas-debito${path}`).set(bearer(s.token));
  const nota = async (id: number) => (await get(a, `/${id}`)).body.data;
  const venta = async (id: number) => (await request(t.http).get(`/api/ventas/${id}`).set(bearer(a.token))).body.data;
  const sendBills = () => t.sunat.state.requests.filter((r) => r.operation === 'sendBill').length;
  const crearOk = async (body: object) => {
    const res = await crear(a, body);
    if (res.status !== 201) throw new Error(`crear ND: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    admin = await login(t);
    empresaA = (await createEmpresa(t, admin)).id_empresa;
    const empresaB = (await createEmpresa(t, admin)).id_empresa;
    a = await createUserSession(t, admin, empresaA, VENTAS);
    b = await createUserSession(t, admin, empresaB, VENTAS);
    viewer = await createUserSession(t, admin, empresaA, ['ventas.view']);
    for (const m of (await get(a, '/motivos')).body.data) motivo[m.codigo_sunat] = m.id;
    motivoNc = (await request(t.http).get('/api/notas-credito/motivos').set(bearer(a.token))).body.data[0].id;
  });
  afterAll(() => t.close());
  beforeEach(() => t.sunat.state.control.clear());

  it('motivos: the active debit reasons (catálogo 10 wording, 11 and 12 since issue 19; 04 is the service\'s "Otros conceptos")', async () => {
    const res = await get(viewer, '/motivos');
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { tipo: string; codigo_sunat: string; descripcion: string }) => [m.tipo, m.codigo_sunat, m.descripcion])).toEqual([
      ['ND', '01', 'Intereses por mora'],
      ['ND', '02', 'Aumento en el valor'],
      ['ND', '03', 'Penalidades/ otros conceptos'],
      ['ND', '04', 'Otros conceptos'],
      ['ND', '11', 'Ajustes de operaciones de exportación'],
      ['ND', '12', 'Ajustes afectos al IVAP'],
    ]);
  });

  it('FD01 from an accepted factura: monto_total split with the company rate, one XML line for the debited amount', async () => {
    const f = await createFacturaAceptada(t, a);
    const res = await crear(a, { id_venta: f.id_venta, motivo_id: motivo['01'], monto_total: 35.4 });
    const nombre = `${BETA_RUC}-08-FD01-1.xml`;
    expect({ status: res.status, body: res.body }).toEqual({
      status: 201,
      body: {
        success: true,
        message: 'Nota de débito creada correctamente.',
        data: expect.objectContaining({
          serie: 'FD01',
          numero: 1,
          id_usuario: a.userId,
          tipo_doc_afectado: '01',
          serie_num_afectado: `F001-${f.numero}`,
          descripcion_motivo: 'Intereses por mora',
          monto_subtotal: 30,
          monto_igv: 5.4,
          monto_total: 35.4,
          moneda: 'PEN',
          fecha_emision: hoyLima(),
          estado: 'pendiente',
          nombre_xml: nombre,
          xml_url: `/api/notas-debito/xml/${nombre}`,
        }),
        xml: { success: true, nombre_archivo: nombre, hash: res.body.data.hash_cpe },
      },
    });
    const text = (await get(a, `/xml/${nombre}`)).text;
    expect(text).toContain('<DebitNote');
    expect(text.match(/<cac:DebitNoteLine>/g)).toHaveLength(1);
    expect(text).toMatch(/<cac:DebitNoteLine>.*<cac:Item><cbc:Description>Intereses por mora<\/cbc:Description>/s);
    expect(text).toContain('<cbc:PayableAmount currencyID="PEN">35.40</cbc:PayableAmount>');
  });

  it('BD01 from a boleta; reason 04 is written as SUNAT code 03 in the XML', async () => {
    const v = await createVenta(t, a);
    const data = await crearOk({ id_venta: v.id_venta, motivo_id: motivo['04'], monto_total: 10, descripcion_motivo: 'Flete adicional' });
    expect(data).toMatchObject({
      serie: 'BD01',
      numero: 1,
      tipo_doc_afectado: '03',
      monto_subtotal: 8.47,
      monto_igv: 1.53,
      monto_total: 10,
      motivo: { codigo_sunat: '04' },
    });
    const text = (await get(a, `/xml/${data.nombre_xml}`)).text;
    expect(text).toMatch(/<cbc:ResponseCode[^>]*>03<\/cbc:ResponseCode><cbc:Description>Flete adicional<\/cbc:Description>/);
  });

  it('refuses with 422 naming the field: monto_total missing or not > 0, a credit reason, a factura not accepted, an annulled sale', async () => {
    const boleta = await createVenta(t, a);
    const pendiente = await createFactura(t, a);
    const anulada = await createVenta(t, a);
    expect((await request(t.http).post(`/api/ventas/${anulada.id_venta}/anular`).set(bearer(a.token))).status).toBe(200);
    for (const monto of [undefined, 0, -5, 1.001, '10', 1_000_000_000]) {
      const res = await crear(a, { id_venta: boleta.id_venta, motivo_id: motivo['02'], monto_total: monto });
      expect({ monto, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ monto, status: 422, fields: ['monto_total'] });
    }
    const cases: Array<[object, string, string]> = [
      [{ id_venta: boleta.id_venta, motivo_id: motivoNc, monto_total: 5 }, 'motivo_id', 'El motivo no corresponde a una nota de débito.'],
      [
        { id_venta: pendiente.id_venta, motivo_id: motivo['01'], monto_total: 5 },
        'id_venta',
        'La factura aún no fue aceptada por SUNAT; envíela antes de emitir la nota.',
      ],
      [{ id_venta: anulada.id_venta, motivo_id: motivo['01'], monto_total: 5 }, 'id_venta', 'La venta está anulada.'],
      [{ id_venta: 999999, motivo_id: motivo['01'], monto_total: 5 }, 'id_venta', 'La venta no existe.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await crear(a, body);
      expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 422, errors: { [field]: [message] } });
    }
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM notas_debito WHERE id_venta = ANY($1)`, [
      [boleta.id_venta, pendiente.id_venta, anulada.id_venta],
    ]);
    expect(count).toBe(0);
  });

  describe('enviar: every row of the state table', () => {
    it('pendiente -> aceptado: CDR stored and codigo/mensaje set; the sale is NOT annulled; resend is 409', async () => {
      const f = await createFacturaAceptada(t, a);
      const n = await crearOk({ id_venta: f.id_venta, motivo_id: motivo['02'], monto_total: 100 });
      const res = await enviar(a, n.id);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: {
          success: true,
          codigo: '0',
          mensaje: expect.stringContaining(`FD01-${n.numero}`),
          observaciones: [],
          cdr_url: `/api/notas-debito/${n.id}/cdr`,
        },
      });
      expect(await nota(n.id)).toMatchObject({ estado: 'aceptado', codigo_sunat: '0', cdr_url: `/api/notas-debito/${n.id}/cdr` });
      expect(await venta(f.id_venta)).toMatchObject({ estado: '1', estado_sunat: '1' });
      const cdr = await get(a, `/${n.id}/cdr`);
      expect({ status: cdr.status, disposition: cdr.headers['content-disposition'] }).toEqual({
        status: 200,
        disposition: `attachment; filename="R-${BETA_RUC}-08-FD01-${n.numero}.zip"`,
      });
      const again = await enviar(a, n.id);
      expect({ status: again.status, body: again.body }).toEqual({ status: 409, body: { success: false, message: 'El documento ya fue aceptado por SUNAT.' } });
    });

    it('pendiente -> rechazado: 200 success false with codigo/message stored; sale untouched', async () => {
      const f = await createFacturaAceptada(t, a);
      const n = await crearOk({ id_venta: f.id_venta, motivo_id: motivo['03'], monto_total: 50 });
      t.sunat.next({ operation: 'sendBill', action: 'reject', code: '2172', message: 'El tipo de nota de debito no existe en el catalogo' });
      const res = await enviar(a, n.id);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: { success: false, codigo: '2172', message: 'El tipo de nota de debito no existe en el catalogo' },
      });
      expect(await nota(n.id)).toMatchObject({
        estado: 'rechazado',
        codigo_sunat: '2172',
        mensaje_sunat: 'El tipo de nota de debito no existe en el catalogo',
      });
      expect(await venta(f.id_venta)).toMatchObject({ estado: '1', estado_sunat: '1' });
      expect((await enviar(a, n.id)).status).toBe(409);
    });

    it('exception stays pendiente (200 success false); transport failure is 502 and stays pendiente; both retry to aceptado', async () => {
      const v = await createVenta(t, a);
      const n = await crearOk({ id_venta: v.id_venta, motivo_id: motivo['01'], monto_total: 12.34 });
      t.sunat.next({ operation: 'sendBill', action: 'fault', code: '0109', message: 'El sistema no puede responder su solicitud' });
      const fault = await enviar(a, n.id);
      expect({ status: fault.status, body: fault.body }).toEqual({ status: 200, body: { success: false, codigo: '0109', message: expect.any(String) } });
      expect(await nota(n.id)).toMatchObject({ estado: 'pendiente', codigo_sunat: '0109' });

      t.sunat.next([
        { operation: 'sendBill', action: 'http', status: 502 },
        { operation: 'getStatusCdr', action: 'http', status: 502 },
      ]);
      const down = await enviar(a, n.id);
      expect({ status: down.status, message: down.body.message }).toEqual({ status: 502, message: expect.stringMatching(NO_COMUNICA) });
      expect((await nota(n.id)).estado).toBe('pendiente');

      expect((await enviar(a, n.id)).body).toMatchObject({ success: true, codigo: '0' });
      expect(await venta(v.id_venta)).toMatchObject({ estado: '1' });
    });

    it('XML missing: 409 with SPEC message and nothing sent', async () => {
      const v = await createVenta(t, a);
      const n = await crearOk({ id_venta: v.id_venta, motivo_id: motivo['01'], monto_total: 1 });
      await t.app.get(DocumentStorage).delete(`empresa-${empresaA}/xml/${n.nombre_xml}`);
      const sent = sendBills();
      const res = await enviar(a, n.id);
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: { success: false, message: 'XML no encontrado. Genere el XML primero.' } });
      expect(sendBills()).toBe(sent);
      expect((await get(a, `/xml/${n.nombre_xml}`)).status).toBe(404);
    });
  });

  it('permissions per route and company isolation; list, detail and buscar-venta exist for debit notes too', async () => {
    const v = await createVenta(t, a);
    const n = await crearOk({ id_venta: v.id_venta, motivo_id: motivo['02'], monto_total: 20 });
    for (const path of ['', `/${n.id}`, '/motivos', `/xml/${n.nombre_xml}`, `/buscar-venta?serie=b001&numero=${v.numero}`]) {
      expect({ path, status: (await get(viewer, path)).status }).toEqual({ path, status: 200 });
    }
    expect((await get(viewer, '')).body.data[0]).toMatchObject({ id: n.id, numero_completo: `BD01-${n.numero}` });
    expect((await get(viewer, `/${n.id}`)).body.data).toMatchObject({ id: n.id, motivo: { codigo_sunat: '02' }, venta: { id_venta: v.id_venta } });
    expect((await crear(viewer, { id_venta: v.id_venta, motivo_id: motivo['02'], monto_total: 20 })).status).toBe(403);
    expect((await enviar(viewer, n.id)).status).toBe(403);
    for (const res of [await get(b, `/${n.id}`), await enviar(b, n.id), await get(b, `/${n.id}/cdr`)]) expect(res.status).toBe(403);
    expect((await get(b, `/xml/${n.nombre_xml}`)).status).toBe(404);
    expect((await get(b, '')).body.data).toEqual([]);
    expect((await get(a, '/999999')).body).toEqual({ success: false, message: 'Nota de débito no encontrada.' });
    expect((await nota(n.id)).estado).toBe('pendiente');
  });
});
