import request from 'supertest';
import { bearer, login } from '../support/auth';
import { makePfx } from '../support/certificates';
import { createEmpresa, createFactura, createUserSession } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

/**
 * A company in production mode signs with its own certificate, files under its own RUC and logs in to
 * SUNAT with its user_sol and the clave_sol stored encrypted (the simulator knows MODDATOS / moddatos).
 */
describe('Company in production mode', () => {
  let t: TestAppWithSunat;

  beforeAll(async () => {
    t = await createTestAppWithSunat();
  });
  afterAll(() => t.close());

  it('issues under its own RUC with its certificate and sends with its decrypted clave_sol; a wrong clave is SUNAT 0102', async () => {
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin, { modo: 'produccion', user_sol: 'MODDATOS', clave_sol: 'moddatos' });
    await request(t.http)
      .post(`/api/empresas/${empresa.id_empresa}/certificado`)
      .set(bearer(admin.token))
      .field('password', 'pfx-123')
      .attach('certificado', await makePfx(empresa.ruc, 'pfx-123'), 'firma.pfx')
      .expect(201);
    const user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.create', 'ventas.view']);

    const ok = await createFactura(t, user);
    expect(ok.nombre_xml).toBe(`${empresa.ruc}-01-F001-1.xml`);
    const sent = await request(t.http).post(`/api/ventas/${ok.id_venta}/enviar`).set(bearer(user.token)).expect(200);
    expect(sent.body).toMatchObject({ success: true, codigo: '0' });

    await request(t.http).post(`/api/empresas/${empresa.id_empresa}`).set(bearer(admin.token)).send({ clave_sol: 'equivocada' }).expect(201);
    const second = await createFactura(t, user);
    const refused = await request(t.http).post(`/api/ventas/${second.id_venta}/enviar`).set(bearer(user.token)).expect(200);
    expect(refused.body).toMatchObject({ success: false, codigo: '0102' });
    const [row] = await t.dataSource.query('SELECT estado_sunat, codigo_sunat FROM ventas WHERE id_venta = $1', [second.id_venta]);
    expect(row).toEqual({ estado_sunat: '0', codigo_sunat: '0102' });
  });
});
