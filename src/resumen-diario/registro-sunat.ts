import type { EntityManager } from 'typeorm';
import { LOTE_ACEPTADO, type EstadoLinea, type EstadoSunat } from '@/common/estados';

/**
 * What SUNAT holds of a boleta: its estado_sunat and the line of the last RC SUNAT accepted with it, however that
 * batch was closed (its ticket, the same file sent again after a lost answer, the validity check after 2223, or a
 * later final answer that re-opened it). Null fields: no accepted RC ever carried it.
 */
export interface RegistroSunat {
  estado_sunat: EstadoSunat;
  estado_linea: EstadoLinea | null;
  huella: string | null;
  nombre_archivo: string | null;
}

/** Read inside the batch's transaction, after its boletas are locked, so a batch closed meanwhile is seen. */
export async function registrosSunat(manager: EntityManager, ids: number[]): Promise<Map<number, RegistroSunat>> {
  const rows: Array<RegistroSunat & { id_venta: number }> = await manager.query(
    `SELECT v.id_venta, v.estado_sunat, a.estado_linea, a.huella, a.nombre_archivo
       FROM ventas v
       LEFT JOIN LATERAL (
         SELECT i.estado_linea, i.huella, l.nombre_archivo
           FROM lote_sunat_items i JOIN lotes_sunat l ON l.id = i.id_lote
          WHERE i.id_venta = v.id_venta AND i.incluido AND l.tipo = 'RC' AND l.estado = $2
          ORDER BY l.id DESC
          LIMIT 1
       ) a ON true
      WHERE v.id_venta = ANY($1)`,
    [ids, LOTE_ACEPTADO],
  );
  return new Map(rows.map(({ id_venta, ...registro }) => [id_venta, registro]));
}
