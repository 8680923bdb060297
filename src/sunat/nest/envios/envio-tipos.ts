/**
 * What the queue sends: a sale (factura), a credit note ('nc') or a debit note ('nd') of a factura, a guide, or an
 * RC/RA batch. Each note kind has its own table (their ids can be equal), so each is a kind of its own here.
 */
export const TIPOS_ENVIO = ['venta', 'nc', 'nd', 'guia', 'lote'] as const;
export type TipoEnvio = (typeof TIPOS_ENVIO)[number];

/** SUNAT's services as the breaker sees them: the SOAP services (bills, summaries, CDR queries) and the GRE REST API. */
export const SERVICIOS_SUNAT = ['soap', 'gre'] as const;
export type ServicioSunat = (typeof SERVICIOS_SUNAT)[number];

/**
 * A queue row's state: 'pendiente' waits for its turn (proximo_intento), 'enviando' is claimed by a sender,
 * 'hecho' has SUNAT's final answer (or needs no send any more), 'fallido' got an answer that sending again cannot
 * change (the document keeps SUNAT's code and message; its enviar endpoint can still be called).
 */
export const ESTADOS_ENVIO = ['pendiente', 'enviando', 'hecho', 'fallido'] as const;
export type EstadoEnvio = (typeof ESTADOS_ENVIO)[number];
export const ENVIO_PENDIENTE = 'pendiente' as const satisfies EstadoEnvio;
export const ENVIO_ENVIANDO = 'enviando' as const satisfies EstadoEnvio;
export const ENVIO_HECHO = 'hecho' as const satisfies EstadoEnvio;
export const ENVIO_FALLIDO = 'fallido' as const satisfies EstadoEnvio;

/** A queued document as its sender sees it. */
export interface EnvioPendiente {
  id: string;
  empresaId: number;
  tipo: TipoEnvio;
  idDocumento: number;
  servicio: ServicioSunat;
  /** Attempts so far, this one included. */
  intentos: number;
}

/**
 * How one attempt ended:
 * - 'hecho': SUNAT gave a final answer (accepted or rejected), or the document needs no send any more;
 * - 'transitorio': SUNAT did not answer usefully (down, timeout, busy faults): try again later, and count it
 *   against the service;
 * - 'ocupado': someone else is sending it right now: try again later, SUNAT is not to blame;
 * - 'fallido': an answer that sending again cannot change.
 */
export type Desenlace = { kind: 'hecho' } | { kind: 'transitorio'; error: string } | { kind: 'ocupado'; error: string } | { kind: 'fallido'; error: string };

/** One kind of document's part in the queue: how to send one, and (optionally) how to settle what a crash left. */
export interface AdaptadorEnvio {
  tipo: TipoEnvio;
  enviar(envio: EnvioPendiente): Promise<Desenlace>;
  /** Claims of this kind older than a send can take, settled with SUNAT; the number settled. */
  conciliar?(): Promise<number>;
}
