import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import QRCode from 'qrcode';
import request from 'supertest';
import { guiaPublica } from '../../src/guias-remision/testing/guia-bodies';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createFactura, createUserSession, createVenta, nextRuc } from '../support/factories';

/**
 * Renders one sample of every layout to PNG with pdftoppm (poppler-utils) in artifacts/pdf-samples/
 * (git-ignored), for a reviewer to look at:
 *   npx jest test/e2e/reportes-muestras --selectProjects e2e
 * Each PDF is kept next to its PNG.
 */
const OUT = join(__dirname, '..', '..', 'artifacts', 'pdf-samples');
const DPI = 110;

function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
}

/** Width and height from the PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const png = readFileSync(file);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('Reportes: PNG samples of every layout (pdftoppm)', () => {
  let t: TestApp;
  let a: Session;
  const paths: Record<string, string> = {};

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    t = await createTestApp();
    const admin = await login(t);
    const empresa = (
      await createEmpresa(t, admin, {
        razon_social: 'COMERCIALIZADORA DEL PACÍFICO S.A.C.',
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
    await request(t.http).post(`/api/empresas/${empresa}`).set(bearer(admin.token)).attach('logo', logo, { filename: 'logo.png', contentType: 'image/png' }).expect(201);

    const lineas = Array.from({ length: 10 }, (_, i) => ({ descripcion: `ARTÍCULO DE FERRETERÍA N° ${i + 1}`, cantidad: i + 1, precio_unitario: Number((11.8 * (i + 1)).toFixed(2)) }));
    const factura = await createFactura(t, a, { cliente_documento: nextRuc(), cliente_datos: 'CONSTRUCTORA LOS ANDES S.A.C.', cliente_direccion: 'AV. AREQUIPA 1234, LINCE', productos: lineas });
    const boleta = await createVenta(t, a, { cliente_datos: 'MARÍA LÓPEZ QUISPE' });
    await t.dataSource.query(`UPDATE ventas SET estado_sunat = '1' WHERE id_venta = $1`, [factura.id_venta]);
    const motivosNc = (await request(t.http).get('/api/notas-credito/motivos').set(bearer(a.token))).body.data;
    const motivosNd = (await request(t.http).get('/api/notas-debito/motivos').set(bearer(a.token))).body.data;
    const nc = await request(t.http).post('/api/notas-credito').set(bearer(a.token)).send({ id_venta: factura.id_venta, motivo_id: motivosNc[0].id }).expect(201);
    const nd = await request(t.http).post('/api/notas-debito').set(bearer(a.token)).send({ id_venta: factura.id_venta, motivo_id: motivosNd[0].id, monto_total: 59 }).expect(201);
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

  it('pdftoppm is installed (apt-get install poppler-utils)', () => {
    expect(() => execFileSync('pdftoppm', ['-v'], { stdio: 'pipe' })).not.toThrow();
  });

  it.each(['factura', 'boleta', 'nota-credito', 'nota-debito', 'guia', 'cotizacion'])('%s: A4 and 80 mm ticket', async (name) => {
    for (const [suffix, layout] of [
      ['', 'a4'],
      ['/ticket', 'ticket'],
    ] as const) {
      const res = await binary(request(t.http).get(`${paths[name]}${suffix}`).set(bearer(a.token))).expect(200);
      const base = join(OUT, `${name}-${layout}`);
      writeFileSync(`${base}.pdf`, res.body);
      execFileSync('pdftoppm', ['-png', '-r', String(DPI), '-singlefile', `${base}.pdf`, base], { stdio: 'pipe' });
      const { width, height } = pngSize(`${base}.png`);
      if (layout === 'a4') {
        expect(width).toBe(Math.ceil((595.28 / 72) * DPI));
        expect(height).toBe(Math.ceil((841.89 / 72) * DPI));
      } else {
        expect(width).toBe(Math.ceil(((80 / 25.4) * 72 * DPI) / 72));
        expect(height).toBeGreaterThan(width);
        expect(height).toBeLessThan(6 * width);
      }
    }
  });

  it('sales export listing (PDF, first page)', async () => {
    const res = await binary(request(t.http).get('/api/ventas/exportar-pdf').set(bearer(a.token))).expect(200);
    const base = join(OUT, 'ventas-export');
    writeFileSync(`${base}.pdf`, res.body);
    execFileSync('pdftoppm', ['-png', '-r', String(DPI), '-singlefile', '-f', '1', '-l', '1', `${base}.pdf`, base], { stdio: 'pipe' });
    expect(pngSize(`${base}.png`).width).toBe(Math.ceil((595.28 / 72) * DPI));
  });
});
