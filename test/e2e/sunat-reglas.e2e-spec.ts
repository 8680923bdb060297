import request from 'supertest';
import { HttpSunatGateway } from '../../src/sunat/gateway/http-sunat-gateway';
import { TicketStatusResult } from '../../src/sunat/gateway/results';
import { betaContext } from '../../src/sunat/gateway/testing-context';
import { createSelfSignedCert } from '../../src/sunat/simulator/crypto/self-signed';
import { validateSunatRules } from '../../src/sunat/validation';
import { buildInvoiceXml } from '../../src/sunat/xml/invoice-xml';
import { factura as facturaFixture } from '../../src/sunat/xml/testing/fixtures';
import { zipDocument } from '../../src/sunat/zip/zip';
import { bearer, login, Session } from '../support/auth';
import { createEmpresa, createProducto, createUserSession, nextRuc } from '../support/factories';
import { greenterGuide, ownDocuments, RuleCase, ruleCases, signForTest } from '../support/sunat-rule-cases';
import { createTestAppWithSunat, TestAppWithSunat } from '../support/sunat';

/**
 * Issue 16: the simulator judges with SUNAT's rules (through the gateway, over HTTP), the service refuses
 * before signing what SUNAT would reject, and /api/validar answers the same codes for documents made elsewhere.
 */
describe('SUNAT rules: simulator, pre-send check and /api/validar', () => {
  let t: TestAppWithSunat;
  let admin: Session;
  let user: Session & { userId: number };
  let gateway: HttpSunatGateway;
  let empresaId: number;
  const key = createSelfSignedCert('EMPRESA DE PRUEBAS SAC');

  beforeAll(async () => {
    t = await createTestAppWithSunat({}, 0);
    admin = await login(t);
    const empresa = await createEmpresa(t, admin);
    empresaId = empresa.id_empresa;
    user = await createUserSession(t, admin, empresa.id_empresa, ['ventas.view', 'ventas.create', 'productos.create', 'productos.view']);
    gateway = new HttpSunatGateway({ endpoints: t.sunat.endpoints });
  });
  afterAll(() => t.close());

  const validar = (tipo: string, xml: string, nombre?: string) =>
    request(t.http)
      .post(`/api/validar/${tipo}${nombre ? `?nombre=${encodeURIComponent(nombre)}` : ''}`)
      .set(bearer(user.token))
      .set('Content-Type', 'application/xml')
      .send(xml);

  /** What the simulator answers a document sent through the gateway: its code and how it came. */
  async function sunatAnswer(tipo: string, name: string, xml: string): Promise<{ kind: string; code?: string; notes?: string[] }> {
    const zip = zipDocument(name, xml);
    const ctx = betaContext();
    if (tipo === 'RC' || tipo === 'RA' || tipo === '09') {
      const sent = tipo === '09' ? await gateway.sendGuide(ctx, name, zip) : await gateway.sendSummary(ctx, `${name}.zip`, zip);
      if (sent.kind !== 'ticket') return { kind: sent.kind, code: 'code' in sent ? sent.code : undefined };
      const status: TicketStatusResult = tipo === '09' ? await gateway.getGuideStatus(ctx, sent.ticket) : await gateway.getStatus(ctx, sent.ticket);
      return { kind: status.kind, code: 'code' in status ? status.code : undefined };
    }
    const result = await gateway.sendBill(ctx, `${name}.zip`, zip);
    return {
      kind: result.kind,
      code: 'code' in result ? result.code : undefined,
      notes: 'notes' in result ? result.notes.map((n) => n.code ?? '') : undefined,
    };
  }

  describe.each(ruleCases(key).map((c) => [c.label, c] as [string, RuleCase]))('%s', (_label, c) => {
    it(`the simulator answers ${c.code} (${c.answer === 'fault' ? 'SOAP fault' : 'rejection CDR'}) through the gateway`, async () => {
      expect(await sunatAnswer(c.tipo, c.name, c.xml)).toMatchObject({ kind: c.answer === 'fault' ? 'exception' : 'rejected', code: c.code });
    });

    it(`/api/validar/${c.tipo} finds ${c.code} first`, async () => {
      const res = await validar(c.tipo, c.xml, `${c.name}.xml`).expect(200);
      expect(res.body).toMatchObject({ success: true, valido: false });
      expect(res.body.errores[0]).toEqual({ codigo: c.code, mensaje: expect.any(String), ubicacion: expect.any(String) });
    });
  });

  it("Greenter's sample guide: the simulator rejects it with the first of its rule errors; /api/validar lists them all", async () => {
    const xml = signForTest(key, greenterGuide());
    const name = '20000000001-09-T001-123';
    const errors = (await validateSunatRules('09', xml, { fileName: `${name}.xml` })).filter((f) => f.severidad === 'error');
    expect(errors.length).toBeGreaterThan(10);
    const first = (await validateSunatRules('09', xml, { fileName: `${name}.xml`, stopAtFirst: true })).find((f) => f.severidad === 'error')!;
    expect(await sunatAnswer('09', name, xml)).toEqual({ kind: 'rejected', code: first.codigo });
    const res = await validar('09', xml, `${name}.xml`).expect(200);
    expect(res.body.valido).toBe(false);
    expect(res.body.errores.map((e: { codigo: string }) => e.codigo)).toEqual(errors.map((e) => e.codigo));
  });

  it.each(ownDocuments(key).map((d) => [d.tipo, d] as const))("the project's own %s passes with 0 errors (simulator and /api/validar)", async (tipo, d) => {
    const res = await validar(tipo, d.xml, `${d.name}.xml`).expect(200);
    expect(res.body).toMatchObject({ success: true, valido: true, errores: [] });
    // the RA voids documents this simulator never registered (2105): its rules pass, its targets are checked apart
    if (tipo !== 'RA') expect(await sunatAnswer(tipo, d.name, d.xml)).toMatchObject({ kind: 'accepted' });
  });

  it('an RA for a document SUNAT never accepted is rejected (2105); for an accepted one it is accepted, then 2323 the second time', async () => {
    const [, , , , , , ra] = ownDocuments(key);
    expect(await sunatAnswer('RA', ra.name, ra.xml)).toMatchObject({ kind: 'rejected', code: '2105' });
  });

  it('the service refuses to sign what SUNAT would reject: 422 with the code, nothing stored or numbered', async () => {
    // the DTOs stop most of the issue's cases (DNI client, B series, unit XYZ); a one-letter client name (SUNAT 2022) gets through them
    const count = async () => Number((await t.dataSource.query('SELECT count(*) AS n FROM ventas'))[0].n);
    const before = await count();
    const ultimo = Number(
      (await t.dataSource.query(`SELECT COALESCE(MAX(numero), 0) AS n FROM ventas WHERE id_empresa = $1 AND serie = 'F001'`, [empresaId]))[0].n,
    );
    const body = {
      tipo_documento: '01',
      cliente_documento: nextRuc(),
      cliente_datos: 'A',
      productos: [{ descripcion: 'SERVICIO', cantidad: 1, precio_unitario: 118 }],
    };
    const res = await request(t.http).post('/api/ventas').set(bearer(user.token)).send(body).expect(422);
    expect(res.body).toEqual({ success: false, message: 'SUNAT rechazaría el comprobante.', errors: { xml: [expect.stringMatching(/^2022: /)] } });
    expect(await count()).toBe(before);
    const ok = await request(t.http)
      .post('/api/ventas')
      .set(bearer(user.token))
      .send({ ...body, cliente_datos: 'CLIENTE CORRECTO S.A.C.' })
      .expect(201);
    // the refused create did not spend a number
    expect(ok.body.data.numero).toBe(ultimo + 1);
  });

  it('a sale SUNAT observes (4337) is accepted; the observation is stored and shown, at creation and after sending', async () => {
    const producto = await createProducto(t, user, { codigo_sunat: '43210000' });
    const created = await request(t.http)
      .post('/api/ventas')
      .set(bearer(user.token))
      .send({
        tipo_documento: '01',
        cliente_documento: nextRuc(),
        cliente_datos: 'CLIENTE OBSERVADO S.A.C.',
        descontar_stock: false,
        productos: [{ id_producto: producto.id_producto, cantidad: 1 }],
      })
      .expect(201);
    const venta = created.body.data;
    expect(venta.observaciones).toEqual([expect.stringMatching(/^4337 - /)]);
    const sent = await request(t.http).post(`/api/ventas/${venta.id_venta}/enviar`).set(bearer(user.token)).expect(200);
    expect(sent.body).toMatchObject({ success: true, codigo: '0', observaciones: [expect.stringMatching(/^4337 - /)] });
    const shown = await request(t.http).get(`/api/ventas/${venta.id_venta}`).set(bearer(user.token)).expect(200);
    expect(shown.body.data ?? shown.body).toMatchObject({ estado_sunat: '1', observaciones: [expect.stringMatching(/^4337 - /)] });
  });

  describe('/api/validar input', () => {
    const [factura] = ownDocuments(key);

    it('takes a multipart file field archivo (its name used when it is a SUNAT name)', async () => {
      // A product code at family level (4321xxxx): SUNAT's rules want a class at least and observe 4337.
      const observada = facturaFixture();
      observada.lines[0].codigo_sunat = '43210000';
      const res = await request(t.http)
        .post('/api/validar/01')
        .set(bearer(user.token))
        .attach('archivo', Buffer.from(signForTest(key, buildInvoiceXml(observada))), `${factura.name}.xml`)
        .expect(200);
      expect(res.body).toMatchObject({ success: true, valido: true, errores: [] });
      expect(res.body.observaciones).toContainEqual(expect.objectContaining({ codigo: '4337' }));
    });

    it('refuses a DTD, an unknown tipo, a root of another tipo, an empty body; 413 past 2 MB; 401 without a session', async () => {
      const dtd = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]>${factura.xml.replace(/^<\?xml[^>]*\?>/, '')}`;
      expect((await validar('01', dtd).expect(422)).body.errors.archivo[0]).toMatch(/DOCTYPE/);
      expect((await validar('02', factura.xml).expect(422)).body.errors).toHaveProperty('tipo');
      expect((await validar('07', factura.xml).expect(422)).body.errors.archivo[0]).toMatch(/CreditNote/);
      await request(t.http).post('/api/validar/01').set(bearer(user.token)).set('Content-Type', 'application/xml').send('').expect(422);
      const big = factura.xml.replace('</Invoice>', `<!--${'x'.repeat(2 * 1024 * 1024)}--></Invoice>`);
      await validar('01', big).expect(413);
      await request(t.http).post('/api/validar/01').set('Content-Type', 'application/xml').send(factura.xml).expect(401);
    });
  });
});
