import {
  EstadoLinea,
  LINEA_ADICION,
  LINEA_ANULACION,
  LINEA_MODIFICACION,
  SUNAT_ACEPTADA,
  SUNAT_EN_PROCESO,
  SUNAT_PENDIENTE,
  VENTA_ANULADA,
} from '@/common/estados';
import { diasDesde } from '@/common/fecha';
import { msgFueraDePlazo, PLAZO_BAJA_RESUMEN_DIAS } from '@/common/plazos';
import type { VentaView } from '@/ventas/dto/venta-view';
import type { RegistroSunat } from './registro-sunat';
import { MOTIVO_SUNAT } from './resumen-textos';

/** SPEC.md's send rules for one sale of a daily summary; null when it may go. */
export function motivoRechazoResumen(venta: VentaView, fechaResumen: string, now = new Date()): string | null {
  if (venta.tipoDocumento.cod_sunat !== '03') return 'solo las boletas (03) se informan en el resumen diario.';
  if (diasDesde(venta.fecha_emision, now) > PLAZO_BAJA_RESUMEN_DIAS) return msgFueraDePlazo(venta.fecha_emision);
  return comunes(venta, fechaResumen);
}

/** SPEC.md's annulment rules: an accepted boleta, no deadline. */
export function motivoRechazoAnulacion(venta: VentaView, fechaResumen: string): string | null {
  if (venta.tipoDocumento.cod_sunat !== '03') return 'solo las boletas (03) se anulan con el resumen diario.';
  if (venta.estado_sunat !== SUNAT_ACEPTADA) return MOTIVO_SUNAT.noAceptada(venta.estado_sunat);
  return comunes(venta, fechaResumen);
}

function comunes(venta: VentaView, fechaResumen: string): string | null {
  // A summary reports the boletas of one issue date (its ReferenceDate).
  if (venta.fecha_emision !== fechaResumen) return `su fecha de emisión (${venta.fecha_emision}) no es la del resumen (${fechaResumen}).`;
  if (venta.estado_sunat === SUNAT_EN_PROCESO) return 'ya tiene un ticket en proceso.';
  if (venta.estado === VENTA_ANULADA && venta.estado_sunat === SUNAT_PENDIENTE) return 'fue anulada localmente y nunca se informó.';
  return null;
}

/**
 * The line a boleta goes with, given what SUNAT already holds of it, or why it may not go. Reporting: an addition
 * ('1') only when no accepted RC ever carried it, so ConditionCode 1 goes once per boleta; a boleta SUNAT
 * accepted goes again only when its line changed (a modification, '2'), never unchanged; one SUNAT voided, never.
 * A line kept before its fingerprint was (null) counts as unchanged. Annulling: an accepted boleta, voided once.
 */
export function lineaSegunSunat(modo: 'informar' | 'anular', huella: string, registro: RegistroSunat): { estado: EstadoLinea } | { motivo: string } {
  const { estado_linea: aceptada, nombre_archivo: archivo } = registro;
  if (aceptada === LINEA_ANULACION) return { motivo: MOTIVO_SUNAT.yaAnulada(archivo!) };
  if (modo === 'anular') {
    return registro.estado_sunat === SUNAT_ACEPTADA ? { estado: LINEA_ANULACION } : { motivo: MOTIVO_SUNAT.noAceptada(registro.estado_sunat) };
  }
  if (aceptada === null) {
    return registro.estado_sunat === SUNAT_ACEPTADA ? { motivo: MOTIVO_SUNAT.yaAceptada(null) } : { estado: LINEA_ADICION };
  }
  return registro.huella === null || registro.huella === huella ? { motivo: MOTIVO_SUNAT.yaAceptada(archivo) } : { estado: LINEA_MODIFICACION };
}
