import { LOTE_ENVIADO } from '@/common/estados';
import type { LoteDeDocumento } from '@/lotes-sunat/lote-de-documento';
import type { TipoLote } from '@/lotes-sunat/entities/lote-sunat.entity';
import { MSG_ANULACION } from './anulacion-textos';

/**
 * Every answer carries `success`, `message` and `data` (the document as it is now); `canal`, `ticket` and
 * `nombre_archivo` when SUNAT is involved. 202: the void waits in a batch SUNAT has not given a ticket for yet.
 */
export type CuerpoAnulacion<T> =
  | { success: true; canal?: TipoLote; ticket?: string; nombre_archivo?: string; message: string; advertencias?: string[]; data: T }
  | { success: false; canal: TipoLote; codigo: string; message: string };

export interface RespuestaAnulacion<T> {
  status: 200 | 202;
  body: CuerpoAnulacion<T>;
}

/** Annulled here (the local case, whose body is the one this route always answered) or already annulled. */
export const anulacionLocal = <T>(message: string, data: T): RespuestaAnulacion<T> => ({ status: 200, body: { success: true, message, data } });

/** A void already on its way: the same shape as the channel's first answer, with the batch's ticket once SUNAT gave it. */
export function anulacionEnCurso<T>(lote: LoteDeDocumento, data: T): RespuestaAnulacion<T> {
  if (lote.estado === LOTE_ENVIADO && lote.ticket) {
    const { ticket } = lote;
    return {
      status: 200,
      body: { success: true, canal: lote.tipo, ticket, nombre_archivo: lote.nombre_archivo, message: MSG_ANULACION.enviada(ticket), data },
    };
  }
  return {
    status: 202,
    body: { success: true, canal: lote.tipo, nombre_archivo: lote.nombre_archivo, message: MSG_ANULACION.pendiente(lote.nombre_archivo), data },
  };
}
