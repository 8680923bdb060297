import type { BillVerdict } from '@/sunat/nest/bill-verdict';

/** Every event the service emits; webhook endpoints subscribe to a subset of these names (or to all). */
export const TIPOS_EVENTO = [
  'documento.creado',
  'documento.aceptado',
  'documento.observado',
  'documento.rechazado',
  'documento.anulado',
  'lote.cerrado',
  'guia.aceptada',
  'guia.rechazada',
  'sunat.caida',
  'sunat.restablecida',
  'plazo.por_vencer',
  'certificado.por_vencer',
  'conciliacion.diferencia',
  'webhook.desactivado',
] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];

/**
 * Events that happen at most once per resource (a document is created, accepted or annulled once): a second
 * registration of the same one (a retried transaction, two paths applying the same answer) is ignored.
 */
const UNA_VEZ_POR_RECURSO: ReadonlySet<TipoEvento> = new Set([
  'documento.creado',
  'documento.aceptado',
  'documento.observado',
  'documento.rechazado',
  'documento.anulado',
  'lote.cerrado',
  'guia.aceptada',
  'guia.rechazada',
  'plazo.por_vencer',
]);

/** The de-duplication key of an event: given, or once per resource for the once-only kinds, else none. */
export function claveDeEvento(empresaId: number | null, tipo: TipoEvento, recurso: string, id: string, clave: string | null | undefined): string | null {
  if (clave !== undefined) return clave === null ? null : `${empresaId ?? '-'}:${tipo}:${clave}`;
  return UNA_VEZ_POR_RECURSO.has(tipo) ? `${empresaId ?? '-'}:${tipo}:${recurso}:${id}` : null;
}

/** What SUNAT's verdict on a sendBill document emits: accepted (with or without observations), rejected, or nothing. */
export function eventoDeVeredicto(verdict: Pick<BillVerdict, 'kind' | 'observaciones'>): TipoEvento | null {
  switch (verdict.kind) {
    case 'accepted':
      return verdict.observaciones.length ? 'documento.observado' : 'documento.aceptado';
    case 'rejected':
      return 'documento.rechazado';
    default:
      return null;
  }
}

/** Resources events speak about; `data` is the resource as its GET shows it. */
export type RecursoEvento = 'venta' | 'nota_credito' | 'nota_debito' | 'guia' | 'lote' | 'servicio_sunat' | 'empresa' | 'webhook' | (string & {});

/** The resource name of a credit ('NC') or debit ('ND') note in events. */
export const recursoDeNota = (tipo: 'NC' | 'ND'): RecursoEvento => (tipo === 'NC' ? 'nota_credito' : 'nota_debito');
