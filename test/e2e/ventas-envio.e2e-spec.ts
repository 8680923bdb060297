import request from 'supertest';
import { DocumentStorage } from '../../src/sunat/storage/document-storage';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFactura, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(120_000);

const BETA_RUC = '20000000001';
const NO_COMUNICA = /^No se pudo comunicar con SUNAT: /;
// This file tests timeouts: SUNAT answers after LATE_MS, the app gives up after TIMEOUT_MS (still far
// above what any other answer of the simulator takes on a slow machine).
const TIMEOUT_MS = 10_000;
const LATE_MS = TIMEOUT_MS + 2_000;

describe('Ventas: POST {id}/enviar to the SUNAT simulator over HTTP', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let empresaId: number;
  let user: Session;

  beforeAll(async () => {
    t = await createTestAppWithSunat({ SUNAT_TIMEOUT_MS: String(TIMEOUT_MS) });
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete']);
  });
  afterAll(() => t.close());
  beforeEach(() => t.sunat.state.control.clear());

  const enviar = (id: number) => request(t.http).post(`/api/ventas/${id}/enviar`).set(bearer(user.token));
  const venta = async (id: number) => (await request(t.http).get(`/api/ventas/${id}`).set(bearer(user.token))).body.data;
  const sendBills = () => t.sunat.state.requests.filter((r) => r.operation === 'sendBill').length;
  const binary = (req: request.Test) =>
    req.buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

  it('accepted: estado_sunat 1 with codigo, mensaje and a stored CDR (GET cdr answers the zip); a second send is 409', async () => {
    const f = await createFactura(t, user);
    const before = await binary(request(t.http).get(`/api/ventas/${f.id_venta}/cdr`).set(bearer(user.token)));
    expect({ status: before.status }).toEqual({ status: 404 });

    const res = await enviar(f.id_venta);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      // a line without a catalogue-25 code carries no CommodityClassification: no observation (issue 17)
      body: {
        success: true,
        codigo: '0',
        mensaje: expect.stringContaining(`F001-${f.numero}`),
        observaciones: [],
        cdr_url: `/api/ventas/${f.id_venta}/cdr`,
      },
    });
    expect(await venta(f.id_venta)).toMatchObject({
      estado: '1',
      estado_sunat: '1',
      codigo_sunat: '0',
      cdr_url: `/api/ventas/${f.id_venta}/cdr`,
      mensaje_sunat: [res.body.mensaje, ...res.body.observaciones].join(' | '),
    });
    expect(t.sunat.state.documents.get(`${BETA_RUC}-01-F001-${f.numero}`)?.accepted).toBe(true);

    const cdr = await binary(request(t.http).get(`/api/ventas/${f.id_venta}/cdr`).set(bearer(user.token)));
    expect(cdr.status).toBe(200);
    expect(cdr.headers['content-type']).toBe('application/zip');
    expect(cdr.headers['content-disposition']).toBe(`attachment; filename="R-${BETA_RUC}-01-F001-${f.numero}.zip"`);
    expect(cdr.headers['cache-control']).toBe('private, no-store');
    const xml = await request(t.http).get(`/api/ventas/${f.id_venta}/xml`).set(bearer(user.token)).expect(200);
    expect(xml.headers['cache-control']).toBe('private, no-store');
    expect((cdr.body as Buffer).subarray(0, 2).toString('latin1')).toBe('PK');

    const again = await enviar(f.id_venta);
    expect({ status: again.status, body: again.body }).toEqual({ status: 409, body: { success: false, message: 'El documento ya fue aceptado por SUNAT.' } });
  });

  it('accepted with observations (>= 4000): estado_sunat 1, observations returned and kept in mensaje_sunat', async () => {
    const f = await createFactura(t, user);
    t.sunat.next({ operation: 'sendBill', action: 'observe', notes: ['4252 - El dato ingresado como atributo @listName es incorrecto.'] });
    const res = await enviar(f.id_venta);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, codigo: '0', observaciones: [expect.stringMatching(/^4252 - /)] });
    const v = await venta(f.id_venta);
    expect(v.estado_sunat).toBe('1');
    expect(v.mensaje_sunat).toContain('4252');
  });

  it('rejected by a CDR: 200 success false with codigo, estado_sunat 2, the CDR kept; it cannot be sent again', async () => {
    const f = await createFactura(t, user);
    t.sunat.next({
      operation: 'sendBill',
      action: 'reject',
      code: '2800',
      message: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.',
    });
    const res = await enviar(f.id_venta);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { success: false, codigo: '2800', message: expect.stringContaining('tipo de documento de identidad') },
    });
    expect(await venta(f.id_venta)).toMatchObject({
      estado_sunat: '2',
      codigo_sunat: '2800',
      mensaje_sunat: res.body.message,
      cdr_url: `/api/ventas/${f.id_venta}/cdr`,
    });
    expect((await binary(request(t.http).get(`/api/ventas/${f.id_venta}/cdr`).set(bearer(user.token)))).status).toBe(200);
    const again = await enviar(f.id_venta);
    expect(again.status).toBe(409);
    // A rejected sale is known to SUNAT: no local annulment, edit or delete.
    expect((await request(t.http).post(`/api/ventas/${f.id_venta}/anular`).set(bearer(user.token))).status).toBe(409);
  });

  it('SOAP fault (exception): 200 success false, estado_sunat stays 0 with codigo/mensaje stored; a later send is accepted', async () => {
    const f = await createFactura(t, user);
    t.sunat.next({ operation: 'sendBill', action: 'fault', code: '0111', message: 'No tiene el perfil para enviar comprobantes electronicos' });
    const res = await enviar(f.id_venta);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { success: false, codigo: '0111', message: expect.stringContaining('perfil') },
    });
    expect(await venta(f.id_venta)).toMatchObject({ estado_sunat: '0', codigo_sunat: '0111', cdr_url: null });
    expect((await enviar(f.id_venta)).body).toMatchObject({ success: true, codigo: '0' });
  });

  it('transport failure (HTTP 502 from SUNAT): 502, the sale keeps its state, a retry is accepted', async () => {
    const f = await createFactura(t, user);
    t.sunat.next([
      { operation: 'sendBill', action: 'http', status: 502 },
      { operation: 'getStatusCdr', action: 'http', status: 502 },
    ]);
    const res = await enviar(f.id_venta);
    expect({ status: res.status, success: res.body.success, message: res.body.message }).toEqual({
      status: 502,
      success: false,
      message: expect.stringMatching(NO_COMUNICA),
    });
    expect(await venta(f.id_venta)).toMatchObject({ estado_sunat: '0', codigo_sunat: null, mensaje_sunat: null, cdr_url: null });
    expect((await binary(request(t.http).get(`/api/ventas/${f.id_venta}/cdr`).set(bearer(user.token)))).status).toBe(404);
    expect((await enviar(f.id_venta)).body).toMatchObject({ success: true, codigo: '0' });
    expect((await venta(f.id_venta)).estado_sunat).toBe('1');
  });

  it('timeout with the reconciliation failing too: 502 and state unchanged', async () => {
    const f = await createFactura(t, user);
    t.sunat.next([
      { operation: 'sendBill', action: 'delay', ms: LATE_MS },
      { operation: 'getStatusCdr', action: 'http', status: 503 },
    ]);
    const res = await enviar(f.id_venta);
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 502, message: expect.stringMatching(NO_COMUNICA) });
    expect(await venta(f.id_venta)).toMatchObject({ estado_sunat: '0', codigo_sunat: null, cdr_url: null });
  });

  it('a lost answer (timeout) is reconciled with getStatusCdr instead of sending twice: accepted', async () => {
    const f = await createFactura(t, user);
    const sent = sendBills();
    t.sunat.next({ operation: 'sendBill', action: 'delay', ms: LATE_MS });
    const res = await enviar(f.id_venta);
    expect({ status: res.status, success: res.body.success, codigo: res.body.codigo }).toEqual({ status: 200, success: true, codigo: '0' });
    expect(sendBills()).toBe(sent + 1);
    expect((await venta(f.id_venta)).estado_sunat).toBe('1');
  });

  it('two concurrent sends of one invoice: exactly one reaches SUNAT, the other is a 409', async () => {
    const f = await createFactura(t, user);
    const sent = sendBills();
    t.sunat.next({ operation: 'sendBill', action: 'delay', ms: 800 });
    const [a, b] = await Promise.all([enviar(f.id_venta), enviar(f.id_venta)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(sendBills()).toBe(sent + 1);
    expect((await venta(f.id_venta)).estado_sunat).toBe('1');
  });

  it('boletas are not sent one by one (409); a missing XML is a 409 with SPEC message; annulled sales are not sent', async () => {
    const b = await createVenta(t, user);
    const boleta = await enviar(b.id_venta);
    expect({ status: boleta.status, body: boleta.body }).toEqual({
      status: 409,
      body: { success: false, message: 'Las boletas se informan en el resumen diario.' },
    });

    const f = await createFactura(t, user);
    await t.app.get(DocumentStorage).delete(`empresa-${empresaId}/xml/${BETA_RUC}-01-F001-${f.numero}.xml`);
    const sent = sendBills();
    const missing = await enviar(f.id_venta);
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 409,
      body: { success: false, message: 'XML no encontrado. Genere el XML primero.' },
    });
    expect(sendBills()).toBe(sent);
    expect((await venta(f.id_venta)).estado_sunat).toBe('0');

    const anulada = await createFactura(t, user);
    expect((await request(t.http).post(`/api/ventas/${anulada.id_venta}/anular`).set(bearer(user.token))).status).toBe(200);
    expect((await enviar(anulada.id_venta)).status).toBe(409);
  });
});
