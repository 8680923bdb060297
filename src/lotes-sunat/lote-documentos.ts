import type { EntityManager } from 'typeorm';
import type { EstadoLinea } from '@/common/estados';

/** A document a batch carries, as SUNAT's validity check asks about it. */
export interface DocumentoDelLote {
  tipo: string;
  serie: string;
  numero: number;
  /** YYYY-MM-DD. */
  fecha_emision: string;
  estado_linea: EstadoLinea;
  incluido: boolean;
}

/** The batch's sales and notes with their SUNAT identity, in the order they were put in the file. */
export async function documentosDelLote(manager: EntityManager, loteId: number): Promise<DocumentoDelLote[]> {
  const rows: Array<Omit<DocumentoDelLote, 'fecha_emision'> & { fecha_emision: string | Date }> = await manager.query(
    `SELECT COALESCE(v.tipo_documento, CASE WHEN nc.id IS NOT NULL THEN '07' ELSE '08' END) AS tipo,
            COALESCE(v.serie, nc.serie, nd.serie) AS serie,
            COALESCE(v.numero, nc.numero, nd.numero) AS numero,
            to_char(COALESCE(v.fecha_emision, nc.fecha_emision, nd.fecha_emision), 'YYYY-MM-DD') AS fecha_emision,
            i.estado_linea, i.incluido
       FROM lote_sunat_items i
       LEFT JOIN ventas v ON v.id_venta = i.id_venta
       LEFT JOIN notas_credito nc ON nc.id = i.id_nota_credito
       LEFT JOIN notas_debito nd ON nd.id = i.id_nota_debito
      WHERE i.id_lote = $1
      ORDER BY i.id`,
    [loteId],
  );
  return rows.map((r) => ({ ...r, numero: Number(r.numero), fecha_emision: String(r.fecha_emision) }));
}
