import { ENTREGA_PENDIENTE, EstadoEntrega } from '@/common/estados';
import { idMensaje } from './webhook.mapper';

/** A delivery row with its event and its attempts, as the log query reads it. */
export interface EntregaFila {
  id: string;
  estado: EstadoEntrega;
  intentos: number;
  proximo_intento: Date;
  entregada_en: Date | null;
  created_at: Date;
  id_evento: string;
  tipo: string;
  recurso: string;
  id_recurso: string;
  evento_creado_en: Date;
  historial: Array<{ intento: number; fecha: string; estado_http: number | null; duracion_ms: number; respuesta: string | null; error: string | null }>;
}

export interface EntregaView {
  id: number;
  evento: { id: string; tipo: string; recurso: string; id_recurso: string; creado_en: Date };
  estado: EstadoEntrega;
  intentos: number;
  /** When the next attempt goes (pending deliveries only). */
  proximo_intento: Date | null;
  entregada_en: Date | null;
  created_at: Date;
  /** Every attempt: when, the HTTP status (null: no answer), how long, the start of the answer, the error. */
  historial: Array<{ intento: number; fecha: Date; estado_http: number | null; duracion_ms: number; respuesta: string | null; error: string | null }>;
}

export function toEntregaView(f: EntregaFila): EntregaView {
  return {
    id: Number(f.id),
    evento: { id: idMensaje(f.id_evento), tipo: f.tipo, recurso: f.recurso, id_recurso: f.id_recurso, creado_en: f.evento_creado_en },
    estado: f.estado,
    intentos: f.intentos,
    proximo_intento: f.estado === ENTREGA_PENDIENTE ? f.proximo_intento : null,
    entregada_en: f.entregada_en,
    created_at: f.created_at,
    historial: f.historial.map((h) => ({ ...h, fecha: new Date(h.fecha) })),
  };
}
