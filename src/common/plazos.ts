/** Deadlines in days, counted on America/Lima calendar days (`diasDesde` in fecha.ts). One home for all of them. */
import { hoyLima, inicioDelDiaLima, sumarDias } from './fecha';

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

/** The rule that sets when a document must have reached SUNAT. */
export type PlazoEnvio = 'factura' | 'boleta' | 'guia';

/**
 * Calendar days after its base date a document may still reach SUNAT, the last one included: a factura and its
 * notes 3 after `fecha_emision` (past them SUNAT rejects it, 2108, and a sale cannot be dated further back); a boleta
 * and its notes 7 (the daily summary's window); a guide must be issued before its transport starts, so the day of
 * its `fecha_traslado` is its last (the date carries no hour: the truck may leave any time that day).
 */
export const DIAS_ENVIO_SUNAT: Readonly<Record<PlazoEnvio, number>> = { factura: DIAS_ATRAS_EMISION.factura, boleta: DIAS_ATRAS_EMISION.boleta, guia: 0 };

/** How far ahead GET /api/sunat/estado looks for deadlines. */
export const HORAS_POR_VENCER = 24;

/** The instant a document's time to reach SUNAT ends: the end, in Lima, of its base date plus its days. */
export function venceEnvioSunat(plazo: PlazoEnvio, fechaBase: string): Date {
  return inicioDelDiaLima(sumarDias(fechaBase, DIAS_ENVIO_SUNAT[plazo] + 1));
}

/**
 * The base dates (inclusive range) whose deadline falls in (now, now + horas]: still open, and ending within the
 * window. A deadline already past is not "por vencer". Equivalent to filtering on venceEnvioSunat, as dates a query
 * can use: vence > now ⇔ base + días >= today; vence <= límite ⇔ base + días + 1 <= the day of the límite.
 */
export function fechasPorVencer(plazo: PlazoEnvio, now: Date, horas = HORAS_POR_VENCER): { desde: string; hasta: string } {
  const dias = DIAS_ENVIO_SUNAT[plazo];
  const limite = new Date(now.getTime() + horas * 3_600_000);
  return { desde: sumarDias(hoyLima(now), -dias), hasta: sumarDias(hoyLima(limite), -dias - 1) };
}
