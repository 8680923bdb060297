import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import QRCode from 'qrcode';
import request from 'supertest';
import { guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { inspectPdf } from '../../src/reportes/testing/pdf-inspect';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createFactura, createUserSession, createVenta, nextRuc } from '../support/factories';

/**
 * Writes one PDF sample of every layout to artifacts/pdf-samples/ (git-ignored), for a reviewer to look at,
 * and checks in Node what can be checked without a renderer (complete PDF, pages, page size, text):
 *   npx jest test/e2e/reportes-muestras --selectProjects e2e
 * CI renders them to PNG afterwards with pdftoppm: scripts/ci-extras/pdf-samples.sh.
 */
const OUT = join(__dirname, '..', '..', 'artifacts', 'pdf-samples');
const A4: number[] = [0, 0, 595.28, 841.89];
const TICKET_WIDTH = (80 / 25.4) * 72;
const EMPRESA = 'COMERCIALIZADORA DEL PACÍFICO S.A.C.';

function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
}

describe('Reportes: PDF samples of every layout', () => {
  let t: TestApp;
  let a: Session;
  const paths: Record<string, string> = {};

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    t = await createTestApp();
    const admin = await login(t);
    const empresa = (
      await createEmpresa(t, admin, {
        razon_social: EMPRESA,
        comercial: 'PACÍFICO',
        telefono: '01 444 5555',
        email: 'ventas@pacifico.pe',
        distrito: 'MIRAFLORES',
        provincia: 'LIMA',
        departamento: 'LIMA',
      })
    ).id_empresa;
    a = await createUserSession(t, admin, empresa, ['ventas.view', 'ventas.create', 'cotizaciones.view', 'cotizaciones.create', 'clientes.create']);
    const logo = await QRCode.toBuffer('PACÍFICO', { type: 'png', width: 160, color: { dark: '#1d4e89' } });
    await request(t.http)
      .post(`/api/empresas/${empresa}`)
      .set(bearer(admin.token))
      .attach('logo', logo, { filename: 'logo.png', contentType: 'image/png' })
      .expect(201);

    const lineas = Array.from({ length: 10 }, (_, i) => ({
      descripcion: `ARTÍCULO DE FERRETERÍA N° ${i + 1}`,
      cantidad: i + 1,
      precio_unitario: Number((11.8 * (i + 1)).toFixed(2)),
    }));
    const factura = await createFactura(t, a, {
      cliente_documento: nextRuc(),
      cliente_datos: 'CONSTRUCTORA LOS ANDES S.A.C.',
      cliente_direccion: 'AV. AREQUIPA 1234, LINCE',
      productos: lineas,
    });
    const boleta = await createVenta(t, a, { cliente_datos: 'MARÍA LÓPEZ QUISPE' });
    await t.dataSource.query(`UPDATE ventas SET estado_sunat = '1' WHERE id_venta = $1`, [factura.id_venta]);
    const motivosNc = (await request(t.http).get('/api/notas-credito/motivos').set(bearer(a.token))).body.data;
    const motivosNd = (await request(t.http).get('/api/notas-debito/motivos').set(bearer(a.token))).body.data;
    const nc = await request(t.http)
      .post('/api/notas-credito')
      .set(bearer(a.token))
      .send({ id_venta: factura.id_venta, motivo_id: motivosNc[0].id })
      .expect(201);
    const nd = await request(t.http)
      .post('/api/notas-debito')
      .set(bearer(a.token))
      .send({ id_venta: factura.id_venta, motivo_id: motivosNd[0].id, monto_total: 59 })
      .expect(201);
    const guia = await request(t.http).post('/api/guias-remision').set(bearer(a.token)).send(guiaPublica()).expect(201);
    await t.dataSource.query(`UPDATE guias_remision SET estado = 'aceptado', qr_url = $1 WHERE id = $2`, [
      'https://e-factura.sunat.gob.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=EJEMPLO',
      guia.body.data.id,
    ]);
    const cot = await request(t.http)
      .post('/api/cotizaciones')
      .set(bearer(a.token))
      .send({
        fecha: '2025-01-15',
        moneda: 'PEN',
        aplicar_igv: true,
        cliente_nombre: 'INVERSIONES SAN MARTÍN E.I.R.L.',
        asunto: 'Equipamiento de oficina',
        dias_pago: '30 días',
        productos: [
          { nombre: 'ESCRITORIO DE MELAMINA 1.20 M', cantidad: 4, precio_unitario: 450 },
          { nombre: 'SILLA ERGONÓMICA', cantidad: 4, precio_unitario: 320 },
        ],
      })
      .expect(201);
    Object.assign(paths, {
      factura: `/reporteNV/${factura.id_venta}`,
      boleta: `/reporteNV/${boleta.id_venta}`,
      'nota-credito': `/reporte/nota-credito/${nc.body.data.id}`,
      'nota-debito': `/reporte/nota-debito/${nd.body.data.id}`,
      guia: `/reporte/guia/${guia.body.data.id}`,
      cotizacion: `/reporte/cotizacion/${cot.body.data.id_cotizacion}`,
    });
  });
  afterAll(() => t.close());

  it.each(['factura', 'boleta', 'nota-credito', 'nota-debito', 'guia', 'cotizacion'])('%s: A4 and 80 mm ticket', async (name) => {
    for (const [suffix, layout] of [
      ['', 'a4'],
      ['/ticket', 'ticket'],
    ] as const) {
      const res = await binary(request(t.http).get(`${paths[name]}${suffix}`).set(bearer(a.token))).expect(200);
      writeFileSync(join(OUT, `${name}-${layout}.pdf`), res.body);
      const pdf = inspectPdf(res.body); // throws unless it starts with %PDF- and ends with %%EOF
      expect(pdf.pages).toBe(1);
      expect(pdf.flat).toContain(EMPRESA);
      const [x0, y0, x1, y1] = pdf.mediaBoxes[0];
      if (layout === 'a4') {
        expect([x0, y0, x1, y1]).toEqual(A4);
      } else {
        // The ticket is cut to its content: its box starts where the drawing ends.
        const [width, height] = [x1 - x0, y1 - y0];
        expect(width).toBeCloseTo(TICKET_WIDTH, 1);
        expect(height).toBeGreaterThan(width);
        expect(height).toBeLessThan(6 * width);
      }
    }
  });

  it('sales export listing (PDF)', async () => {
    const res = await binary(request(t.http).get('/api/ventas/exportar-pdf').set(bearer(a.token))).expect(200);
    writeFileSync(join(OUT, 'ventas-export.pdf'), res.body);
    const pdf = inspectPdf(res.body);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    expect(pdf.mediaBoxes[0][2]).toBe(A4[2]);
    expect(pdf.flat).toContain('REPORTE DE VENTAS');
    expect(pdf.flat).toMatch(/F001-1 \d{11} CONSTRUCTORA LOS ANDES/);
  });
});
