import { BAJA_EN_PROCESO, NOTA_ACEPTADA, NOTA_ANULADA, SUNAT_ACEPTADA } from '@/common/estados';
import { diasDesde } from '@/common/fecha';
import { msgFueraDePlazo, PLAZO_BAJA_RESUMEN_DIAS } from '@/common/plazos';
import type { NotaParaBaja } from '@/notas/nota-baja.service';
import type { VentaView } from '@/ventas/dto/venta-view';

const TIPOS_BAJA = ['01', '07', '08'];
const MSG_TIPO = 'solo facturas y notas se dan de baja; las boletas se anulan con el resumen diario.';

/**
 * SPEC.md's rules per sale, in order; null when the sale may be voided. `deadline` tells the caller
 * that only the 7-day rule failed (such sales still go to '3' per SPEC.md).
 */
export function motivoRechazoBaja(venta: VentaView, now = new Date()): { reason: string; deadline: boolean } | null {
  if (!TIPOS_BAJA.includes(venta.tipoDocumento.cod_sunat)) return { reason: MSG_TIPO, deadline: false };
  if (venta.estado_sunat !== SUNAT_ACEPTADA) return { reason: `no está aceptada por SUNAT (estado_sunat ${venta.estado_sunat}).`, deadline: false };
  if (diasDesde(venta.fecha_emision, now) > PLAZO_BAJA_RESUMEN_DIAS) return { reason: msgFueraDePlazo(venta.fecha_emision), deadline: true };
  return null;
}

/**
 * The same rules for a credit or debit note: (1) type 07/08, (2) accepted by SUNAT, not voided and not in
 * a voiding ticket, (3) the 7-day deadline. A refused note keeps its state (the '3' hold is for sales).
 */
export function motivoRechazoBajaNota(nota: NotaParaBaja, now = new Date()): string | null {
  if (!TIPOS_BAJA.includes(nota.tipoDocumento)) return MSG_TIPO;
  if (nota.estado === NOTA_ANULADA) return 'ya fue dada de baja en SUNAT.';
  if (nota.estado !== NOTA_ACEPTADA) return `no está aceptada por SUNAT (estado ${nota.estado}).`;
  if (nota.baja === BAJA_EN_PROCESO) return 'tiene una comunicación de baja en proceso.';
  if (diasDesde(nota.fecha_emision, now) > PLAZO_BAJA_RESUMEN_DIAS) return msgFueraDePlazo(nota.fecha_emision);
  return null;
}
