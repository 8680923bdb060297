import { LOTE_ACEPTADO, LOTE_RECHAZADO } from '@/common/estados';
import type { LoteSunatItem } from './entities/lote-sunat-item.entity';
import type { LoteSunat } from './entities/lote-sunat.entity';

/** A closed RC/RA batch as the `lote.cerrado` event shows it: the batch with SUNAT's final answer and its documents. */
export function loteCerrado(lote: LoteSunat, items: LoteSunatItem[], accepted: boolean, mensaje: string) {
  return {
    id: lote.id,
    tipo: lote.tipo,
    fecha_generacion: lote.fecha_generacion,
    fecha_referencia: lote.fecha_referencia,
    nombre_archivo: lote.nombre_archivo,
    ticket: lote.ticket,
    estado: accepted ? LOTE_ACEPTADO : LOTE_RECHAZADO,
    mensaje,
    documentos: items.map((i) => ({
      ...(i.id_venta !== null
        ? { id_venta: i.id_venta }
        : i.id_nota_credito !== null
          ? { id_nota_credito: i.id_nota_credito }
          : { id_nota_debito: i.id_nota_debito }),
      estado_linea: i.estado_linea,
      incluido: i.incluido,
    })),
  };
}
