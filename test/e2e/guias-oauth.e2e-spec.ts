import request from 'supertest';
import { guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createUserSession } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

/** SUNAT's OAuth server refuses the configured API client: a clear 502, nothing about the guide changes. */
describe('Guías de remisión: OAuth failure', () => {
  let t: TestAppWithSunat;
  let user: Session;

  beforeAll(async () => {
    t = await createTestAppWithSunat({ SUNAT_GRE_CLIENT_SECRET: 'secreto-equivocado' });
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view', 'ventas.create']);
  });
  afterAll(() => t.close());

  it('enviar answers 502 naming the credentials and the guide stays pendiente, never uploaded', async () => {
    const guia = (await request(t.http).post('/api/guias-remision').set(bearer(user.token)).send(guiaPublica()).expect(201)).body.data;
    const res = await request(t.http).post(`/api/guias-remision/${guia.id}/enviar`).set(bearer(user.token));
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      success: false,
      message: expect.stringMatching(
        /^No se pudo comunicar con SUNAT: SUNAT no aceptó las credenciales de la API GRE \(invalid_client: Cliente no autorizado\)/,
      ),
    });
    const detail = await request(t.http).get(`/api/guias-remision/${guia.id}`).set(bearer(user.token)).expect(200);
    expect(detail.body.data).toMatchObject({ estado: 'pendiente', ticket_sunat: null, codigo_sunat: null });
    expect(t.sunat.state.requests.map((r) => r.operation)).toEqual(['greToken']);
  });
});
