/**
 * Every state value the service stores, in one place: typed unions and named constants. Code compares and
 * writes these names, never the raw '0'..'3' or 'aceptado' literals (estados-literales.spec.ts greps src/ for
 * them). The values are SPEC.md's and the database's; changing one here changes stored data.
 */

/** Sale `estado` (SPEC.md "Sale estado"): '1' vigente, '2' anulada. */
export const ESTADOS_VENTA = ['1', '2'] as const;
export type EstadoVenta = (typeof ESTADOS_VENTA)[number];
export const VENTA_ACTIVA = '1' as const satisfies EstadoVenta;
export const VENTA_ANULADA = '2' as const satisfies EstadoVenta;

/** Sale `estado_sunat` (SPEC.md "Sale estado_tax"). */
export const ESTADOS_SUNAT = ['0', '1', '2', '3'] as const;
export type EstadoSunat = (typeof ESTADOS_SUNAT)[number];
/** Never seen by SUNAT. */
export const SUNAT_PENDIENTE = '0' as const satisfies EstadoSunat;
export const SUNAT_ACEPTADA = '1' as const satisfies EstadoSunat;
/** Rejected, or annulled by an accepted RA / RC status 3 / credit note. */
export const SUNAT_RECHAZADA = '2' as const satisfies EstadoSunat;
/** In an RC or RA whose ticket is awaited. */
export const SUNAT_EN_PROCESO = '3' as const satisfies EstadoSunat;

/** Line status of a daily summary (RC) line; RA lines are always '3'. */
export const ESTADOS_LINEA = ['1', '2', '3'] as const;
export type EstadoLinea = (typeof ESTADOS_LINEA)[number];
export const LINEA_ADICION = '1' as const satisfies EstadoLinea;
export const LINEA_MODIFICACION = '2' as const satisfies EstadoLinea;
export const LINEA_ANULACION = '3' as const satisfies EstadoLinea;

/** RC/RA batch (`lotes_sunat.estado`). */
export const ESTADOS_LOTE = ['preparado', 'enviado', 'aceptado', 'rechazado', 'error', 'sin_ticket'] as const;
export type EstadoLote = (typeof ESTADOS_LOTE)[number];
export const LOTE_PREPARADO = 'preparado' as const satisfies EstadoLote;
export const LOTE_ENVIADO = 'enviado' as const satisfies EstadoLote;
export const LOTE_ACEPTADO = 'aceptado' as const satisfies EstadoLote;
export const LOTE_RECHAZADO = 'rechazado' as const satisfies EstadoLote;
export const LOTE_ERROR = 'error' as const satisfies EstadoLote;
/**
 * Registered by SUNAT, ticket unknown: re-sent after a lost answer, SUNAT answered 2223 (file already presented).
 * Settled document by document through SUNAT's validity check, never summarised again.
 */
export const LOTE_SIN_TICKET = 'sin_ticket' as const satisfies EstadoLote;
/** Batches still to be settled with SUNAT: held documents, swept by the poller at start-up. */
export const LOTES_PENDIENTES: readonly EstadoLote[] = [LOTE_PREPARADO, LOTE_ENVIADO, LOTE_SIN_TICKET];

/** Dispatch guide (SPEC.md "Dispatch guide estado"). */
export const ESTADOS_GUIA = ['pendiente', 'enviado', 'aceptado', 'rechazado'] as const;
export type EstadoGuia = (typeof ESTADOS_GUIA)[number];
export const GUIA_PENDIENTE = 'pendiente' as const satisfies EstadoGuia;
export const GUIA_ENVIADA = 'enviado' as const satisfies EstadoGuia;
export const GUIA_ACEPTADA = 'aceptado' as const satisfies EstadoGuia;
export const GUIA_RECHAZADA = 'rechazado' as const satisfies EstadoGuia;

/** Credit / debit note (SPEC.md's three values plus 'anulado': voided by an accepted RA). */
export const ESTADOS_NOTA = ['pendiente', 'aceptado', 'rechazado', 'anulado'] as const;
export type EstadoNota = (typeof ESTADOS_NOTA)[number];
export const NOTA_PENDIENTE = 'pendiente' as const satisfies EstadoNota;
export const NOTA_ACEPTADA = 'aceptado' as const satisfies EstadoNota;
export const NOTA_RECHAZADA = 'rechazado' as const satisfies EstadoNota;
export const NOTA_ANULADA = 'anulado' as const satisfies EstadoNota;

/** Voiding (RA) of an accepted note: 'en_proceso' while the ticket is pending, 'aceptada' once SUNAT accepts it. */
export const BAJAS_NOTA = ['en_proceso', 'aceptada'] as const;
export type BajaNota = (typeof BAJAS_NOTA)[number];
export const BAJA_EN_PROCESO = 'en_proceso' as const satisfies BajaNota;
export const BAJA_ACEPTADA = 'aceptada' as const satisfies BajaNota;

/** Quotation (SPEC.md "Quotation estado"). Any value may follow any other (SPEC.md sets no restriction). */
export const ESTADOS_COTIZACION = ['pendiente', 'aprobada', 'rechazada', 'vencida'] as const;
export type EstadoCotizacion = (typeof ESTADOS_COTIZACION)[number];
export const COTIZACION_PENDIENTE = 'pendiente' as const satisfies EstadoCotizacion;
export const COTIZACION_APROBADA = 'aprobada' as const satisfies EstadoCotizacion;
export const COTIZACION_RECHAZADA = 'rechazada' as const satisfies EstadoCotizacion;
export const COTIZACION_VENCIDA = 'vencida' as const satisfies EstadoCotizacion;

/** A webhook delivery: waiting for its turn (or retrying), delivered (2xx), or given up (its endpoint was disabled). */
export const ESTADOS_ENTREGA = ['pendiente', 'entregada', 'fallida'] as const;
export type EstadoEntrega = (typeof ESTADOS_ENTREGA)[number];
export const ENTREGA_PENDIENTE = 'pendiente' as const satisfies EstadoEntrega;
export const ENTREGA_ENTREGADA = 'entregada' as const satisfies EstadoEntrega;
export const ENTREGA_FALLIDA = 'fallida' as const satisfies EstadoEntrega;

/**
 * E-mail of a document to its buyer (`correos.estado`): 'pendiente' waits for its turn (or is being sent),
 * 'enviado' was accepted by the SMTP server, 'error' was refused for good or ran out of attempts.
 */
export const ESTADOS_CORREO = ['pendiente', 'enviado', 'error'] as const;
export type EstadoCorreo = (typeof ESTADOS_CORREO)[number];
export const CORREO_PENDIENTE = 'pendiente' as const satisfies EstadoCorreo;
export const CORREO_ENVIADO = 'enviado' as const satisfies EstadoCorreo;
export const CORREO_ERROR = 'error' as const satisfies EstadoCorreo;

/** A reconciliation with SUNAT (`conciliaciones.estado`): 'en_curso' until every document was checked. */
export const ESTADOS_CONCILIACION = ['en_curso', 'terminada', 'error'] as const;
export type EstadoConciliacion = (typeof ESTADOS_CONCILIACION)[number];
export const CONCILIACION_EN_CURSO = 'en_curso' as const satisfies EstadoConciliacion;
export const CONCILIACION_TERMINADA = 'terminada' as const satisfies EstadoConciliacion;
export const CONCILIACION_ERROR = 'error' as const satisfies EstadoConciliacion;

/**
 * What a document looks like to us in a reconciliation, whatever its table: never seen by SUNAT, in an RC/RA awaited,
 * accepted, rejected, or voided (an accepted RA / RC status 3, or a sale voided locally before SUNAT saw it).
 */
export const ESTADOS_NUESTROS = ['pendiente', 'en_proceso', 'aceptado', 'rechazado', 'anulado'] as const;
export type EstadoNuestro = (typeof ESTADOS_NUESTROS)[number];
export const NUESTRO_PENDIENTE = 'pendiente' as const satisfies EstadoNuestro;
export const NUESTRO_EN_PROCESO = 'en_proceso' as const satisfies EstadoNuestro;
export const NUESTRO_ACEPTADO = 'aceptado' as const satisfies EstadoNuestro;
export const NUESTRO_RECHAZADO = 'rechazado' as const satisfies EstadoNuestro;
export const NUESTRO_ANULADO = 'anulado' as const satisfies EstadoNuestro;
