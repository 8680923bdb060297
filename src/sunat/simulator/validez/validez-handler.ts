import { randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { EstadoCp, VALIDEZ_SCOPE } from '@/sunat/gateway/validez/validez-codes';
import { Answer, answerWith } from '../control/apply-control';
import { SimOperation } from '../control/control-actions';
import { documentKey } from '../documents/document-kinds';
import { readBody } from '../http-util';
import { ResolvedOptions } from '../options';
import { DocumentProcessor } from '../processing';
import { SimulatorState } from '../state';

const TOKEN_PATH = /^\/v1\/clientesextranet\/([^/]+)\/oauth2\/token\/?$/;
const VALIDEZ_PATH = /^\/v1\/contribuyente\/contribuyentes\/(\d{11})\/validarcomprobante\/?$/;

const json = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body), contentType: 'application/json' });
/** The service's refusal of a query: success false with the reason (HTTP 200, as its other answers). */
const refused = (message: string): Answer => json(200, { success: false, message });

/**
 * SUNAT's validity check of a CPE ("Consulta Integrada de Comprobante de Pago", REST): a client_credentials token
 * from api-seguridad, then POST .../contribuyentes/{ruc}/validarcomprobante with {numRuc, codComp, numeroSerie,
 * numero, fechaEmision (dd/mm/yyyy), monto}. estadoCp: 1 a document SUNAT holds as accepted (sent alone, or in an
 * accepted RC with status 1/2), 2 voided (an accepted RA, or an RC line with status 3), 0 anything else (never
 * received, rejected, or still in a summary being processed). Summaries still being judged are waited for first,
 * as getStatus does after its configured polls, so that tests stay deterministic.
 */
export class ValidezHandler {
  constructor(
    private readonly state: SimulatorState,
    private readonly options: ResolvedOptions,
    private readonly processor: DocumentProcessor,
    private readonly timers: Set<NodeJS.Timeout>,
  ) {}

  matches(path: string): boolean {
    return TOKEN_PATH.test(path) || VALIDEZ_PATH.test(path);
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const body = (await readBody(req)).toString('utf8');
    const token = TOKEN_PATH.exec(path);
    const query = VALIDEZ_PATH.exec(path);
    const operation: SimOperation = token ? 'validezToken' : 'validez';
    const action = this.state.control.take(operation);
    const fields = query ? parseJson(body) : undefined;
    this.state.record(operation, query && fields ? subjectOf(fields) : undefined);
    await answerWith(
      res,
      action,
      async () => {
        if (action?.action === 'fault') return json(500, { cod: action.code, msg: action.message ?? 'Error interno' });
        if (req.method !== 'POST') return json(405, { cod: '405', msg: 'Método no permitido' });
        if (token) return this.token(decodeURIComponent(token[1]), body);
        if (!this.bearer(req)) return json(401, { cod: '401', msg: 'No autorizado' });
        return await this.validez(fields);
      },
      this.timers,
    );
  }

  private token(clientId: string, body: string): Answer {
    const form = new URLSearchParams(body);
    if (
      clientId !== this.options.greClientId ||
      form.get('client_id') !== this.options.greClientId ||
      form.get('client_secret') !== this.options.greClientSecret
    ) {
      return json(401, { error: 'invalid_client', error_description: 'Cliente no autorizado' });
    }
    if (form.get('grant_type') !== 'client_credentials' || form.get('scope') !== VALIDEZ_SCOPE) {
      return json(400, { error: 'invalid_request', error_description: 'grant_type o scope inválido' });
    }
    const accessToken = randomBytes(32).toString('base64url');
    this.state.tokens.set(accessToken, { username: `api:${clientId}`, expiresAt: Date.now() + this.options.tokenTtlSeconds * 1000 });
    return json(200, { access_token: accessToken, token_type: 'JWT', expires_in: this.options.tokenTtlSeconds });
  }

  private bearer(req: IncomingMessage): boolean {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const entry = token ? this.state.tokens.get(token) : undefined;
    return !!entry && entry.username.startsWith('api:') && entry.expiresAt > Date.now();
  }

  private async validez(fields: Record<string, unknown> | undefined): Promise<Answer> {
    if (!fields) return refused('El cuerpo de la consulta no es JSON.');
    const numRuc = String(fields.numRuc ?? '');
    const codComp = String(fields.codComp ?? '');
    const numeroSerie = String(fields.numeroSerie ?? '').toUpperCase();
    const numero = String(fields.numero ?? '');
    const fechaEmision = String(fields.fechaEmision ?? '');
    if (!/^\d{11}$/.test(numRuc)) return refused('El número de RUC debe tener 11 dígitos.');
    if (!/^\d{2}$/.test(codComp)) return refused('El código de comprobante debe tener 2 dígitos.');
    if (!/^[A-Z0-9]{4}$/.test(numeroSerie)) return refused('La serie debe tener 4 caracteres.');
    if (!/^\d{1,8}$/.test(numero) || Number(numero) <= 0) return refused('El número de comprobante debe ser mayor que cero.');
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(fechaEmision)) return refused('La fecha de emisión debe tener el formato dd/mm/yyyy.');
    await this.processor.settled();
    const key = documentKey({ ruc: numRuc, tipo: codComp, serie: numeroSerie, numero });
    const estadoCp = this.state.validez.estadoCp(key) ?? this.estadoCp(key);
    const observaciones = estadoCp === '0' ? [] : this.state.validez.observaciones(key, fields.monto);
    return json(200, { success: true, message: 'Operation Success! ', data: { estadoCp, estadoRuc: '00', condDomiRuc: '00', observaciones } });
  }

  private estadoCp(key: string): EstadoCp {
    const sent = this.state.documents.get(key);
    const summarized = this.state.summarized.get(key);
    if (sent?.voided || summarized?.state === 'voided') return '2';
    if (sent?.accepted || summarized?.state === 'accepted') return '1';
    return '0';
  }
}

function parseJson(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** 'RUC-tipo-serie-número' of a query, for the request log. */
function subjectOf(fields: Record<string, unknown>): string {
  return `${String(fields.numRuc)}-${String(fields.codComp)}-${String(fields.numeroSerie)}-${String(fields.numero)}`;
}
