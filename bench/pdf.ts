/*
 * PDFs and exports (issue 10). Run alone with
 *   npx ts-node -r tsconfig-paths/register --transpile-only bench/pdf.ts [--seconds N] [--rounds N] [--ventas N]
 * or as part of `npm run bench` (bench/index.ts calls runPdfBench; --no-pdf skips it).
 * 1. PDFs/s of a 10-line invoice, A4 and 80 mm ticket (render + serialise, in memory, one thread).
 * 2. Export of 50,000 sales to .xlsx and to PDF through the streaming writers, from a real PostgreSQL
 *    (DATABASE_URL, or an embedded server started here), with the peak RSS sampled every 10 ms: on this thread
 *    (EXPORT_WORKERS=0) and in an export worker thread as the service runs them (issue 21), each with the
 *    longest event-loop stall seen meanwhile (what a health check would wait).
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@/database/data-source-options';
import { EmbeddedDatabase, startEmbeddedPostgres } from '@/database/embedded-postgres';
import type { InicioExportacion } from '@/reportes/export/export-mensajes';
import { ExportWorkers } from '@/reportes/export/export-workers';
import { exportarEnHilo } from '@/reportes/export/exportar-en-hilo';
import { ExportarVentasQueryDto } from '@/reportes/export/exportar-ventas.query';
import { writeVentasExcel } from '@/reportes/export/ventas-excel';
import { ventasEnBloques } from '@/ventas/venta-bloques';
import { writeVentasPdf } from '@/reportes/export/ventas-pdf';
import { Formato, toBuffer } from '@/reportes/pdf/layout/page';
import { EmisorImpreso } from '@/reportes/pdf/printable';
import { renderVentaPdf } from '@/reportes/pdf/renderers/venta.renderer';
import { inspectPdf } from '@/reportes/testing/pdf-inspect';
import { insertarVentasMasivas } from '@/reportes/testing/ventas-masivas';
import type { VentaView } from '@/ventas/dto/venta-view';
import { vistaContado } from '@/ventas/dto/venta-pago-view';
import { SIN_REFERENCIAS } from '@/ventas/dto/venta-referencias-view';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const EMISOR: EmisorImpreso = {
  ruc: '20000000001',
  razon_social: 'EMPRESA DE BENCHMARK S.A.C.',
  comercial: 'BENCH',
  direccion: 'AV. JAVIER PRADO ESTE 123',
  ubicacion: 'SAN ISIDRO - LIMA - LIMA',
  telefono: '014445555',
  email: 'ventas@bench.pe',
  logo: null,
  leyenda_pie: null,
};

/** A 10-line invoice as VentasService returns it. */
export function facturaDeDiezLineas(): VentaView {
  const productosVentas = Array.from({ length: 10 }, (_, i) => ({
    id: i + 1,
    id_producto: null,
    codigo_producto: `P${String(i + 1).padStart(3, '0')}`,
    descripcion: `PRODUCTO DE PRUEBA ${i + 1} CON UNA DESCRIPCIÓN DE LONGITUD HABITUAL`,
    unidad_medida: 'NIU',
    cantidad: 2,
    precio_unitario: 59,
    tipo_afectacion_igv: '10',
    descuento: 0,
    isc_sistema: null,
    isc_base: 0,
    isc_porcentaje: null,
    isc: 0,
    valor_venta: 100,
    igv: 18,
    total: 118,
    producto: null,
  }));
  return {
    id_venta: 1,
    id_empresa: 1,
    id_usuario: 1,
    id_cliente: 1,
    tipo_documento: '01',
    serie: 'F001',
    numero: 1234,
    numero_completo: 'F001-1234',
    fecha_emision: '2025-01-15',
    hora_emision: '10:30:00',
    tipo_moneda: 'PEN',
    op_gravadas: 1000,
    op_exoneradas: 0,
    op_inafectas: 0,
    op_gratuitas: 0,
    igv_gratuitas: 0,
    op_exportacion: 0,
    op_ivap: 0,
    ivap: 0,
    descuentos: 0,
    descuento_global: 0,
    precios_incluyen_igv: true,
    tipo_operacion: '0101',
    icbper: 0,
    isc: 0,
    subtotal: 1000,
    igv: 180,
    total: 1180,
    saldo: 1180,
    ...vistaContado(1180),
    ...SIN_REFERENCIAS,
    estado: '1',
    estado_sunat: '1',
    mensaje_sunat: null,
    observaciones: [],
    codigo_sunat: '0',
    hash_cpe: 'qJb7y0dV8yOq3lA0n3kqPz4v0kE=',
    nombre_xml: null,
    xml_url: null,
    cdr_url: null,
    cotizacion_id: null,
    stock_descontado: false,
    cliente: { id_cliente: 1, tipo_doc: '6', documento: '20100070970', datos: 'CLIENTE CORPORATIVO S.A.', direccion: 'CALLE LAS FLORES 789' },
    tipoDocumento: { cod_sunat: '01', abreviatura: 'FT', descripcion: 'FACTURA ELECTRÓNICA' },
    productosVentas,
    created_at: new Date(),
    updated_at: new Date(),
  };
}

/** Renders for about `seconds` (after a warm-up) and returns PDFs per second. */
async function pdfRate(formato: Formato, venta: VentaView, seconds: number): Promise<number> {
  const render = () => toBuffer(renderVentaPdf({ venta, emisor: EMISOR }, formato));
  const warm = performance.now() + 300;
  while (performance.now() < warm) await render();
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < seconds * 1000) {
    await render();
    n++;
  }
  return (n * 1000) / (performance.now() - start);
}

/** A client that reads as fast as the export writes (counts bytes, keeps nothing but the head and tail). */
class Sink extends Writable {
  bytes = 0;
  head = Buffer.alloc(0);
  tail = Buffer.alloc(0);
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.bytes += chunk.length;
    if (this.head.length < 8) this.head = Buffer.concat([this.head, chunk]).subarray(0, 8);
    this.tail = Buffer.concat([this.tail, chunk]).subarray(-64);
    done();
  }
}

async function measured<T>(run: () => Promise<T>): Promise<{ result: T; ms: number; peakRss: number; startRss: number; loopMaxMs: number }> {
  global.gc?.();
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const t0 = performance.now();
  try {
    const result = await run();
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    return { result, ms: performance.now() - t0, peakRss, startRss, loopMaxMs: loop.max / 1e6 };
  } finally {
    loop.disable();
    clearInterval(timer);
  }
}

/** One export in a worker of `workers`, as VentasExportService runs it; ends `out` like the service ends the response. */
async function enHilo(workers: ExportWorkers, inicio: InicioExportacion, out: Writable): Promise<number> {
  const worker = await workers.tomar();
  let sano = false;
  try {
    const filas = await exportarEnHilo(worker, inicio, out);
    sano = true;
    out.end();
    return filas;
  } finally {
    workers.devolver(worker, sano);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function withDatabase<T>(use: (ds: DataSource) => Promise<T>): Promise<T> {
  let embedded: EmbeddedDatabase | null = null;
  let dir: string | null = null;
  let url = process.env.DATABASE_URL;
  if (!url) {
    dir = mkdtempSync(join(tmpdir(), 'bench-pdf-pg-'));
    embedded = await startEmbeddedPostgres({
      dataDir: join(dir, 'data'),
      port: 56000 + Math.floor(Math.random() * 3000),
      database: 'postgres',
      persistent: false,
    });
    url = embedded.url;
  }
  const database = `bench_pdf_${process.pid}`;
  const admin = new DataSource({ type: 'postgres', url });
  await admin.initialize();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  const u = new URL(url);
  u.pathname = `/${database}`;
  const ds = new DataSource(buildDataSourceOptions({ url: u.toString() }));
  try {
    await ds.initialize();
    await ds.runMigrations({ transaction: 'each' });
    return await use(ds);
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.destroy();
    if (embedded) await embedded.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

export async function runPdfBench(opts: { seconds?: number; rounds?: number; ventas?: number } = {}): Promise<void> {
  const seconds = opts.seconds ?? Number(option('seconds', '3'));
  const rounds = opts.rounds ?? Number(option('rounds', '3'));
  const total = opts.ventas ?? Number(option('ventas', '50000'));
  const venta = facturaDeDiezLineas();

  // Never time something broken: the invoice must read back with its lines and total.
  const sample = inspectPdf(await toBuffer(renderVentaPdf({ venta, emisor: EMISOR }, 'a4')));
  if (!sample.flat.includes('F001-1234') || !sample.flat.includes('S/ 1,180.00')) throw new Error('the benchmark invoice does not render');
  const best: Record<Formato, number> = { a4: 0, ticket: 0 };
  for (let r = 0; r < rounds; r++) {
    for (const f of ['a4', 'ticket'] as const) best[f] = Math.max(best[f], await pdfRate(f, venta, seconds / rounds));
  }
  console.log(
    `\nPDF of a 10-line invoice (pdfkit, one thread, best of ${rounds} rounds): A4 ${Math.round(best.a4)} PDFs/s, ticket 80 mm ${Math.round(best.ticket)} PDFs/s`,
  );

  await withDatabase(async (ds) => {
    const [empresa] = await ds.query(`INSERT INTO empresas (ruc, razon_social) VALUES ('20999999995', 'EMPRESA DE BENCHMARK S.A.C.') RETURNING id_empresa`);
    const [cliente] = await ds.query(
      `INSERT INTO clientes (id_empresa, tipo_doc, documento, datos) VALUES ($1, '6', '20100070970', 'CLIENTE CORPORATIVO S.A.') RETURNING id_cliente`,
      [empresa.id_empresa],
    );
    const ins = await measured(() => insertarVentasMasivas(ds, empresa.id_empresa, cliente.id_cliente, total));
    console.log(`setup: ${total.toLocaleString('en-US')} sales inserted with one INSERT ... SELECT generate_series in ${(ins.ms / 1000).toFixed(1)} s`);
    const filtros = new ExportarVentasQueryDto();
    const consulta = { databaseUrl: String((ds.options as { url?: string }).url), empresaId: empresa.id_empresa, filtros: {} };
    const workers = new ExportWorkers({ workers: 1, cola: 0, esperaMs: 0 });
    // The worker's start-up (seconds under ts-node) is not part of an export: warm it with an empty one.
    await enHilo(workers, { tipo: 'inicio', formato: 'excel', ...consulta, filtros: { fecha_desde: '2999-01-01' } }, new Sink());
    const rows: string[][] = [];
    for (const [label, run] of [
      ['Excel (.xlsx, WorkbookWriter), event loop', (out: Sink) => writeVentasExcel(ventasEnBloques(ds, empresa.id_empresa, filtros), out)],
      ['Excel, worker thread', (out: Sink) => enHilo(workers, { tipo: 'inicio', formato: 'excel', ...consulta }, out)],
      ['PDF (A4 listing), event loop', (out: Sink) => writeVentasPdf(ventasEnBloques(ds, empresa.id_empresa, filtros), EMISOR, { descripcion: '' }, out)],
      ['PDF, worker thread', (out: Sink) => enHilo(workers, { tipo: 'inicio', formato: 'pdf', emisor: EMISOR, descripcion: '', ...consulta }, out)],
    ] as const) {
      const sink = new Sink();
      const m = await measured(async () => {
        const n = await run(sink);
        if (!sink.writableFinished) await new Promise((resolve) => sink.once('finish', resolve));
        return n;
      });
      if (m.result !== total) throw new Error(`${label}: exported ${m.result} of ${total}`);
      const ok = label.startsWith('Excel') ? sink.head.subarray(0, 2).toString() === 'PK' : sink.tail.toString('latin1').includes('%%EOF');
      if (!ok) throw new Error(`${label}: the output is not a complete file`);
      rows.push([
        label,
        `${(m.ms / 1000).toFixed(2)} s`,
        `${Math.round((total * 1000) / m.ms).toLocaleString('en-US')}`,
        mb(sink.bytes),
        mb(m.startRss),
        mb(m.peakRss),
        mb(m.peakRss - m.startRss),
        `${Math.round(m.loopMaxMs)} ms`,
      ]);
    }
    await workers.onApplicationShutdown();
    console.log(`export of ${total.toLocaleString('en-US')} sales (keyset blocks of 1,000, streamed to a fast reader):`);
    const header = ['Export', 'time', 'sales/s', 'output', 'RSS before', 'peak RSS', 'peak - before', 'longest loop stall'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
    console.log(line(header));
    console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
    rows.forEach((r) => console.log(line(r)));
  });
}

if (require.main === module) {
  runPdfBench().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
