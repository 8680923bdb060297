import ExcelJS from 'exceljs';
import request from 'supertest';
import { ExportarVentasQueryDto } from '../../src/reportes/export/exportar-ventas.query';
import { VentasService } from '../../src/ventas/ventas.service';
import { inspectPdf } from '../../src/reportes/testing/pdf-inspect';
import { insertarVentasMasivas } from '../../src/reportes/testing/ventas-masivas';
import { bearer, login, Session } from '../support/auth';
import { createTestApp, TestApp } from '../support/create-test-app';
import { createEmpresa, createFactura, createUserSession, createVenta, insertCliente, nextRuc } from '../support/factories';

function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
}

async function readSheet(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Ventas');
  if (!sheet) throw new Error('no Ventas sheet');
  return sheet;
}

const HEADER = [
  'Fecha',
  'Tipo',
  'Serie',
  'Número',
  'Tipo doc.',
  'Documento',
  'Cliente',
  'Moneda',
  'Op. gravadas',
  'Op. exoneradas',
  'Op. inafectas',
  'IGV',
  'Total',
  'Estado SUNAT',
  'Forma de pago',
  'Detracción (S/)',
  'Percepción (S/)',
  'Retención',
  'Neto pendiente',
];

describe('Reportes: sales exports (Excel and PDF), streamed', () => {
  let t: TestApp;
  let admin: Session;
  let a: Session;
  let b: Session;
  let sinPermiso: Session;
  let empresaC: number;
  let c: Session;
  /** Company A's sales by number, with the dates set below. */
  const ventasA: Array<{ id_venta: number; serie: string; numero: number; tipo: string; fecha: string; cliente: string }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t);
    const empresaA = (await createEmpresa(t, admin, { razon_social: 'EXPORTADORA DEL SUR S.A.C.' })).id_empresa;
    const empresaB = (await createEmpresa(t, admin)).id_empresa;
    empresaC = (await createEmpresa(t, admin)).id_empresa;
    const permisos = ['ventas.view', 'ventas.create', 'clientes.create'];
    a = await createUserSession(t, admin, empresaA, permisos);
    b = await createUserSession(t, admin, empresaB, permisos);
    c = await createUserSession(t, admin, empresaC, ['ventas.view']);
    sinPermiso = await createUserSession(t, admin, empresaA, ['cotizaciones.view']);
    const fechas = ['2025-01-10', '2025-01-20', '2025-02-05', '2025-02-06', '2025-02-07'];
    for (const [i, fecha] of fechas.entries()) {
      const cliente = i === 2 ? 'MINERA CONDOR S.A.' : `CLIENTE EXPORT ${i}`;
      const v =
        i % 2 === 0 ? await createFactura(t, a, { cliente_datos: cliente, cliente_documento: nextRuc() }) : await createVenta(t, a, { cliente_datos: cliente });
      await t.dataSource.query('UPDATE ventas SET fecha_emision = $1 WHERE id_venta = $2', [fecha, v.id_venta]);
      ventasA.push({ id_venta: v.id_venta, serie: v.serie, numero: v.numero, tipo: v.tipo_documento, fecha, cliente });
    }
    await createFactura(t, b, { cliente_datos: 'CLIENTE DE OTRA EMPRESA' });
  });
  afterAll(() => t.close());

  const excel = (path: string, token?: string) => binary(token ? request(t.http).get(path).set(bearer(token)) : request(t.http).get(path));

  it('exports every sale of the company to Excel: header row, then one row per sale in issue order', async () => {
    const res = await excel('/api/ventas/exportar-excel', a.token).expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ventas-20000000001-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const sheet = await readSheet(res.body);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(sheet.rowCount).toBe(1 + ventasA.length);
    ventasA.forEach((v, i) => {
      const row = sheet.getRow(2 + i);
      expect(row.getCell(3).value).toBe(v.serie);
      expect(row.getCell(4).value).toBe(v.numero);
      expect(row.getCell(2).value).toBe(v.tipo === '01' ? 'FACTURA' : 'BOLETA');
      expect((row.getCell(1).value as Date).toISOString().slice(0, 10)).toBe(v.fecha);
      expect(row.getCell(7).value).toBe(v.cliente);
      expect(row.getCell(13).value).toBe(118);
      expect(row.getCell(12).value).toBe(18);
      expect(row.getCell(14).value).toBe('PENDIENTE DE ENVÍO');
      expect([row.getCell(15).value, row.getCell(19).value]).toEqual(['Contado', 118]);
    });
    expect(JSON.stringify(sheet.getSheetValues())).not.toContain('CLIENTE DE OTRA EMPRESA');
  });

  it('neutralises formula-looking text a client typed (leading apostrophe), and is never cached', async () => {
    const hostile = '=HYPERLINK("http://atacante.example","Ver")';
    await createVenta(t, b, { cliente_datos: hostile });
    const res = await excel('/api/ventas/exportar-excel', b.token).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const sheet = await readSheet(res.body);
    const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    const row = rows.find((r) => String(r[6]).includes('HYPERLINK'))!;
    expect(row[6]).toBe(`'${hostile}`);
    expect(rows.flat().some((v) => typeof v === 'object' && v !== null && 'formula' in v)).toBe(false);
  });

  it('applies the filters of GET /api/ventas (dates, tipo, cliente, estado_sunat)', async () => {
    const numeros = async (query: string) => {
      const sheet = await readSheet((await excel(`/api/ventas/exportar-excel?${query}`, a.token).expect(200)).body);
      const out: number[] = [];
      sheet.eachRow((row, n) => n > 1 && out.push(row.getCell(4).value as number));
      return out;
    };
    const by = (pred: (v: (typeof ventasA)[number]) => boolean) => ventasA.filter(pred).map((v) => v.numero);
    expect(await numeros('fecha_desde=2025-02-01')).toEqual(by((v) => v.fecha >= '2025-02-01'));
    expect(await numeros('fecha_desde=2025-01-15&fecha_hasta=2025-02-05')).toEqual(by((v) => v.fecha >= '2025-01-15' && v.fecha <= '2025-02-05'));
    expect(await numeros('tipo=03')).toEqual(by((v) => v.tipo === '03'));
    expect(await numeros('cliente=condor')).toEqual(by((v) => v.cliente === 'MINERA CONDOR S.A.'));
    expect(await numeros('estado_sunat=1')).toEqual([]);
    // The list endpoint agrees on the same filter.
    const list = await request(t.http).get('/api/ventas?fecha_desde=2025-02-01&tipo=01').set(bearer(a.token)).expect(200);
    expect((list.body.data as Array<{ numero: number }>).map((v) => v.numero).sort((x, y) => x - y)).toEqual(await numeros('fecha_desde=2025-02-01&tipo=01'));
  });

  it('validates the filters like the list (422) and needs ventas.view (403)', async () => {
    const bad = await request(t.http).get('/api/ventas/exportar-excel?fecha_desde=15-01-2025').set(bearer(a.token)).expect(422);
    expect(bad.body.errors.fecha_desde).toBeDefined();
    await request(t.http).get('/api/ventas/exportar-excel?tipo=07').set(bearer(a.token)).expect(422);
    await request(t.http).get('/api/ventas/exportar-excel').set(bearer(sinPermiso.token)).expect(403);
    await request(t.http).get('/api/ventas/exportar-pdf').set(bearer(sinPermiso.token)).expect(403);
  });

  it('is matched before the /api/ventas/:id routes, which keep working', async () => {
    const pdf = await binary(request(t.http).get('/api/ventas/exportar-pdf').set(bearer(a.token))).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const one = await request(t.http).get(`/api/ventas/${ventasA[0].id_venta}`).set(bearer(a.token)).expect(200);
    expect(one.body.data.numero).toBe(ventasA[0].numero);
    await request(t.http).get('/api/ventas/abc').set(bearer(a.token)).expect(422);
  });

  it('exports the filtered sales to PDF: every number, the count and the totals', async () => {
    const res = await binary(request(t.http).get('/api/ventas/exportar-pdf?fecha_desde=2025-02-01').set(bearer(a.token))).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ventas-20000000001-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const doc = inspectPdf(res.body);
    expect(doc.pages).toBe(1);
    expect(doc.flat).toContain('REPORTE DE VENTAS');
    expect(doc.flat).toContain('Filtros: desde 2025-02-01');
    const feb = ventasA.filter((v) => v.fecha >= '2025-02-01');
    for (const v of feb) expect(doc.flat).toContain(`${v.serie}-${v.numero}`);
    for (const v of ventasA.filter((x) => x.fecha < '2025-02-01')) expect(doc.flat).not.toContain(`${v.serie}-${v.numero} `);
    expect(doc.flat).toContain(`${feb.length} comprobantes`);
    expect(doc.flat).toContain(`Total (sin anulados) PEN ${(100 * feb.length).toFixed(2)} ${(18 * feb.length).toFixed(2)} ${(118 * feb.length).toFixed(2)}`);
  });

  it('web twins accept ?token=; the /api exports refuse it (401)', async () => {
    const q = `token=${encodeURIComponent(a.token)}`;
    const sheet = await readSheet((await excel(`/reporte/ventas/exportar-excel?tipo=01&${q}`).expect(200)).body);
    expect(sheet.rowCount).toBe(1 + ventasA.filter((v) => v.tipo === '01').length);
    const pdf = await binary(request(t.http).get(`/reporte/ventas/exportar-pdf?${q}`)).expect(200);
    expect(inspectPdf(pdf.body).flat).toContain(`${ventasA.length} comprobantes`);
    await request(t.http).get(`/api/ventas/exportar-excel?${q}`).expect(401);
    await request(t.http).get(`/api/ventas/exportar-pdf?${q}`).expect(401);
    await request(t.http).get('/reporte/ventas/exportar-excel').expect(401);
    await request(t.http)
      .get(`/reporte/ventas/exportar-excel?token=${encodeURIComponent(sinPermiso.token)}`)
      .expect(403);
  });

  describe('many sales', () => {
    const N = 2500;
    beforeAll(async () => {
      const cliente = await insertCliente(t, empresaC);
      await insertarVentasMasivas(t.dataSource, empresaC, cliente, N);
    });

    it('reads by keyset in blocks: every sale once, in (fecha, id) order, whatever the block size', async () => {
      const seen: Array<{ id: number; fecha: string }> = [];
      let blocks = 0;
      for await (const bloque of t.app.get(VentasService).enBloques(empresaC, new ExportarVentasQueryDto(), 97)) {
        expect(bloque.length).toBeLessThanOrEqual(97);
        blocks++;
        seen.push(...bloque.map((v) => ({ id: v.id_venta, fecha: v.fecha_emision })));
      }
      expect(blocks).toBe(Math.ceil(N / 97));
      expect(new Set(seen.map((s) => s.id)).size).toBe(N);
      for (let i = 1; i < seen.length; i++) {
        const [p, q] = [seen[i - 1], seen[i]];
        expect(p.fecha < q.fecha || (p.fecha === q.fecha && p.id < q.id)).toBe(true);
      }
    });

    it('exports them all to Excel and to a multi-page PDF', async () => {
      const sheet = await readSheet((await excel('/api/ventas/exportar-excel', c.token).expect(200)).body);
      expect(sheet.rowCount).toBe(1 + N);
      const doc = inspectPdf((await binary(request(t.http).get('/api/ventas/exportar-pdf').set(bearer(c.token))).expect(200)).body);
      expect(doc.pages).toBeGreaterThan(30);
      expect(doc.flat).toContain(`${N} comprobantes`);
      expect(doc.flat).toContain('F999-1 ');
      expect(doc.flat).toContain(`F999-${N} `);
      // estado_sunat '2' on every fourth sale prints RECHAZADO; none is annulled, so all count in the totals.
      expect(doc.flat.match(/RECHAZADO/g)).toHaveLength(Math.floor((N + 3) / 4));
      expect(doc.flat).toContain('Total (sin anulados) PEN 250,000.00 45,000.00 295,000.00');
    });
  });
});
