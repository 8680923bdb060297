import { DataSource } from 'typeorm';
import { likePattern } from '@/common/pagination';
import { VentaQueryDto } from './dto/venta-query.dto';

/*
 * A "bloque" is a chunk of rows of an export (Excel, PDF, ZIP), read by keyset. It is not a "lote": that word
 * is kept for the RC/RA batches sent to SUNAT (src/lotes-sunat).
 */

/** The list filters of GET /api/ventas, without pagination. */
export type FiltrosVentas = Pick<VentaQueryDto, 'fecha_desde' | 'fecha_hasta' | 'tipo' | 'estado_sunat' | 'estado' | 'cliente' | 'serie' | 'q'>;

/** One sale as exported: amounts stay decimal strings as PostgreSQL returns them. */
export interface VentaExportada {
  id_venta: number;
  fecha_emision: string;
  hora_emision: string;
  tipo_documento: string;
  serie: string;
  numero: number;
  /** As issued (stored on the sale), not the client's current type. */
  cliente_tipo_doc: string;
  cliente_documento: string;
  cliente_datos: string;
  tipo_moneda: string;
  op_gravadas: string;
  op_exoneradas: string;
  op_inafectas: string;
  igv: string;
  total: string;
  estado: string;
  estado_sunat: string;
  /** Issue 18: 'Contado' | 'Credito'; detracción and percepción in PEN, retención and net pending in tipo_moneda. */
  forma_pago: string;
  monto_detraccion: string;
  monto_percepcion: string;
  monto_retencion: string;
  monto_neto_pendiente: string;
}

export const BLOQUE_EXPORTACION = 1000;

/** WHERE of GET /api/ventas, as SQL with numbered parameters (same filters, same meaning). */
function filtros(empresaId: number, f: FiltrosVentas): { where: string[]; params: unknown[] } {
  const where = ['v.id_empresa = $1'];
  const params: unknown[] = [empresaId];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.fecha_desde) add((p) => `v.fecha_emision >= ${p}`, f.fecha_desde);
  if (f.fecha_hasta) add((p) => `v.fecha_emision <= ${p}`, f.fecha_hasta);
  if (f.tipo) add((p) => `v.tipo_documento = ${p}`, f.tipo);
  if (f.estado_sunat) add((p) => `v.estado_sunat = ${p}`, f.estado_sunat);
  if (f.estado) add((p) => `v.estado = ${p}`, f.estado);
  if (f.serie) add((p) => `v.serie = ${p}`, f.serie);
  const q = f.q?.trim();
  if (q) add((p) => `v.numero_completo ILIKE ${p}`, likePattern(q));
  const cliente = f.cliente?.trim();
  if (cliente) add((p) => `(c.documento ILIKE ${p} OR c.datos ILIKE ${p})`, likePattern(cliente));
  return { where, params };
}

/**
 * The company's filtered sales in issue order (fecha_emision, id_venta), read by keyset pagination in
 * blocks of `bloque`: each query starts after the last row of the previous one, so memory holds one
 * block whatever the total, and no OFFSET scan grows with the position.
 */
export async function* ventasEnBloques(
  dataSource: Pick<DataSource, 'query'>,
  empresaId: number,
  f: FiltrosVentas,
  bloque = BLOQUE_EXPORTACION,
): AsyncGenerator<VentaExportada[]> {
  const { where, params } = filtros(empresaId, f);
  let after: { fecha: string; id: number } | null = null;
  for (;;) {
    const p = [...params];
    const conds = [...where];
    if (after) {
      p.push(after.fecha, after.id);
      conds.push(`(v.fecha_emision, v.id_venta) > ($${p.length - 1}::date, $${p.length})`);
    }
    p.push(bloque);
    const rows: VentaExportada[] = await dataSource.query(
      `SELECT v.id_venta, to_char(v.fecha_emision, 'YYYY-MM-DD') AS fecha_emision, v.hora_emision, v.tipo_documento, v.serie, v.numero,
              v.cliente_tipo_doc, c.documento AS cliente_documento, c.datos AS cliente_datos, v.tipo_moneda,
              v.op_gravadas, v.op_exoneradas, v.op_inafectas, v.igv, v.total, v.estado, v.estado_sunat,
              v.forma_pago, v.monto_detraccion, v.monto_percepcion, v.monto_retencion, v.monto_neto_pendiente
         FROM ventas v JOIN clientes c ON c.id_cliente = v.id_cliente
        WHERE ${conds.join(' AND ')}
        ORDER BY v.fecha_emision, v.id_venta
        LIMIT $${p.length}`,
      p,
    );
    if (rows.length) yield rows;
    if (rows.length < bloque) return;
    const last = rows[rows.length - 1];
    after = { fecha: last.fecha_emision, id: last.id_venta };
  }
}
