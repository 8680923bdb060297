import { sunatUnavailable } from '@/common/errors/http-errors';
import { Emisor } from '@/empresas/emisor.service';
import { SunatContext } from '@/sunat/gateway/credentials';
import { FailureResult } from '@/sunat/gateway/results';
import { GUIA_MSG } from './guia-messages';

/** The company's SUNAT context; GRE needs the API client on top of the clave SOL. */
export function greContext(emisor: Emisor): SunatContext {
  const ctx = emisor.context();
  if (!ctx.gre) throw sunatUnavailable(GUIA_MSG.sinCredencialesGre);
  return ctx;
}

/** SUNAT answered about the request itself (HTTP 4xx with its error body): the upload was refused. */
export interface GreRefusal {
  codigo: string;
  body: string;
}

/**
 * Splits a failed GRE call: a refusal SUNAT gave to the request (4xx, its body kept for the message),
 * or a failure to talk to SUNAT at all, thrown as 502 so the guide keeps its state for a retry. A token
 * refused by SUNAT's OAuth server is a 502 too: nothing about the guide was judged.
 */
export function classifyGreFailure(result: FailureResult): GreRefusal {
  if (result.kind === 'exception' && result.source === 'oauth') throw sunatUnavailable(GUIA_MSG.oauth(result.code, result.message));
  if ((result.kind === 'exception' || result.kind === 'needs-reconciliation') && result.raw) {
    return { codigo: result.code, body: result.raw.body };
  }
  if (result.kind === 'exception' || result.kind === 'needs-reconciliation') return { codigo: result.code, body: result.message };
  const raw = result.kind === 'unknown' ? result.raw : undefined;
  if (raw && raw.httpStatus >= 400 && raw.httpStatus < 500) return { codigo: String(raw.httpStatus), body: raw.body };
  throw sunatUnavailable(result.message);
}
