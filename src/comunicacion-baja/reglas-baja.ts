import { diasDesde } from '@/common/fecha';
import type { VentaView } from '@/ventas/dto/venta-view';

export const PLAZO_DIAS = 7;
const TIPOS_BAJA = ['01', '07', '08'];

/**
 * SPEC.md's rules per sale, in order; null when the sale may be voided. `deadline` tells the caller
 * that only the 7-day rule failed (such sales still go to '3' per SPEC.md).
 */
export function motivoRechazoBaja(venta: VentaView, now = new Date()): { reason: string; deadline: boolean } | null {
  if (!TIPOS_BAJA.includes(venta.tipoDocumento.cod_sunat)) {
    return { reason: 'solo facturas y notas se dan de baja; las boletas se anulan con el resumen diario.', deadline: false };
  }
  if (venta.estado_sunat !== '1') return { reason: `no está aceptada por SUNAT (estado_sunat ${venta.estado_sunat}).`, deadline: false };
  if (diasDesde(venta.fecha_emision, now) > PLAZO_DIAS) {
    return { reason: `han pasado más de ${PLAZO_DIAS} días desde su emisión (${venta.fecha_emision}).`, deadline: true };
  }
  return null;
}
