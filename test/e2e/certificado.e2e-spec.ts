import request from 'supertest';
import { EmisorService } from '../../src/empresas/emisor.service';
import { bearer, login, Session } from '../support/auth';
import { makePem, makePfx } from '../support/certificates';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createUserSession } from '../support/factories';

describe('Company certificate', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
  });
  afterAll(() => t.close());

  it('uploads a PFX with its password: answers subject and validity, stores the key encrypted, never returns it', async () => {
    const empresa = await createEmpresa(t, admin);
    const pfx = await makePfx(empresa.ruc, 'clave-pfx-123');
    const res = await request(t.http)
      .post(`/api/empresas/${empresa.id_empresa}/certificado`)
      .set(bearer(admin.token))
      .field('password', 'clave-pfx-123')
      .attach('certificado', pfx, 'firma.pfx')
      .expect(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data.subject).toContain(empresa.ruc);
    expect(res.body.data.valido_desde).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body.data.valido_hasta > res.body.data.valido_desde).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/PRIVATE KEY|clave-pfx-123/);
    const [row] = await t.dataSource.query('SELECT certificado_cifrado FROM empresas WHERE id_empresa = $1', [empresa.id_empresa]);
    expect(row.certificado_cifrado).toMatch(/^v1:/);
    expect(row.certificado_cifrado).not.toContain('PRIVATE KEY');
    const detail = await request(t.http).get(`/api/empresas/${empresa.id_empresa}`).set(bearer(admin.token)).expect(200);
    expect(detail.body.data.certificado).toEqual(res.body.data);
    expect(JSON.stringify(detail.body)).not.toContain('PRIVATE KEY');
  });

  it('refuses a wrong password, an expired certificate and an empty upload with 422', async () => {
    const empresa = await createEmpresa(t, admin);
    const pfx = await makePfx(empresa.ruc, 'correcta');
    const wrong = await request(t.http)
      .post(`/api/empresas/${empresa.id_empresa}/certificado`)
      .set(bearer(admin.token))
      .field('password', 'incorrecta')
      .attach('certificado', pfx, 'firma.pfx')
      .expect(422);
    expect(wrong.body.errors.certificado).toEqual(['La contraseña del certificado es incorrecta.']);
    const expired = await makePfx(empresa.ruc, 'x', { notBefore: new Date('2020-01-01'), notAfter: new Date('2021-01-01') });
    const old = await request(t.http)
      .post(`/api/empresas/${empresa.id_empresa}/certificado`)
      .set(bearer(admin.token))
      .field('password', 'x')
      .attach('certificado', expired, 'viejo.pfx')
      .expect(422);
    expect(old.body.errors.certificado[0]).toMatch(/^El certificado venció el 20(20|21)-/);
    await request(t.http).post(`/api/empresas/${empresa.id_empresa}/certificado`).set(bearer(admin.token)).field('password', 'x').expect(422);
  });

  it('accepts PEM key and certificate, and the company signs with it from then on', async () => {
    const empresa = await createEmpresa(t, admin, { modo: 'produccion' });
    const emisor = t.app.get(EmisorService);
    await expect((await emisor.forEmpresa(empresa.id_empresa)).credentials()).rejects.toMatchObject({ status: 422 });
    const pem = await makePem(empresa.ruc);
    const res = await request(t.http)
      .post(`/api/empresas/${empresa.id_empresa}/certificado`)
      .set(bearer(admin.token))
      .attach('certificado', Buffer.from(pem.cert), 'cert.pem')
      .attach('clave_privada', Buffer.from(pem.key), 'key.pem');
    expect(res.body).toMatchObject({ success: true });
    expect(res.status).toBe(201);
    const credentials = await (await emisor.forEmpresa(empresa.id_empresa)).credentials();
    expect(credentials.certificateDerBase64).toBe(pem.cert.replace(/-----[^-]+-----|\s/g, ''));
  });

  it('gives a beta company without certificate a self-signed test certificate on first use, once', async () => {
    const empresa = await createEmpresa(t, admin);
    const emisor = await t.app.get(EmisorService).forEmpresa(empresa.id_empresa);
    expect(emisor.ruc).toBe('20000000001');
    const [a, b] = await Promise.all([emisor.credentials(), emisor.credentials()]);
    expect(a.certificateDerBase64).toBe(b.certificateDerBase64);
    const [row] = await t.dataSource.query('SELECT certificado_info FROM empresas WHERE id_empresa = $1', [empresa.id_empresa]);
    expect(row.certificado_info.subject).toContain(empresa.ruc);
    const again = await (await t.app.get(EmisorService).forEmpresa(empresa.id_empresa)).credentials();
    expect(again.certificateDerBase64).toBe(a.certificateDerBase64);
  });

  it('needs empresas.edit and the same company', async () => {
    const a = await createEmpresa(t, admin);
    const b = await createEmpresa(t, admin);
    const viewer = await createUserSession(t, admin, a.id_empresa, ['empresas.view']);
    await request(t.http).post(`/api/empresas/${a.id_empresa}/certificado`).set(bearer(viewer.token)).expect(403);
    const editor = await createUserSession(t, admin, a.id_empresa, ['empresas.edit']);
    await request(t.http)
      .post(`/api/empresas/${b.id_empresa}/certificado`)
      .set(bearer(editor.token))
      .attach('certificado', Buffer.from('x'), 'c.pfx')
      .expect(403);
  });
});
