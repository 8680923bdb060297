import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createFactura, createUserSession } from '../support/factories';

/** Binary bodies (PDF, XML, zip) as a Buffer. */
function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
}

describe('Signed download links (POST /api/enlaces, GET /api/enlaces/{token})', () => {
  let t: TestApp;
  let admin: Session;
  let a: Session;
  let b: Session;
  let soloCotizaciones: Session;
  let factura: Awaited<ReturnType<typeof createFactura>>;
  let cotizacionId: number;
  const enlace = (session: Session, body: Record<string, unknown>) => request(t.http).post('/api/enlaces').set(bearer(session.token)).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    const empresaA = (await createEmpresa(t, admin)).id_empresa;
    const empresaB = (await createEmpresa(t, admin)).id_empresa;
    const permisos = ['ventas.view', 'ventas.create', 'cotizaciones.view', 'cotizaciones.create', 'clientes.create'];
    a = await createUserSession(t, admin, empresaA, permisos);
    b = await createUserSession(t, admin, empresaB, permisos);
    soloCotizaciones = await createUserSession(t, admin, empresaA, ['cotizaciones.view']);
    factura = await createFactura(t, a);
    const cot = await request(t.http)
      .post('/api/cotizaciones')
      .set(bearer(a.token))
      .send({
        fecha: '2025-01-15',
        moneda: 'PEN',
        aplicar_igv: true,
        cliente_nombre: 'CONSTRUCTORA LOS ANDES',
        productos: [{ nombre: 'LADRILLO', cantidad: 10, precio_unitario: 1.18 }],
      })
      .expect(201);
    cotizacionId = cot.body.data.id_cotizacion;
  });

  afterAll(() => t.close());

  it('answers a five-minute URL that serves exactly the XML of the normal route, with no bearer header', async () => {
    const res = await enlace(a, { tipo: 'venta-xml', id: factura.id_venta }).expect(201);
    expect(res.body).toEqual({ success: true, url: expect.stringMatching(/^\/api\/enlaces\/[\w-]+\.[\w-]+\.[\w-]+$/), expira_en: expect.any(String) });
    const claims = t.app
      .get(JwtService, { strict: false })
      .decode<{ exp: number; iat: number; emp: number; tipo: string; id: number }>(res.body.url.split('/').pop());
    expect(claims.exp - claims.iat).toBe(300);
    expect(new Date(res.body.expira_en).getTime()).toBe(claims.exp * 1000);
    expect(claims).toMatchObject({ tipo: 'venta-xml', id: factura.id_venta });

    const direct = await binary(request(t.http).get(`/api/ventas/${factura.id_venta}/xml`).set(bearer(a.token))).expect(200);
    const viaLink = await binary(request(t.http).get(res.body.url)).expect(200);
    expect(viaLink.headers['content-type']).toMatch(/^application\/xml/);
    expect(viaLink.headers['cache-control']).toBe('private, no-store');
    expect(viaLink.headers['content-disposition']).toBe(`inline; filename="${factura.nombre_xml}"`);
    expect(Buffer.compare(viaLink.body as Buffer, direct.body as Buffer)).toBe(0);
  });

  it('serves PDFs (A4 and ticket) and quotations the same way', async () => {
    for (const body of [
      { session: a, tipo: 'venta-pdf', id: factura.id_venta },
      { session: a, tipo: 'venta-ticket', id: factura.id_venta },
      { session: soloCotizaciones, tipo: 'cotizacion-pdf', id: cotizacionId },
    ]) {
      const { url } = (await enlace(body.session, { tipo: body.tipo, id: body.id }).expect(201)).body as { url: string };
      const res = await binary(request(t.http).get(url)).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('checks the permission and the company of the normal route before signing anything', async () => {
    expect((await enlace(soloCotizaciones, { tipo: 'venta-pdf', id: factura.id_venta }).expect(403)).body).toEqual({
      success: false,
      message: 'No tienes permiso para realizar esta acción',
    });
    // Another company's sale: the same 403 as GET /api/ventas/{id}/xml gives.
    const otra = await enlace(b, { tipo: 'venta-xml', id: factura.id_venta });
    const normal = await request(t.http).get(`/api/ventas/${factura.id_venta}/xml`).set(bearer(b.token));
    expect(otra.status).toBe(normal.status);
    expect(otra.body).toEqual(normal.body);
    // No CDR yet (never sent): the normal route's 404, and no link.
    expect((await enlace(a, { tipo: 'venta-cdr', id: factura.id_venta }).expect(404)).body).toEqual({ success: false, message: 'CDR no encontrado.' });
    expect((await enlace(a, { tipo: 'venta-zip', id: factura.id_venta }).expect(422)).body.errors).toHaveProperty('tipo');
    await request(t.http).post('/api/enlaces').send({ tipo: 'venta-xml', id: factura.id_venta }).expect(401);
  });

  it('refuses tampered, expired, foreign-key and unsigned links with 401, and a link is no bearer token', async () => {
    const { url } = (await enlace(a, { tipo: 'venta-xml', id: factura.id_venta }).expect(201)).body as { url: string };
    const token = url.split('/').pop()!;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, emp: 999 })).toString('base64url');
    const jwt = t.app.get(JwtService, { strict: false });
    const now = Math.floor(Date.now() / 1000);
    const expired = await jwt.signAsync({ ...claims, iat: now - 600, exp: now - 300 });
    const otherKey = await new JwtService({ secret: 'otra-clave' }).signAsync({
      emp: claims.emp,
      sub: claims.sub,
      tipo: 'venta-xml',
      id: factura.id_venta,
      aud: 'enlace-descarga',
    });
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const bad of [`${header}.${forged}.${signature}`, `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`, expired, otherKey, none, 'nada']) {
      expect((await request(t.http).get(`/api/enlaces/${bad}`).expect(401)).body).toEqual({ success: false, message: 'Enlace no válido o vencido.' });
    }
    // The link is not an access token: neither as a header nor as ?token= on a web route.
    await request(t.http).get(`/api/ventas/${factura.id_venta}/xml`).set(bearer(token)).expect(401);
    await request(t.http).get(`/reporteNV/${factura.id_venta}?token=${token}`).expect(401);
    // ?token= with the access token keeps working where SPEC.md allows it.
    await binary(request(t.http).get(`/reporteNV/${factura.id_venta}?token=${encodeURIComponent(a.token)}`)).expect(200);
  });
});
