import { diasDesde } from '@/common/fecha';
import type { VentaView } from '@/ventas/dto/venta-view';

export const PLAZO_DIAS = 7;

/** SPEC.md's send rules for one sale of a daily summary; null when it may go. */
export function motivoRechazoResumen(venta: VentaView, fechaResumen: string, now = new Date()): string | null {
  if (venta.tipoDocumento.cod_sunat !== '03') return 'solo las boletas (03) se informan en el resumen diario.';
  if (diasDesde(venta.fecha_emision, now) > PLAZO_DIAS) return `han pasado más de ${PLAZO_DIAS} días desde su emisión (${venta.fecha_emision}).`;
  return comunes(venta, fechaResumen);
}

/** SPEC.md's annulment rules: an accepted boleta, no deadline. */
export function motivoRechazoAnulacion(venta: VentaView, fechaResumen: string): string | null {
  if (venta.tipoDocumento.cod_sunat !== '03') return 'solo las boletas (03) se anulan con el resumen diario.';
  if (venta.estado_sunat !== '1') return `no está aceptada por SUNAT (estado_sunat ${venta.estado_sunat}).`;
  return comunes(venta, fechaResumen);
}

function comunes(venta: VentaView, fechaResumen: string): string | null {
  // A summary reports the boletas of one issue date (its ReferenceDate).
  if (venta.fecha_emision !== fechaResumen) return `su fecha de emisión (${venta.fecha_emision}) no es la del resumen (${fechaResumen}).`;
  if (venta.estado_sunat === '3') return 'ya tiene un ticket en proceso.';
  if (venta.estado === '2' && venta.estado_sunat === '0') return 'fue anulada localmente y nunca se informó.';
  return null;
}
