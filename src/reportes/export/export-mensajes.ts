import type { EmisorImpreso } from '../pdf/printable';
import type { FiltrosVentas } from '@/ventas/venta-bloques';

/*
 * The conversation between the service (main thread) and an export worker (export-worker.ts). The worker reads
 * the rows itself (its own connection, keyset blocks) and renders them; before each block it asks ('siguiente')
 * and the main thread answers ('sigue') only once the HTTP response has drained, so at most one block's output
 * is ever in flight, whatever the client's speed.
 */

/** What to export: the company's sales matching `filtros`, read through `databaseUrl`. */
interface Consulta {
  databaseUrl: string;
  empresaId: number;
  filtros: FiltrosVentas;
}

/** Main thread -> worker. */
export type PedidoExportacion =
  | (Consulta & { tipo: 'inicio'; formato: 'pdf'; emisor: EmisorImpreso; descripcion: string })
  | (Consulta & { tipo: 'inicio'; formato: 'excel' })
  | { tipo: 'sigue' };

export type InicioExportacion = Extract<PedidoExportacion, { tipo: 'inicio' }>;

/** Worker -> main thread. */
export type RespuestaExportacion =
  { tipo: 'datos'; bytes: Uint8Array } | { tipo: 'siguiente' } | { tipo: 'listo'; filas: number } | { tipo: 'error'; mensaje: string };
