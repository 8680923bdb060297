import { HttpException, HttpStatus } from '@nestjs/common';
import { sunatUnavailable } from '@/common/errors/http-errors';
import { SEND_MSG } from '@/common/errors/messages';
import { Emisor } from '@/empresas/emisor.service';
import { SunatContext } from '@/sunat/gateway/credentials';
import { FailureResult } from '@/sunat/gateway/results';
import { GUIA_MSG } from './guia-messages';

/**
 * The company cannot use the GRE API (no client_id/client_secret, or SUNAT's OAuth server refused them): the same
 * 502 as SUNAT unreachable for the endpoint, but no outage of SUNAT's: sending again changes nothing until the
 * credentials are fixed, so the send queue neither retries it nor counts it against the service.
 */
export class GreSinAcceso extends HttpException {
  constructor(detail: string) {
    super({ success: false, message: SEND_MSG.sinComunicacion(detail) }, HttpStatus.BAD_GATEWAY);
  }
}

/** The company's SUNAT context; GRE needs the API client on top of the clave SOL. */
export function greContext(emisor: Emisor): SunatContext {
  const ctx = emisor.context();
  if (!ctx.gre) throw new GreSinAcceso(GUIA_MSG.sinCredencialesGre);
  return ctx;
}

/** SUNAT answered about the request itself (HTTP 4xx with its error body): the upload was refused. */
export interface GreRefusal {
  codigo: string;
  body: string;
  /** SUNAT's HTTP status, when it answered one. */
  status?: number;
}

/** HTTP statuses that are SUNAT failing or busy, not judging the request. */
const esFalloDeSunat = (status: number | undefined) => status !== undefined && (status >= 500 || status === 429);

/**
 * Splits a failed GRE call: a refusal SUNAT gave to the request (4xx, its body kept for the message),
 * or a failure to talk to SUNAT at all, thrown as 502 so the guide keeps its state for a retry. A token
 * refused by SUNAT's OAuth server is a 502 too: nothing about the guide was judged.
 */
export function classifyGreFailure(result: FailureResult): GreRefusal {
  if (result.kind === 'exception' && result.source === 'oauth') {
    const message = GUIA_MSG.oauth(result.code, result.message);
    // an OAuth server failing (5xx) is SUNAT down; one that answered no to the credentials is not
    throw esFalloDeSunat(result.raw?.httpStatus) ? sunatUnavailable(message) : new GreSinAcceso(message);
  }
  if ((result.kind === 'exception' || result.kind === 'needs-reconciliation') && result.raw) {
    return { codigo: result.code, body: result.raw.body, status: result.raw.httpStatus };
  }
  if (result.kind === 'exception' || result.kind === 'needs-reconciliation') return { codigo: result.code, body: result.message };
  const raw = result.kind === 'unknown' ? result.raw : undefined;
  if (raw && raw.httpStatus >= 400 && raw.httpStatus < 500) return { codigo: String(raw.httpStatus), body: raw.body, status: raw.httpStatus };
  throw sunatUnavailable(result.message);
}

/** A refusal that is SUNAT failing inside (5xx with its error body) or asking to slow down (429): worth sending again. */
export function esRechazoTransitorio(refusal: GreRefusal): boolean {
  return esFalloDeSunat(refusal.status);
}
