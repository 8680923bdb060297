import { diasDesde } from '@/common/fecha';
import { PLAZO_BAJA_RESUMEN_DIAS } from '@/common/plazos';

/** The reason an RA carries when the request sends none (SUNAT's VoidReasonDescription, at most 100 characters). */
export const MOTIVO_ANULACION_DEFECTO = 'ANULACION DE LA OPERACION';

/** Answers of POST /api/ventas/{id}/anular and /api/notas-credito|notas-debito/{id}/anular (docs/API.md). */
export const MSG_ANULACION = {
  ventaAnulada: 'Venta anulada correctamente.',
  ventaYaAnulada: 'La venta ya está anulada.',
  notaYaAnulada: 'La nota ya fue dada de baja en SUNAT.',
  /** What reverses the document once it cannot be voided: a credit note for a sale or a debit note, a debit note for a credit note. */
  fueraDePlazo: (nota: 'crédito' | 'débito', accion: 'anularla' | 'revertirla') =>
    `Fuera del plazo de baja (${PLAZO_BAJA_RESUMEN_DIAS} días desde la emisión); emita una nota de ${nota} para ${accion}.`,
  enviada: (ticket: string) => `La anulación ya fue enviada a SUNAT (ticket ${ticket}). Use el ticket para consultar el estado.`,
  pendiente: (archivo: string) =>
    `La anulación está en el lote ${archivo}, pendiente de SUNAT: se completará sola cuando SUNAT responda; no hace falta repetirla.`,
  notaSinEnviar: 'La nota no fue enviada a SUNAT y las notas no se anulan localmente: no hay nada que dar de baja.',
  notaRechazada: 'SUNAT rechazó esta nota: no hay nada que dar de baja.',
  notaDeBoleta: (numero: string) => `${numero} modifica una boleta: se da de baja con el resumen diario, que este servicio aún no envía para notas.`,
} as const;

/** Past the deadline of RA and RC, counted as both flows count it (Lima calendar days since the issue date). */
export const fueraDelPlazo = (fechaEmision: string, now = new Date()): boolean => diasDesde(fechaEmision, now) > PLAZO_BAJA_RESUMEN_DIAS;
