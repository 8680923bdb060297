/** What a delivery's body carries: Standard Webhooks' type, timestamp and data, and which resource data is. */
export interface EventoEntregable {
  tipo: string;
  recurso: string;
  creado_en: Date | string;
  data: unknown;
}

/** The JSON body, serialized once: the signature is over these exact bytes. */
export function cuerpoDeEntrega(evento: EventoEntregable): string {
  return JSON.stringify({ type: evento.tipo, timestamp: new Date(evento.creado_en).toISOString(), recurso: evento.recurso, data: evento.data });
}
