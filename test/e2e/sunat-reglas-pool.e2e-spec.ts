import request from 'supertest';
import { activeSunatRulesPool } from '../../src/sunat/validation';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createUserSession, nextRuc } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

/**
 * The pre-send check as the service runs it outside tests: SUNAT's rules in a worker thread
 * (SUNAT_RULES_WORKERS=1), not on the event loop. Same answers as in-thread validation.
 */
describe('SUNAT rules before sending, through the worker pool', () => {
  let t: TestAppWithSunat;
  let user: Session;

  beforeAll(async () => {
    t = await createTestAppWithSunat({ SUNAT_RULES_WORKERS: '1' });
    const admin = await login(t);
    const empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create']);
  });
  afterAll(() => t.close());

  const factura = (cliente_datos: string) => ({
    tipo_documento: '01',
    cliente_documento: nextRuc(),
    cliente_datos,
    productos: [{ descripcion: 'SERVICIO', cantidad: 1, precio_unitario: 118 }],
  });

  it('runs in a pool of one worker', () => {
    expect(activeSunatRulesPool()).not.toBeNull();
  });

  it('refuses what SUNAT would reject (2022) and signs what it accepts, then the simulator accepts it', async () => {
    const refused = await request(t.http).post('/api/ventas').set(bearer(user.token)).send(factura('A')).expect(422);
    expect(refused.body).toEqual({ success: false, message: 'SUNAT rechazaría el comprobante.', errors: { xml: [expect.stringMatching(/^2022: /)] } });
    const created = await request(t.http).post('/api/ventas').set(bearer(user.token)).send(factura('CLIENTE CORRECTO S.A.C.')).expect(201);
    const sent = await request(t.http).post(`/api/ventas/${created.body.data.id_venta}/enviar`).set(bearer(user.token)).expect(200);
    expect(sent.body).toMatchObject({ success: true, codigo: '0' });
  });

  it('validates parallel creates in the worker without mixing their answers', async () => {
    const bodies = Array.from({ length: 6 }, (_, i) => factura(i % 2 ? 'B' : `CLIENTE ${i} S.A.C.`));
    const answers = await Promise.all(bodies.map((b) => request(t.http).post('/api/ventas').set(bearer(user.token)).send(b)));
    expect(answers.map((a) => a.status)).toEqual([201, 422, 201, 422, 201, 422]);
  });
});
