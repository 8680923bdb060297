/** Deadlines in days, counted on America/Lima calendar days (`diasDesde` in fecha.ts). One home for all of them. */

/**
 * SPEC.md "Limits": the voiding communication (RA) and the daily summary (RC) take documents issued at most
 * this many days ago ("a difference over 7 days is refused").
 */
export const PLAZO_BAJA_RESUMEN_DIAS = 7;

/**
 * How far back a sale's `fecha_emision` may go: facturas must reach SUNAT within 3 days; boletas fit the
 * daily summary's window.
 */
export const DIAS_ATRAS_EMISION = { factura: 3, boleta: PLAZO_BAJA_RESUMEN_DIAS } as const;

/** The refusal text of both RC and RA for a document past the deadline. */
export const msgFueraDePlazo = (fechaEmision: string): string => `han pasado más de ${PLAZO_BAJA_RESUMEN_DIAS} días desde su emisión (${fechaEmision}).`;
