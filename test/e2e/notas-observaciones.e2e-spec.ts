import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFacturaAceptada, createUserSession } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

jest.setTimeout(180_000);

const VENTAS = ['ventas.view', 'ventas.create', 'ventas.edit', 'ventas.delete'];
// SPEC's default product code 10000000 (a segment): SUNAT's rules observe 4337 on every line without one
const OBS_4337 = [expect.stringMatching(/^4337 - /)];

/** Issue 16: SUNAT's observations (4000+) are kept for credit and debit notes, as for sales. */
describe.each([
  ['notas-credito', '01', {}],
  ['notas-debito', '02', { monto_total: 100 }],
])('/api/%s: observations kept and shown', (recurso, codigoMotivo, extra) => {
  let t: TestAppWithSunat;
  let a: Session & { userId: number };
  let motivoId: number;
  const api = (path: string) => `/api/${recurso}${path}`;

  beforeAll(async () => {
    t = await createTestAppWithSunat();
    const admin = await login(t);
    const empresa = (await createEmpresa(t, admin)).id_empresa;
    a = await createUserSession(t, admin, empresa, VENTAS);
    const motivos = (await request(t.http).get(api('/motivos')).set(bearer(a.token))).body.data as Array<{ id: number; codigo_sunat: string }>;
    motivoId = motivos.find((m) => m.codigo_sunat === codigoMotivo)!.id;
  });
  afterAll(() => t.close());

  it('at create (the rules before SUNAT), in the detail, and after the send (the CDR notes, not repeated)', async () => {
    const f = await createFacturaAceptada(t, a);
    const created = await request(t.http)
      .post(api(''))
      .set(bearer(a.token))
      .send({ id_venta: f.id_venta, motivo_id: motivoId, ...extra })
      .expect(201);
    const nota = created.body.data;
    expect(nota.observaciones).toEqual(OBS_4337);
    const shown = await request(t.http)
      .get(api(`/${nota.id}`))
      .set(bearer(a.token))
      .expect(200);
    expect(shown.body.data.observaciones).toEqual(OBS_4337);

    const sent = await request(t.http)
      .post(api(`/${nota.id}/enviar`))
      .set(bearer(a.token))
      .expect(200);
    expect(sent.body).toMatchObject({ success: true, codigo: '0', observaciones: OBS_4337 });
    const after = await request(t.http)
      .get(api(`/${nota.id}`))
      .set(bearer(a.token))
      .expect(200);
    expect(after.body.data).toMatchObject({ estado: 'aceptado', observaciones: OBS_4337 });
  });
});
