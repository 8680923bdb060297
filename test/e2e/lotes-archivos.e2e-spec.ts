import request from 'supertest';
import { hoyLima } from '../../src/common/fecha';
import { DocumentIssuer } from '../../src/sunat/nest/document-issuer';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createFacturaAceptada, createUserSession, createVenta } from '../support/factories';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

/** Issue 15: the RC and RA files and their CDRs can be downloaded, like those of notes and guides. */
describe('Downloads of daily summaries (RC) and voiding communications (RA)', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let user: Session;
  let otraEmpresa: Session;
  let empresaId: number;
  let rc: { ticket: string; nombre: string };
  let ra: { ticket: string; nombre: string };
  const dia = hoyLima().replace(/-/g, '');

  /** `Buffer` bodies for XML and ZIP answers alike. */
  const get = (path: string, session: Session = user) =>
    request(t.http)
      .get(path)
      .set(bearer(session.token))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const post = (path: string, body: object) => request(t.http).post(path).set(bearer(user.token)).send(body);
  const issuer = () => t.app.get(DocumentIssuer);

  beforeAll(async () => {
    t = await createTestAppWithSunat({}, 0);
    admin = await login(t);
    empresaId = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresaId, ['ventas.view', 'ventas.create', 'ventas.delete']);
    const empresaB = (await createEmpresa(t, admin)).id_empresa;
    otraEmpresa = await createUserSession(t, admin, empresaB, ['ventas.view', 'ventas.create', 'ventas.delete']);

    const boleta = await createVenta(t, user);
    const resumen = await post('/api/resumen-diario', { ids: [boleta.id_venta], fecha_resumen: hoyLima() }).expect(200);
    rc = { ticket: resumen.body.ticket, nombre: resumen.body.nombre_archivo };
    const factura = await createFacturaAceptada(t, user);
    const baja = await post('/api/comunicacion-baja', { documentos: [{ id_venta: factura.id_venta, motivo: 'ERROR EN EMISION' }] }).expect(200);
    ra = { ticket: baja.body.ticket, nombre: baja.body.nombre_archivo };
  });
  afterAll(() => t.close());

  const casos = () =>
    [
      ['resumen-diario', 'RC', rc],
      ['comunicacion-baja', 'RA', ra],
    ] as const;

  it('serves the signed XML of the company’s batch inline, with or without .xml', async () => {
    for (const [ruta, tipo, lote] of casos()) {
      expect(lote.nombre).toMatch(new RegExp(`^20000000001-${tipo}-${dia}-\\d{3}\\.xml$`));
      const stored = await issuer().readXml(empresaId, lote.nombre.replace('.xml', ''));
      const res = await get(`/api/${ruta}/xml/${lote.nombre}`).expect(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${lote.nombre}"`);
      expect(Buffer.compare(res.body as Buffer, stored!)).toBe(0);
      const sinExtension = await get(`/api/${ruta}/xml/${lote.nombre.replace('.xml', '')}`).expect(200);
      expect(Buffer.compare(sinExtension.body as Buffer, stored!)).toBe(0);
    }
  });

  it('has no CDR before SUNAT’s final answer (404), then serves R-ticket-{ticket}.zip as an attachment', async () => {
    for (const [ruta, , lote] of casos()) {
      const antes = await request(t.http).get(`/api/${ruta}/cdr/${lote.nombre}`).set(bearer(user.token)).expect(404);
      expect(antes.body).toEqual({ success: false, message: 'CDR no encontrado.' });
      const answer = await post(`/api/${ruta}/consultar-ticket`, { ticket: lote.ticket }).expect(200);
      expect(answer.body).toMatchObject({ success: true, codigo: '0' });
      const stored = await issuer().readCdr(empresaId, `ticket-${lote.ticket}`);
      expect(stored).not.toBeNull();
      const res = await get(`/api/${ruta}/cdr/${lote.nombre}`).expect(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="R-ticket-${lote.ticket}.zip"`);
      expect(Buffer.compare(res.body as Buffer, stored!)).toBe(0);
      expect((res.body as Buffer).subarray(0, 2).toString('latin1')).toBe('PK');
    }
  });

  it('answers 404 for the other flow’s batch, another company’s batch, unknown and malformed names', async () => {
    const noEncontrado = async (path: string, session: Session = user) => {
      const res = await request(t.http).get(path).set(bearer(session.token)).expect(404);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/^(XML|CDR) no encontrado\.$/);
    };
    for (const archivo of ['xml', 'cdr']) {
      await noEncontrado(`/api/resumen-diario/${archivo}/${ra.nombre}`);
      await noEncontrado(`/api/comunicacion-baja/${archivo}/${rc.nombre}`);
      await noEncontrado(`/api/resumen-diario/${archivo}/${rc.nombre}`, otraEmpresa);
      await noEncontrado(`/api/comunicacion-baja/${archivo}/${ra.nombre}`, otraEmpresa);
      await noEncontrado(`/api/resumen-diario/${archivo}/20000000001-RC-19990101-001.xml`);
      for (const malo of ['..%2F..%2Fetc%2Fpasswd', '20000000001-03-B001-1.xml', `20000000001-RC-${dia}-1.xml`, `${rc.nombre}.zip`, `x${rc.nombre}`]) {
        await noEncontrado(`/api/resumen-diario/${archivo}/${malo}`);
        await noEncontrado(`/api/comunicacion-baja/${archivo}/${malo}`);
      }
    }
  });

  it('needs authentication and ventas.view', async () => {
    const sinVer = await createUserSession(t, admin, empresaId, ['ventas.create', 'ventas.delete']);
    for (const [ruta, , lote] of casos()) {
      for (const archivo of ['xml', 'cdr']) {
        await request(t.http).get(`/api/${ruta}/${archivo}/${lote.nombre}`).expect(401);
        const res = await request(t.http).get(`/api/${ruta}/${archivo}/${lote.nombre}`).set(bearer(sinVer.token)).expect(403);
        expect(res.body).toEqual({ success: false, message: 'No tienes permiso para realizar esta acción' });
      }
    }
  });
});
