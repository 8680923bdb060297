import { createHash } from 'node:crypto';
import { CallOptions } from '../call-options';
import { GreApiCredentials, SolCredentials, solUsername } from '../credentials';
import { SunatEndpoints } from '../endpoints';
import { HttpOutcome, HttpTransport } from '../http/transport';
import { hostOf, SunatLogger } from '../logger';
import { billResultFromCdr, refusal, unreadable } from '../outcomes';
import { FailureResult, RawAnswer, SunatOperation, TicketSendResult, TicketStatusResult } from '../results';
import { CachedToken, GreTokenCache, usableUntil } from './token-cache';

export const GRE_SCOPE = 'https://api-cpe.sunat.gob.pe';

class TokenFailure {
  constructor(readonly result: FailureResult) {}
}

interface JsonReply {
  json: Record<string, any>;
  raw: RawAnswer;
}

export class GreClient {
  constructor(
    private readonly transport: HttpTransport,
    private readonly tokens: GreTokenCache,
    private readonly logger: SunatLogger,
    private readonly now: () => number,
    private readonly tokenMarginSeconds: number,
  ) {}

  async send(
    endpoints: SunatEndpoints,
    sol: SolCredentials,
    api: GreApiCredentials,
    name: string,
    zip: Buffer,
    options: CallOptions,
  ): Promise<TicketSendResult> {
    const body = JSON.stringify({
      archivo: { nomArchivo: `${name}.zip`, arcGreZip: zip.toString('base64'), hashZip: createHash('sha256').update(zip).digest('hex') },
    });
    const url = `${endpoints.greCpe}/v1/contribuyente/gem/comprobantes/${encodeURIComponent(name)}`;
    const reply = await this.authorized(endpoints, sol, api, 'greSend', name, options, (token) =>
      this.transport.request({ method: 'POST', url, headers: jsonHeaders(token), body }),
    );
    if ('kind' in reply) return reply;
    const { json, raw } = reply;
    if (raw.httpStatus === 200 && typeof json.numTicket === 'string' && json.numTicket) {
      return { kind: 'ticket', ticket: json.numTicket, raw };
    }
    return greError(json, raw);
  }

  async status(endpoints: SunatEndpoints, sol: SolCredentials, api: GreApiCredentials, ticket: string, options: CallOptions): Promise<TicketStatusResult> {
    const url = `${endpoints.greCpe}/v1/contribuyente/gem/comprobantes/envios/${encodeURIComponent(ticket)}`;
    const reply = await this.authorized(endpoints, sol, api, 'greStatus', ticket, options, (token) =>
      this.transport.request({ method: 'GET', url, headers: jsonHeaders(token) }),
    );
    if ('kind' in reply) return reply;
    const { json, raw } = reply;
    if (raw.httpStatus !== 200 || json.codRespuesta === undefined) return greError(json, raw);
    const code = String(json.codRespuesta);
    if (code === '98') return { kind: 'in-process', code: '98', raw };
    const cdrZip = json.indCdrGenerado !== '0' && typeof json.arcCdr === 'string' && json.arcCdr ? Buffer.from(json.arcCdr, 'base64') : undefined;
    if (code === '0') {
      if (!cdrZip) return { kind: 'accepted', code: '0', message: 'Aceptado', notes: [], raw };
      return billResultFromCdr(cdrZip, raw, options.expect, options.sent);
    }
    const error = json.error ?? {};
    const errorCode = String(error.numError ?? code);
    const message = String(error.desError ?? 'Error desconocido');
    if (cdrZip) {
      const fromCdr = billResultFromCdr(cdrZip, raw, options.expect, options.sent);
      if (fromCdr.kind === 'rejected' || fromCdr.kind === 'accepted') return fromCdr;
      if (fromCdr.kind === 'unknown' && fromCdr.reason === 'foreign-cdr') return fromCdr;
    }
    return { kind: 'rejected', code: errorCode, message, notes: [], raw };
  }

  /** Runs a call with a cached token; a 401 means the token died early, so it is renewed once. */
  private async authorized(
    endpoints: SunatEndpoints,
    sol: SolCredentials,
    api: GreApiCredentials,
    operation: SunatOperation,
    subject: string,
    options: CallOptions,
    call: (token: string) => Promise<HttpOutcome>,
  ): Promise<JsonReply | FailureResult> {
    const key = `${endpoints.greAuth}|${api.clientId}|${solUsername(sol)}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      let token: CachedToken;
      try {
        token = await this.tokens.get(key, () => this.fetchToken(endpoints, sol, api));
      } catch (error) {
        if (error instanceof TokenFailure) return error.result;
        throw error;
      }
      const started = Date.now();
      const outcome = await call(token.accessToken);
      if (outcome.ok && outcome.status === 401 && attempt === 0) {
        this.tokens.invalidate(key);
        continue;
      }
      const reply = await this.readJson(operation, outcome, options);
      this.logger.info('Respuesta SUNAT GRE', {
        operation,
        host: hostOf(endpoints.greCpe),
        subject,
        status: outcome.ok ? outcome.status : undefined,
        result: 'kind' in reply ? reply.kind : 'json',
        ms: Date.now() - started,
      });
      return reply;
    }
    return { kind: 'exception', code: '401', message: 'SUNAT rechazó el token GRE', source: 'oauth' };
  }

  private async fetchToken(endpoints: SunatEndpoints, sol: SolCredentials, api: GreApiCredentials): Promise<CachedToken> {
    const url = `${endpoints.greAuth}/v1/clientessol/${encodeURIComponent(api.clientId)}/oauth2/token/`;
    const form = new URLSearchParams({
      grant_type: 'password',
      scope: GRE_SCOPE,
      client_id: api.clientId,
      client_secret: api.clientSecret,
      username: solUsername(sol),
      password: sol.clave,
    });
    const outcome = await this.transport.request({
      method: 'POST',
      url,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form.toString(),
    });
    // The token answer is not stored (it holds a credential), so it does not go to onRawAnswer.
    const reply = await this.readJson('greToken', outcome, {});
    if ('kind' in reply) throw new TokenFailure(reply);
    const { json, raw } = reply;
    if (raw.httpStatus === 200 && typeof json.access_token === 'string' && json.access_token) {
      const expiresIn = Number(json.expires_in ?? 0);
      this.logger.info('Token GRE obtenido', { operation: 'greToken', host: hostOf(url), expiresIn });
      return { accessToken: json.access_token, usableUntil: usableUntil(this.now(), expiresIn, this.tokenMarginSeconds) };
    }
    const code = String(json.error ?? json.cod ?? raw.httpStatus);
    const message = String(json.error_description ?? json.msg ?? `HTTP ${raw.httpStatus}`);
    this.logger.warn('Token GRE rechazado', { operation: 'greToken', host: hostOf(url), status: raw.httpStatus, code });
    throw new TokenFailure({ kind: 'exception', code, message, source: 'oauth', raw: { ...raw, body: '' } });
  }

  private async readJson(operation: SunatOperation, outcome: HttpOutcome, options: CallOptions): Promise<JsonReply | FailureResult> {
    if (!outcome.ok) {
      if (!outcome.sent) return { kind: 'not-sent', message: `No se pudo conectar con SUNAT: ${outcome.message}` };
      return { kind: 'unknown', reason: outcome.reason, message: `Sin respuesta de SUNAT: ${outcome.message}` };
    }
    const raw: RawAnswer = { operation, httpStatus: outcome.status, contentType: outcome.contentType, body: outcome.body, receivedAt: new Date() };
    if (operation !== 'greToken') await options.onRawAnswer?.(raw);
    try {
      const json = JSON.parse(outcome.body);
      if (json && typeof json === 'object' && !Array.isArray(json)) return { json, raw };
      return unreadable('La respuesta no es un objeto JSON', raw);
    } catch {
      return unreadable('La respuesta no es JSON', raw);
    }
  }
}

function jsonHeaders(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' };
}

/** SUNAT's GRE errors: {cod, msg, errors:[{cod, msg}]}; the inner error is the specific one. */
function greError(json: Record<string, any>, raw: RawAnswer): FailureResult {
  const inner = Array.isArray(json.errors) && json.errors.length ? json.errors[0] : undefined;
  const code = String(inner?.cod ?? json.cod ?? '');
  const message = String(inner?.msg ?? json.msg ?? '');
  if (!code && !message) return unreadable('Respuesta GRE sin ticket ni error', raw);
  if (raw.httpStatus >= 500 && !inner) return { kind: 'unknown', reason: 'http-error', message: `SUNAT respondió HTTP ${raw.httpStatus}: ${message}`, raw };
  return refusal(code || String(raw.httpStatus), message || 'Error desconocido', 'gre', raw);
}
