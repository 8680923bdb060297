/**
 * A worker thread of the export pool (export-workers.ts): runs one export at a time (the PDF listing or the .xlsx
 * of sales), reading the rows in keyset blocks over its own PostgreSQL connection and posting the bytes back, so
 * neither the rows nor pdfkit's and exceljs's CPU ever touch the service's event loop.
 */
import 'reflect-metadata'; // the filters' module (common/pagination) carries class-transformer decorators
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { Client } from 'pg';
import type { InicioExportacion, PedidoExportacion, RespuestaExportacion } from './export-mensajes';
import { writeVentasExcel } from './ventas-excel';
import { writeVentasPdf } from './ventas-pdf';
import { ventasEnBloques, type VentaExportada } from '@/ventas/venta-bloques';

/** Bytes gathered before one message: pdfkit pushes every PDF object as its own small chunk. */
const PAQUETE = 64 * 1024;

/** The writer's output, sent to the main thread in packets of ~64 KiB (copied: pdfkit reuses pooled buffers). */
class HaciaElHilo extends Writable {
  private partes: Buffer[] = [];
  private bytes = 0;

  constructor(private readonly enviar: (r: RespuestaExportacion) => void) {
    super();
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (e?: Error | null) => void): void {
    this.partes.push(chunk);
    this.bytes += chunk.length;
    if (this.bytes >= PAQUETE) this.vaciar();
    done();
  }

  override _final(done: (e?: Error | null) => void): void {
    this.vaciar();
    done();
  }

  vaciar(): void {
    if (!this.bytes) return;
    const paquete = new Uint8Array(Buffer.concat(this.partes, this.bytes));
    this.partes = [];
    this.bytes = 0;
    this.enviar({ tipo: 'datos', bytes: paquete });
  }
}

const port = parentPort;
if (port) {
  const enviar = (r: RespuestaExportacion) => {
    if (r.tipo === 'datos') port.postMessage(r, [r.bytes.buffer as ArrayBuffer]);
    else port.postMessage(r);
  };
  let permiso: (() => void) | null = null;

  /** Each block once the main thread says the response has room for more (what is rendered so far sent first). */
  async function* conPermiso(filas: AsyncIterable<VentaExportada[]>, out: HaciaElHilo): AsyncGenerator<VentaExportada[]> {
    for await (const bloque of filas) {
      out.vaciar();
      await new Promise<void>((resolve) => {
        permiso = resolve;
        enviar({ tipo: 'siguiente' });
      });
      yield bloque;
    }
  }

  async function exportar(inicio: InicioExportacion): Promise<void> {
    const client = new Client({ connectionString: inicio.databaseUrl, application_name: 'exportacion' });
    await client.connect();
    try {
      const db = { query: <T>(sql: string, params?: unknown[]) => client.query(sql, params).then((r) => r.rows as T) };
      const out = new HaciaElHilo(enviar);
      const terminado = new Promise<void>((resolve, reject) => {
        out.on('finish', resolve);
        out.on('error', reject);
      });
      const bloques = conPermiso(ventasEnBloques(db, inicio.empresaId, inicio.filtros), out);
      const filas =
        inicio.formato === 'pdf'
          ? await writeVentasPdf(
              bloques,
              { ...inicio.emisor, logo: inicio.emisor.logo && Buffer.from(inicio.emisor.logo) },
              { descripcion: inicio.descripcion },
              out,
            )
          : await writeVentasExcel(bloques, out);
      if (!out.writableEnded) out.end();
      await terminado;
      enviar({ tipo: 'listo', filas });
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  port.on('message', (pedido: PedidoExportacion) => {
    if (pedido.tipo === 'inicio') {
      exportar(pedido).catch((e: unknown) => enviar({ tipo: 'error', mensaje: e instanceof Error ? e.message : String(e) }));
      return;
    }
    const sigue = permiso;
    permiso = null;
    sigue?.();
  });
}
