import { EstadoNuestro, NUESTRO_ACEPTADO, NUESTRO_ANULADO, NUESTRO_EN_PROCESO, NUESTRO_PENDIENTE, NUESTRO_RECHAZADO } from '@/common/estados';
import { ValidityState } from '@/sunat/gateway/validez/validez-codes';

/**
 * What a difference asks for: send it again (facturas and notes, through the send queue), report it in a daily
 * summary (boletas), take SUNAT's acceptance or voiding, or a person's look.
 */
export const ACCIONES_CONCILIACION = ['reenviar', 'resumir', 'marcar_aceptado', 'marcar_anulado', 'revisar'] as const;
export type AccionConciliacion = (typeof ACCIONES_CONCILIACION)[number];

/** How SUNAT holds a document, as the report shows it. */
export type EstadoSunatConciliado = 'no_existe' | 'aceptado' | 'anulado' | 'otro';

export function estadoSunatConciliado(state: ValidityState): EstadoSunatConciliado {
  if (state === 'not-found') return 'no_existe';
  if (state === 'accepted') return 'aceptado';
  if (state === 'voided') return 'anulado';
  return 'otro';
}

export interface CasoConciliacion {
  nuestro: EstadoNuestro;
  sunat: ValidityState;
  /** SUNAT observed that the amount asked about is not the one it holds. */
  montoDistinto: boolean;
  /** Its time to reach SUNAT has not ended (plazos.ts venceEnvioSunat). */
  dentroDePlazo: boolean;
  /** A boleta: it reaches SUNAT in a daily summary, not alone. */
  porResumen: boolean;
}

/**
 * A difference's action, and whether it is safe to apply without a person: only taking an acceptance SUNAT already
 * holds, and sending (or summarising) what SUNAT never got while its deadline lasts. null: both sides agree, or the
 * document is still in an RC/RA whose ticket the poller settles.
 */
export function accionConciliacion(c: CasoConciliacion): { accion: AccionConciliacion; segura: boolean } | null {
  if (c.nuestro === NUESTRO_EN_PROCESO) return null;
  if (c.montoDistinto && c.sunat !== 'not-found') return { accion: 'revisar', segura: false };
  switch (c.sunat) {
    case 'accepted':
      if (c.nuestro === NUESTRO_ACEPTADO) return null;
      if (c.nuestro === NUESTRO_PENDIENTE) return { accion: 'marcar_aceptado', segura: true };
      return { accion: 'revisar', segura: false };
    case 'voided':
      if (c.nuestro === NUESTRO_ANULADO) return null;
      if (c.nuestro === NUESTRO_RECHAZADO) return { accion: 'revisar', segura: false };
      return { accion: 'marcar_anulado', segura: false };
    case 'not-found':
      // SUNAT answers 0 for what it rejected, and nothing was ever sent of a sale voided before SUNAT saw it
      if (c.nuestro === NUESTRO_RECHAZADO || c.nuestro === NUESTRO_ANULADO) return null;
      if (c.nuestro === NUESTRO_PENDIENTE && c.dentroDePlazo) return { accion: c.porResumen ? 'resumir' : 'reenviar', segura: true };
      return { accion: 'revisar', segura: false };
    default:
      return { accion: 'revisar', segura: false };
  }
}
