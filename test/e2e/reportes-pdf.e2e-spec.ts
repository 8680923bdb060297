import QRCode from 'qrcode';
import request from 'supertest';
import { drawnQrModules, expectedQrModules, inspectPdf, sameModules } from '../../src/reportes/testing/pdf-inspect';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createFactura, createUserSession, createVenta, nextRuc } from '../support/factories';

/** The web routes answer binary PDFs: collect the body as a Buffer. */
function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
}

const A4_MODULE = 2.25;
const TICKET_MODULE = 2;
const BETA_RUC = '20000000001';

describe('Reportes: PDFs of sales and quotations, web routes and ?token=', () => {
  let t: TestApp;
  let admin: Session;
  let empresaA: number;
  let a: Session;
  let b: Session;
  let soloCotizaciones: Session;
  let factura: Awaited<ReturnType<typeof createFactura>>;
  let boleta: Awaited<ReturnType<typeof createVenta>>;
  let cotizacionId: number;
  const pdf = (path: string, token?: string) => {
    const req = request(t.http).get(path);
    return binary(token ? req.set(bearer(token)) : req);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    empresaA = (await createEmpresa(t, admin, { razon_social: 'DISTRIBUIDORA ANDINA S.A.C.', comercial: 'ANDINA', telefono: '014445555' })).id_empresa;
    const empresaB = (await createEmpresa(t, admin)).id_empresa;
    const permisos = ['ventas.view', 'ventas.create', 'cotizaciones.view', 'cotizaciones.create', 'clientes.create'];
    a = await createUserSession(t, admin, empresaA, permisos);
    b = await createUserSession(t, admin, empresaB, permisos);
    soloCotizaciones = await createUserSession(t, admin, empresaA, ['cotizaciones.view']);
    // A PNG logo (any PNG will do: the QR package writes one).
    const logo = await QRCode.toBuffer('LOGO', { type: 'png', width: 120 });
    await request(t.http)
      .post(`/api/empresas/${empresaA}`)
      .set(bearer(admin.token))
      .attach('logo', logo, { filename: 'logo.png', contentType: 'image/png' })
      .expect(201);
    factura = await createFactura(t, a, {
      cliente_documento: nextRuc(),
      cliente_datos: 'FERRETERÍA EL MARTILLO S.A.C.',
      productos: [
        { descripcion: 'CEMENTO SOL 42.5 KG', cantidad: 10, precio_unitario: 29.5 },
        { descripcion: 'FIERRO CORRUGADO 1/2"', cantidad: 4, precio_unitario: 44.25 },
      ],
    });
    boleta = await createVenta(t, a, { cliente_datos: 'JUAN PÉREZ' });
    const cot = await request(t.http)
      .post('/api/cotizaciones')
      .set(bearer(a.token))
      .send({
        fecha: '2025-01-15',
        moneda: 'PEN',
        aplicar_igv: true,
        cliente_nombre: 'CONSTRUCTORA LOS ANDES',
        asunto: 'Materiales de obra',
        productos: [{ nombre: 'LADRILLO KING KONG', cantidad: 1000, precio_unitario: 1.18 }],
      })
      .expect(201);
    cotizacionId = cot.body.data.id_cotizacion;
  });
  afterAll(() => t.close());

  async function ventaJson(id: number) {
    return (await request(t.http).get(`/api/ventas/${id}`).set(bearer(a.token)).expect(200)).body.data;
  }

  describe('sale A4 and ticket', () => {
    it.each([
      ['A4', '', A4_MODULE],
      ['ticket', '/ticket', TICKET_MODULE],
    ])('renders the invoice as %s: number, client, lines, totals, words, legend, state, hash and the QR', async (_label, suffix, module) => {
      const v = await ventaJson(factura.id_venta);
      const res = await pdf(`/reporteNV/${factura.id_venta}${suffix}`, a.token).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const filename = `${BETA_RUC}-01-${v.serie}-${v.numero}${suffix ? '-ticket' : ''}.pdf`;
      expect(res.headers['content-disposition']).toBe(`inline; filename="${filename}"`);
      expect(res.headers['cache-control']).toBe('private, no-store');

      const doc = inspectPdf(res.body);
      expect(doc.pages).toBe(1);
      expect(doc.flat).toContain('FACTURA ELECTRÓNICA');
      expect(doc.flat).toContain(`${v.serie}-${v.numero}`);
      expect(doc.flat).toContain(BETA_RUC);
      expect(doc.flat).toContain('DISTRIBUIDORA ANDINA S.A.C.');
      expect(doc.flat).toContain('FERRETERÍA EL MARTILLO S.A.C.');
      expect(doc.flat).toContain(v.cliente.documento);
      expect(doc.flat).toContain('CEMENTO SOL 42.5 KG');
      expect(doc.flat).toContain('FIERRO CORRUGADO 1/2"');
      // 10 x 29.50 + 4 x 44.25 = 472.00, IGV included.
      expect(v.total).toBe(472);
      expect(doc.flat).toContain('Importe total S/ 472.00');
      expect(doc.flat).toContain(`IGV S/ ${v.igv.toFixed(2)}`);
      expect(doc.flat).toContain(`Op. gravadas S/ ${v.op_gravadas.toFixed(2)}`);
      expect(doc.flat).toContain('SON CUATROCIENTOS SETENTA Y DOS CON 00/100 SOLES');
      expect(doc.flat).toContain('Representación impresa de la factura electrónica');
      expect(doc.flat).toContain('Estado SUNAT: PENDIENTE DE ENVÍO');
      expect(v.hash_cpe).toBeTruthy();
      expect(doc.flat).toContain(`Resumen (hash): ${v.hash_cpe}`);

      // The QR drawn is exactly the symbol of the SUNAT string built here from the sale (API.md order).
      const expected = [BETA_RUC, '01', v.serie, String(v.numero), v.igv.toFixed(2), '472.00', v.fecha_emision, '6', v.cliente.documento, v.hash_cpe].join('|');
      const qrs = drawnQrModules(doc, module);
      expect(qrs).toHaveLength(1);
      expect(sameModules(qrs[0], expectedQrModules(expected))).toBe(true);
      expect(sameModules(qrs[0], expectedQrModules(expected.replace('|472.00|', '|472.01|')))).toBe(false);
    });

    it('prints the logo in A4 and ticket, and cuts the ticket page to its content (80 mm wide)', async () => {
      const a4 = await pdf(`/reporteNV/${factura.id_venta}`, a.token).expect(200);
      const ticket = await pdf(`/reporteNV/${factura.id_venta}/ticket`, a.token).expect(200);
      for (const body of [a4.body, ticket.body]) expect(body.toString('latin1')).toMatch(/\/Subtype \/Image/);
      expect(inspectPdf(a4.body).mediaBoxes[0]).toEqual([0, 0, 595.28, 841.89]);
      const [x0, y0, x1, y1] = inspectPdf(ticket.body).mediaBoxes[0];
      expect(x1 - x0).toBeCloseTo(226.77, 1);
      expect(y1 - y0).toBeGreaterThan(300);
      expect(y1 - y0).toBeLessThan(1200);
    });

    it('renders a boleta to a DNI client with its own title, legend and tipo doc 1 in the QR', async () => {
      const v = await ventaJson(boleta.id_venta);
      const res = await pdf(`/reporteNV/${boleta.id_venta}`, a.token).expect(200);
      expect(res.headers['content-disposition']).toBe(`inline; filename="${BETA_RUC}-03-${v.serie}-${v.numero}.pdf"`);
      const doc = inspectPdf(res.body);
      expect(doc.flat).toContain('BOLETA DE VENTA ELECTRÓNICA');
      expect(doc.flat).toContain('Representación impresa de la boleta de venta electrónica');
      expect(doc.flat).toContain(`DNI: ${v.cliente.documento}`);
      expect(doc.flat).toContain('SON CIENTO DIECIOCHO CON 00/100 SOLES');
      const expected = [BETA_RUC, '03', v.serie, String(v.numero), '18.00', '118.00', v.fecha_emision, '1', v.cliente.documento, v.hash_cpe].join('|');
      expect(sameModules(drawnQrModules(doc, A4_MODULE)[0], expectedQrModules(expected))).toBe(true);
    });

    it('prints an annulled sale as ANULADO', async () => {
      const venta = await createVenta(t, a);
      await t.dataSource.query(`UPDATE ventas SET estado = '2', estado_sunat = '2' WHERE id_venta = $1`, [venta.id_venta]);
      const doc = inspectPdf((await pdf(`/reporteNV/${venta.id_venta}`, a.token).expect(200)).body);
      expect(doc.flat).toContain('Estado SUNAT: ANULADO');
    });
  });

  describe('quotation', () => {
    it.each([
      ['A4', ''],
      ['ticket', '/ticket'],
    ])('renders the quotation as %s with its number, client, lines, totals and words, and no SUNAT QR', async (_label, suffix) => {
      const q = (await request(t.http).get(`/api/cotizaciones/${cotizacionId}`).set(bearer(a.token)).expect(200)).body.data;
      const res = await pdf(`/reporte/cotizacion/${cotizacionId}${suffix}`, a.token).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${BETA_RUC}-${q.numero}${suffix ? '-ticket' : ''}.pdf"`);
      const doc = inspectPdf(res.body);
      expect(doc.pages).toBe(1);
      expect(doc.flat).toContain('COTIZACIÓN');
      expect(doc.flat).toContain(q.numero);
      expect(doc.flat).toContain('CONSTRUCTORA LOS ANDES');
      expect(doc.flat).toContain('LADRILLO KING KONG');
      expect(doc.flat).toContain('Total S/ 1,180.00');
      expect(doc.flat).toContain(`IGV S/ ${q.igv.toFixed(2)}`);
      expect(doc.flat).toContain('SON MIL CIENTO OCHENTA CON 00/100 SOLES');
      expect(doc.flat).toContain('Estado: PENDIENTE');
      expect(doc.flat).not.toContain('Representación impresa');
      expect(drawnQrModules(doc, suffix ? TICKET_MODULE : A4_MODULE)).toHaveLength(0);
    });

    it('needs cotizaciones.view (not ventas.view), and the reverse for sales', async () => {
      await pdf(`/reporte/cotizacion/${cotizacionId}`, soloCotizaciones.token).expect(200);
      await pdf(`/reporteNV/${factura.id_venta}`, soloCotizaciones.token).expect(403);
    });
  });

  describe('token and company rules', () => {
    it('accepts ?token= on the web routes', async () => {
      for (const path of [
        `/reporteNV/${factura.id_venta}`,
        `/reporteNV/${factura.id_venta}/ticket`,
        `/reporte/cotizacion/${cotizacionId}`,
        `/reporte/cotizacion/${cotizacionId}/ticket`,
      ]) {
        const res = await pdf(`${path}?token=${encodeURIComponent(a.token)}`).expect(200);
        expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
      }
    });

    it('refuses ?token= on /api routes (401) while the header works there', async () => {
      const q = `?token=${encodeURIComponent(a.token)}`;
      for (const path of ['/api/ventas', `/api/ventas/${factura.id_venta}`, `/api/cotizaciones/${cotizacionId}`, '/api/verify']) {
        const res = await request(t.http).get(`${path}${q}`).expect(401);
        expect(res.body).toEqual({ success: false, message: 'No autenticado' });
      }
      await request(t.http).get('/api/ventas').set(bearer(a.token)).expect(200);
    });

    it('is 401 without a token or with a wrong one, and the web routes are not under /api', async () => {
      await pdf(`/reporteNV/${factura.id_venta}`).expect(401);
      await pdf(`/reporteNV/${factura.id_venta}?token=1%7Cnope`).expect(401);
      await pdf(`/reporte/cotizacion/${cotizacionId}?token=`).expect(401);
      await request(t.http).get(`/api/reporteNV/${factura.id_venta}`).set(bearer(a.token)).expect(404);
    });

    it("refuses another company's documents (403) and answers 404 for missing ones", async () => {
      await pdf(`/reporteNV/${factura.id_venta}`, b.token).expect(403);
      await pdf(`/reporteNV/${factura.id_venta}/ticket?token=${encodeURIComponent(b.token)}`).expect(403);
      await pdf(`/reporte/cotizacion/${cotizacionId}`, b.token).expect(403);
      await pdf('/reporteNV/999999', a.token).expect(404);
      await pdf('/reporte/cotizacion/999999/ticket', a.token).expect(404);
    });

    it('never takes the file name from the request', async () => {
      const res = await pdf(`/reporteNV/${factura.id_venta}?filename=evil.exe&token=${encodeURIComponent(a.token)}`).expect(200);
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="20000000001-01-F\d{3}-\d+\.pdf"$/);
    });
  });
});
