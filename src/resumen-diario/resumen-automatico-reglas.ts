import { HttpException, HttpStatus } from '@nestjs/common';
import { diasAntes, hoyLima, momentoLima } from '@/common/fecha';
import { PLAZO_BAJA_RESUMEN_DIAS } from '@/common/plazos';
import { esFalloTransitorio } from '@/sunat/nest/envios/fallos-transitorios';
import { MAX_LINEAS_RESUMEN } from './partes-resumen';
import { TEXTOS } from './resumen-textos';

/** A company's automatic summary setting and the last Lima day whose run ended. */
export interface ProgramaResumen {
  /** 'HH:MM' (Lima); null: no automatic summary. */
  resumen_automatico: string | null;
  /** YYYY-MM-DD; null: never ran. */
  resumen_automatico_ultimo: string | null;
}

/** The run a company owes: the Lima day, and the instant of that day's time (only boletas created before it go). */
export interface DiaPorResumir {
  hoy: string;
  corte: Date;
  /** The oldest issue date still inside the RC deadline on that day. */
  desde: string;
}

/**
 * Once per Lima day, from its time on: null before the time, when no time is set, or when today's run already ended.
 * A run that did not end (SUNAT unreachable, boletas held by a batch still pending) is owed again at the next check.
 */
export function diaPorResumir(programa: ProgramaResumen, now = new Date()): DiaPorResumir | null {
  if (!programa.resumen_automatico) return null;
  const hoy = hoyLima(now);
  if (programa.resumen_automatico_ultimo !== null && programa.resumen_automatico_ultimo >= hoy) return null;
  const corte = momentoLima(hoy, programa.resumen_automatico);
  if (now.getTime() < corte.getTime()) return null;
  return { hoy, corte, desde: diasAntes(hoy, PLAZO_BAJA_RESUMEN_DIAS) };
}

/** One call of the summary flow: boletas of one issue date (its fecha_resumen), at most one RC file's worth. */
export interface TandaResumen {
  fecha: string;
  ids: number[];
}

/**
 * The boletas in calls of one issue date each, oldest date first (the nearest to the deadline), each at most
 * `max` boletas so that one call makes one file and its outcome is that file's; ids keep the order given.
 */
export function tandasPorFecha(boletas: Array<{ id_venta: number; fecha_emision: string }>, max = MAX_LINEAS_RESUMEN): TandaResumen[] {
  const porFecha = new Map<string, number[]>();
  for (const b of boletas) {
    const ids = porFecha.get(b.fecha_emision) ?? [];
    ids.push(b.id_venta);
    porFecha.set(b.fecha_emision, ids);
  }
  const tandas: TandaResumen[] = [];
  for (const fecha of [...porFecha.keys()].sort()) {
    const ids = porFecha.get(fecha)!;
    for (let i = 0; i < ids.length; i += max) tandas.push({ fecha, ids: ids.slice(i, i + max) });
  }
  return tandas;
}

/**
 * How one call of the flow ended, for the day's run: 'enviado' (a ticket), 'final' (SUNAT refused the file for good,
 * or the flow left out every boleta: sending again today changes nothing) or 'reintentar' (SUNAT unreachable or
 * busy, a transient SOAP fault, a boleta held by another batch meanwhile, anything unexpected).
 */
export type DesenlaceTanda = 'enviado' | 'final' | 'reintentar';

export function desenlaceDeRespuesta(respuesta: { success: boolean; codigo?: string }): DesenlaceTanda {
  if (respuesta.success) return 'enviado';
  return esFalloTransitorio(respuesta.codigo) ? 'reintentar' : 'final';
}

export function desenlaceDeError(error: unknown): DesenlaceTanda {
  if (error instanceof HttpException && error.getStatus() === HttpStatus.UNPROCESSABLE_ENTITY) {
    const body = error.getResponse() as { message?: unknown };
    if (body?.message === TEXTOS.informar.ninguna) return 'final';
  }
  return 'reintentar';
}
