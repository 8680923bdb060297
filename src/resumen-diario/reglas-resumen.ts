import { SUNAT_ACEPTADA, SUNAT_EN_PROCESO, SUNAT_PENDIENTE, VENTA_ANULADA } from '@/common/estados';
import { diasDesde } from '@/common/fecha';
import { msgFueraDePlazo, PLAZO_BAJA_RESUMEN_DIAS } from '@/common/plazos';
import type { VentaView } from '@/ventas/dto/venta-view';

/** SPEC.md's send rules for one sale of a daily summary; null when it may go. */
export function motivoRechazoResumen(venta: VentaView, fechaResumen: string, now = new Date()): string | null {
  if (venta.tipoDocumento.cod_sunat !== '03') return 'solo las boletas (03) se informan en el resumen diario.';
  if (diasDesde(venta.fecha_emision, now) > PLAZO_BAJA_RESUMEN_DIAS) return msgFueraDePlazo(venta.fecha_emision);
  return comunes(venta, fechaResumen);
}

/** SPEC.md's annulment rules: an accepted boleta, no deadline. */
export function motivoRechazoAnulacion(venta: VentaView, fechaResumen: string): string | null {
  if (venta.tipoDocumento.cod_sunat !== '03') return 'solo las boletas (03) se anulan con el resumen diario.';
  if (venta.estado_sunat !== SUNAT_ACEPTADA) return `no está aceptada por SUNAT (estado_sunat ${venta.estado_sunat}).`;
  return comunes(venta, fechaResumen);
}

function comunes(venta: VentaView, fechaResumen: string): string | null {
  // A summary reports the boletas of one issue date (its ReferenceDate).
  if (venta.fecha_emision !== fechaResumen) return `su fecha de emisión (${venta.fecha_emision}) no es la del resumen (${fechaResumen}).`;
  if (venta.estado_sunat === SUNAT_EN_PROCESO) return 'ya tiene un ticket en proceso.';
  if (venta.estado === VENTA_ANULADA && venta.estado_sunat === SUNAT_PENDIENTE) return 'fue anulada localmente y nunca se informó.';
  return null;
}
