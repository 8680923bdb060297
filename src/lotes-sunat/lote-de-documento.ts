import type { EntityManager } from 'typeorm';
import { LINEA_ANULACION, LOTES_PENDIENTES, type EstadoLinea, type EstadoLote } from '@/common/estados';
import type { TipoLote } from './entities/lote-sunat.entity';

/** A sale or a note, by the column that names it in `lote_sunat_items`. */
export type DocumentoDeLote = { id_venta: number } | { id_nota_credito: number } | { id_nota_debito: number };

/** The batch still waiting for SUNAT that holds a document, and how it carries it. */
export interface LoteDeDocumento {
  tipo: TipoLote;
  estado: EstadoLote;
  /** null until SUNAT gave one ('preparado' after a lost answer, 'sin_ticket'). */
  ticket: string | null;
  nombre_archivo: string;
  estado_linea: EstadoLinea;
  incluido: boolean;
}

const COLUMNA: Record<string, string> = { id_venta: 'i.id_venta', id_nota_credito: 'i.id_nota_credito', id_nota_debito: 'i.id_nota_debito' };

/**
 * The latest batch in 'preparado', 'enviado' or 'sin_ticket' that holds the document, or null: the batch a new RC/RA
 * of it would meet as a 409 (reservarDocumentosDelLote), and the one whose outcome its state is waiting for.
 */
export async function lotePendienteDe(manager: EntityManager, documento: DocumentoDeLote): Promise<LoteDeDocumento | null> {
  const [campo, id] = Object.entries(documento)[0] as [string, number];
  const rows: LoteDeDocumento[] = await manager.query(
    `SELECT l.tipo, l.estado, l.ticket, l.nombre_archivo, i.estado_linea, i.incluido
       FROM lote_sunat_items i JOIN lotes_sunat l ON l.id = i.id_lote
      WHERE ${COLUMNA[campo]} = $1 AND l.estado = ANY($2)
      ORDER BY l.id DESC
      LIMIT 1`,
    [id, LOTES_PENDIENTES],
  );
  return rows[0] ?? null;
}

/** The batch voids the document: an RA that sends it, or an RC line with status 3. */
export const anulaElDocumento = (lote: LoteDeDocumento): boolean => lote.incluido && (lote.tipo === 'RA' || lote.estado_linea === LINEA_ANULACION);
