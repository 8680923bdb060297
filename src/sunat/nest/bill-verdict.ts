import { sunatUnreachable, xmlNotGenerated } from '@/common/errors/domain-error';
import { BillResult } from '../gateway/results';
import type { ReconcileResult } from '../gateway/sunat-gateway';
import { MissingXml } from './document-issuer';

/** What a synchronous send (sendBill) decided, in the terms every sending module stores and answers. */
export interface BillVerdict {
  /** accepted (observations included), rejected (CDR: number spent), exception (not registered). */
  kind: 'accepted' | 'rejected' | 'exception';
  codigo: string;
  message: string;
  observaciones: string[];
  /** What goes in mensaje_sunat: the message, then the observations. */
  mensajeSunat: string;
}

export type EnvioRespuesta =
  { success: true; codigo: string; mensaje: string; observaciones: string[]; cdr_url: string } | { success: false; codigo: string; message: string };

/** Missing XML (XML_MISSING, 409) and a send with no usable answer (SUNAT_UNAVAILABLE, 502) throw; everything else is a verdict. */
export function billVerdict(result: BillResult | MissingXml): BillVerdict {
  switch (result.kind) {
    case 'missing-xml':
      throw xmlNotGenerated();
    case 'accepted':
    case 'rejected':
    case 'exception': {
      const observaciones = 'notes' in result ? result.notes.map((n) => (n.code ? `${n.code} - ${n.message}` : n.message)) : [];
      return { kind: result.kind, codigo: result.code, message: result.message, observaciones, mensajeSunat: [result.message, ...observaciones].join(' | ') };
    }
    default:
      throw sunatUnreachable(result.message);
  }
}

/** The API answer of POST .../enviar for a verdict. */
export function envioRespuesta(verdict: BillVerdict, cdrUrl: string): EnvioRespuesta {
  return verdict.kind === 'accepted'
    ? { success: true, codigo: verdict.codigo, mensaje: verdict.message, observaciones: verdict.observaciones, cdr_url: cdrUrl }
    : { success: false, codigo: verdict.codigo, message: verdict.message };
}

/**
 * The mensaje_sunat that flags a record whose send or reconciliation got a CDR about another document (another
 * serie-número, hash or customer: another company's in SUNAT's beta); null for any other result. Such a CDR is
 * never taken: the record keeps its state and says why.
 */
export function cdrAjeno(result: BillResult | MissingXml | { kind: string } | null | undefined): string | null {
  if (!result || result.kind !== 'unknown' || !('reason' in result) || result.reason !== 'foreign-cdr') return null;
  return `${MSG_CDR_AJENO} ${(result as { message: string }).message}`;
}

export const MSG_CDR_AJENO = 'El CDR de SUNAT no corresponde al comprobante enviado; no se tomó como respuesta.';

/** What a start-up reconciliation does with a send a crash cut off, from SUNAT's answer to recoverBill. */
export type Desenlace = { kind: 'registrar'; verdict: BillVerdict } | { kind: 'liberar' } | { kind: 'ajeno'; mensajeSunat: string } | { kind: 'esperar' };

/**
 * accepted/rejected: apply the CDR as a live send would; not found (or no XML to ask about): free the claim so it
 * can be sent again; another document's CDR: free it and flag it, never take it; unreachable: leave it for later.
 */
export function desenlaceDeConciliacion(result: ReconcileResult | null): Desenlace {
  if (result && (result.kind === 'accepted' || result.kind === 'rejected')) return { kind: 'registrar', verdict: billVerdict(result) };
  if (!result || result.kind === 'not-found') return { kind: 'liberar' };
  const ajeno = cdrAjeno(result);
  return ajeno ? { kind: 'ajeno', mensajeSunat: ajeno } : { kind: 'esperar' };
}
