import request from 'supertest';
import { soapEnvelope } from '../../src/sunat/gateway/soap/envelope';
import { bearer, login } from '../support/auth';
import { makePfx } from '../support/certificates';
import { createEmpresa, createFactura, createUserSession } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

/**
 * A company in production mode signs with its own certificate, files under its own RUC and logs in to
 * SUNAT with its user_sol and the clave_sol stored encrypted. The built-in simulator takes any non-empty
 * SOL user and clave (it cannot know a company's real one) and refuses an empty one with SUNAT's 0102.
 */
describe('Company in production mode', () => {
  let t: TestAppWithSunat;

  beforeAll(async () => {
    t = await createTestAppWithSunat();
  });
  afterAll(() => t.close());

  it('issues under its own RUC with its certificate and sends with its own SOL user and decrypted clave_sol; without a clave it is SUNAT 0102', async () => {
    const admin = await login(t);
    const empresa = await createEmpresa(t, admin, { modo: 'produccion', user_sol: 'FACTURA1', clave_sol: 'Clave-Propia-2026' });
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

    // Another clave is just as good to the simulator.
    await request(t.http).post(`/api/empresas/${empresa.id_empresa}`).set(bearer(admin.token)).send({ clave_sol: 'Otra-Clave-9' }).expect(201);
    const second = await createFactura(t, user);
    expect((await request(t.http).post(`/api/ventas/${second.id_venta}/enviar`).set(bearer(user.token)).expect(200)).body).toMatchObject({
      success: true,
      codigo: '0',
    });

    // An empty clave_sol removes it: the send logs in with an empty password and SUNAT refuses it.
    await request(t.http).post(`/api/empresas/${empresa.id_empresa}`).set(bearer(admin.token)).send({ clave_sol: '' }).expect(201);
    const third = await createFactura(t, user);
    const refused = await request(t.http).post(`/api/ventas/${third.id_venta}/enviar`).set(bearer(user.token)).expect(200);
    expect(refused.body).toMatchObject({ success: false, codigo: '0102' });
    const [row] = await t.dataSource.query('SELECT estado_sunat, codigo_sunat FROM ventas WHERE id_venta = $1', [third.id_venta]);
    expect(row).toEqual({ estado_sunat: '0', codigo_sunat: '0102' });
  });

  it('the simulator over HTTP: an empty or blank SOL user or clave is fault 0102, any other pair gets through to the document checks', async () => {
    const billService = `${t.sunat.url}/ol-ti-itcpfegem/billService`;
    const call = (usuario: string, clave: string) =>
      fetch(billService, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: 'urn:getStatus' },
        body: soapEnvelope({ ruc: '20100066603', usuario, clave }, 'getStatus', { ticket: '1234567890123' }),
      });
    for (const [usuario, clave] of [
      ['', ''],
      ['FACTURA1', ''],
      ['FACTURA1', '   '],
      ['', 'Clave-Propia-2026'],
    ]) {
      const res = await call(usuario, clave);
      expect({ usuario, clave, status: res.status, fault: /<faultcode>[^<]*0102<\/faultcode>/.test(await res.text()) }).toEqual({
        usuario,
        clave,
        status: 500,
        fault: true,
      });
    }
    const accepted = await call('FACTURA1', 'Clave-Propia-2026');
    expect(await accepted.text()).not.toContain('0102');
  });
});
