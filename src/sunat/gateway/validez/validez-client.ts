import { CallOptions } from '../call-options';
import { GreApiCredentials } from '../credentials';
import { SunatEndpoints } from '../endpoints';
import { CachedToken, GreTokenCache, usableUntil } from '../gre/token-cache';
import { HttpOutcome, HttpTransport } from '../http/transport';
import { hostOf, SunatLogger } from '../logger';
import { unreadable } from '../outcomes';
import { FailureResult, RawAnswer, ValidityQuery, ValidityQueryResult } from '../results';
import { ESTADO_CP, EstadoCp, fechaValidez, VALIDEZ_SCOPE, validityState } from './validez-codes';

/**
 * SUNAT's validity check of a CPE (Consulta Integrada de Comprobante de Pago): the only SUNAT service that
 * answers about boletas (billConsultService's getStatus takes only F series). A client_credentials token of the
 * company's API client (the one Menú SOL generates, as for GRE), cached per client; a 401 renews it once.
 */
export class ValidezClient {
  constructor(
    private readonly transport: HttpTransport,
    private readonly tokens: GreTokenCache,
    private readonly logger: SunatLogger,
    private readonly now: () => number,
    private readonly tokenMarginSeconds: number,
  ) {}

  async check(
    endpoints: SunatEndpoints,
    api: GreApiCredentials,
    consultante: string,
    query: ValidityQuery,
    options: CallOptions = {},
  ): Promise<ValidityQueryResult> {
    const url = `${endpoints.validez}/v1/contribuyente/contribuyentes/${encodeURIComponent(consultante)}/validarcomprobante`;
    const body = JSON.stringify({
      numRuc: query.ruc,
      codComp: query.tipo,
      numeroSerie: query.serie,
      numero: String(query.numero),
      fechaEmision: fechaValidez(query.fechaEmision),
      ...(query.monto !== undefined ? { monto: query.monto } : {}),
    });
    const key = `${endpoints.validezAuth}|${api.clientId}`;
    const subject = `${query.ruc}-${query.tipo}-${query.serie}-${query.numero}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      let token: CachedToken;
      try {
        token = await this.tokens.get(key, () => this.fetchToken(endpoints, api));
      } catch (error) {
        if (error instanceof TokenFailure) return error.result;
        throw error;
      }
      const started = Date.now();
      const outcome = await this.transport.request({
        method: 'POST',
        url,
        headers: { Authorization: `Bearer ${token.accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body,
      });
      if (outcome.ok && outcome.status === 401 && attempt === 0) {
        this.tokens.invalidate(key);
        continue;
      }
      const result = await this.answer(outcome, options);
      this.logger.info('Respuesta SUNAT validez', {
        operation: 'validez',
        host: hostOf(url),
        subject,
        status: outcome.ok ? outcome.status : undefined,
        result: result.kind === 'validity' ? `estadoCp ${result.estadoCp}` : result.kind,
        ms: Date.now() - started,
      });
      return result;
    }
    return { kind: 'exception', code: '401', message: 'SUNAT rechazó el token de la API de consulta', source: 'oauth' };
  }

  private async answer(outcome: HttpOutcome, options: CallOptions): Promise<ValidityQueryResult> {
    const reply = await readJson('validez', outcome, options);
    if ('kind' in reply) return reply;
    const { json, raw } = reply;
    const data = json.data as Record<string, unknown> | undefined;
    const estadoCp = data && data.estadoCp !== undefined ? String(data.estadoCp).trim() : undefined;
    const state = estadoCp !== undefined ? validityState(estadoCp) : undefined;
    if (raw.httpStatus === 200 && json.success === true && estadoCp && state) {
      const observaciones = Array.isArray(data?.observaciones) ? data.observaciones.map(String) : [];
      return { kind: 'validity', estadoCp: estadoCp as EstadoCp, state, message: ESTADO_CP[estadoCp as EstadoCp], observaciones, raw };
    }
    if (raw.httpStatus >= 500)
      return { kind: 'unknown', reason: 'http-error', message: `SUNAT respondió HTTP ${raw.httpStatus} a la consulta de validez`, raw };
    const message = String(json.message ?? json.msg ?? `HTTP ${raw.httpStatus}`);
    if (json.success === false || raw.httpStatus >= 400) {
      return { kind: 'exception', code: String(json.errorCode ?? json.cod ?? raw.httpStatus), message, source: 'validez', raw };
    }
    return unreadable('Respuesta de la consulta de validez sin estadoCp', raw);
  }

  private async fetchToken(endpoints: SunatEndpoints, api: GreApiCredentials): Promise<CachedToken> {
    const url = `${endpoints.validezAuth}/v1/clientesextranet/${encodeURIComponent(api.clientId)}/oauth2/token/`;
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: VALIDEZ_SCOPE, client_id: api.clientId, client_secret: api.clientSecret });
    const outcome = await this.transport.request({
      method: 'POST',
      url,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form.toString(),
    });
    // the token answer holds a credential: never handed to onRawAnswer
    const reply = await readJson('validezToken', outcome, {});
    if ('kind' in reply) throw new TokenFailure(reply);
    const { json, raw } = reply;
    if (raw.httpStatus === 200 && typeof json.access_token === 'string' && json.access_token) {
      return { accessToken: json.access_token, usableUntil: usableUntil(this.now(), Number(json.expires_in ?? 0), this.tokenMarginSeconds) };
    }
    const code = String(json.error ?? json.cod ?? raw.httpStatus);
    this.logger.warn('Token de la API de consulta rechazado', { operation: 'validezToken', host: hostOf(url), status: raw.httpStatus, code });
    throw new TokenFailure({
      kind: 'exception',
      code,
      message: String(json.error_description ?? json.msg ?? `HTTP ${raw.httpStatus}`),
      source: 'oauth',
      raw: { ...raw, body: '' },
    });
  }
}

class TokenFailure {
  constructor(readonly result: FailureResult) {}
}

async function readJson(
  operation: 'validez' | 'validezToken',
  outcome: HttpOutcome,
  options: CallOptions,
): Promise<{ json: Record<string, any>; raw: RawAnswer } | FailureResult> {
  if (!outcome.ok) {
    if (!outcome.sent) return { kind: 'not-sent', message: `No se pudo conectar con SUNAT: ${outcome.message}` };
    return { kind: 'unknown', reason: outcome.reason, message: `Sin respuesta de SUNAT: ${outcome.message}` };
  }
  const raw: RawAnswer = { operation, httpStatus: outcome.status, contentType: outcome.contentType, body: outcome.body, receivedAt: new Date() };
  if (operation === 'validez') await options.onRawAnswer?.(raw);
  try {
    const json: unknown = JSON.parse(outcome.body);
    if (json && typeof json === 'object' && !Array.isArray(json)) return { json: json as Record<string, any>, raw };
    return unreadable('La respuesta no es un objeto JSON', raw);
  } catch {
    return unreadable('La respuesta no es JSON', raw);
  }
}
