import { createHash, randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Answer, answerWith } from '../control/apply-control';
import { ControlAction, SimOperation } from '../control/control-actions';
import { parseName } from '../documents/document-kinds';
import { inspectZip } from '../documents/inspect-zip';
import { readBody } from '../http-util';
import { ResolvedOptions } from '../options';
import { DocumentProcessor } from '../processing';
import { SimFault } from '../sim-fault';
import { rucAutenticado } from '../sol-auth';
import { SimulatorState } from '../state';

const TOKEN_PATH = /^\/v1\/clientessol\/([^/]+)\/oauth2\/token\/?$/;
const SEND_PATH = /^\/v1\/contribuyente\/gem\/comprobantes\/([^/]+)$/;
const STATUS_PATH = /^\/v1\/contribuyente\/gem\/comprobantes\/envios\/([^/]+)$/;

const json = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body), contentType: 'application/json' });

/** SUNAT's GRE validation error body (HTTP 422): the specific error sits in `errors`. */
function validationError(fault: SimFault): Answer {
  return json(422, {
    cod: '422',
    msg: 'Unprocessable Entity - Se presentaron errores de validacion que impiden atender el requerimiento',
    errors: [{ cod: fault.code, msg: fault.message }],
  });
}

export class GreHandler {
  constructor(
    private readonly state: SimulatorState,
    private readonly options: ResolvedOptions,
    private readonly processor: DocumentProcessor,
    private readonly timers: Set<NodeJS.Timeout>,
  ) {}

  matches(path: string): boolean {
    return TOKEN_PATH.test(path) || SEND_PATH.test(path) || STATUS_PATH.test(path);
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const body = await readBody(req);
    const token = TOKEN_PATH.exec(path);
    const status = STATUS_PATH.exec(path);
    const send = status ? null : SEND_PATH.exec(path);
    const operation: SimOperation = token ? 'greToken' : status ? 'greStatus' : 'greSend';
    const subject = token ? undefined : decodeURIComponent((status ?? send)![1]);
    this.state.record(operation, subject);
    const action = this.state.control.take(operation);
    await answerWith(
      res,
      action,
      async () => {
        try {
          if (action?.action === 'fault') throw new SimFault(action.code, undefined, action.message);
          if (token && req.method === 'POST') return this.token(decodeURIComponent(token[1]), body);
          const username = this.bearer(req);
          if (!username) return json(401, { cod: '401', msg: 'No autorizado' });
          if (status && req.method === 'GET') return this.status(subject!, action);
          if (send && req.method === 'POST') return await this.send(subject!, body, username, action);
          return json(405, { cod: '405', msg: 'Método no permitido' });
        } catch (error) {
          if (error instanceof SimFault) return validationError(error);
          return json(500, { cod: '500', msg: `Error inesperado: ${(error as Error).message}` });
        }
      },
      this.timers,
    );
  }

  private token(clientId: string, body: Buffer): Answer {
    const form = new URLSearchParams(body.toString('utf8'));
    const unauthorized = { error: 'invalid_client', error_description: 'Cliente no autorizado' };
    if (
      clientId !== this.options.greClientId ||
      form.get('client_id') !== this.options.greClientId ||
      form.get('client_secret') !== this.options.greClientSecret
    ) {
      return json(401, unauthorized);
    }
    if (form.get('grant_type') !== 'password' || form.get('scope') !== 'https://api-cpe.sunat.gob.pe') {
      return json(400, { error: 'invalid_request', error_description: 'grant_type o scope inválido' });
    }
    const username = form.get('username') ?? '';
    if (!rucAutenticado(username, form.get('password'))) {
      return json(401, { error: 'access_denied', error_description: 'Usuario o contraseña incorrectos' });
    }
    const accessToken = randomBytes(32).toString('base64url');
    this.state.tokens.set(accessToken, { username, expiresAt: Date.now() + this.options.tokenTtlSeconds * 1000 });
    return json(200, { access_token: accessToken, token_type: 'JWT', expires_in: this.options.tokenTtlSeconds });
  }

  private bearer(req: IncomingMessage): string | undefined {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const entry = token ? this.state.tokens.get(token) : undefined;
    if (!entry || entry.expiresAt <= Date.now()) return undefined;
    return entry.username;
  }

  private async send(name: string, body: Buffer, username: string, action?: ControlAction): Promise<Answer> {
    let archivo: { nomArchivo?: unknown; arcGreZip?: unknown; hashZip?: unknown };
    try {
      archivo = JSON.parse(body.toString('utf8')).archivo ?? {};
    } catch {
      throw new SimFault('0200', 'cuerpo JSON inválido');
    }
    if (typeof archivo.nomArchivo !== 'string' || archivo.nomArchivo !== `${name}.zip`) {
      throw new SimFault('0151', String(archivo.nomArchivo ?? '(sin nomArchivo)'));
    }
    const zip = Buffer.from(typeof archivo.arcGreZip === 'string' ? archivo.arcGreZip : '', 'base64');
    if (createHash('sha256').update(zip).digest('hex') !== String(archivo.hashZip ?? '').toLowerCase()) {
      throw new SimFault('0156', 'hashZip no corresponde al archivo');
    }
    const submission = inspectZip(archivo.nomArchivo, zip, 'guide', username.slice(0, 11));
    const ticket = await this.processor.guide(submission, action);
    return json(200, { numTicket: ticket, fecRecepcion: new Date().toISOString() });
  }

  private status(ticketId: string, action?: ControlAction): Answer {
    const ticket = this.state.tickets.get(ticketId);
    if (!ticket || /^\d+$/.test(ticket.ticket)) throw new SimFault('0127');
    if (ticket.pollsLeft > 0) {
      ticket.pollsLeft--;
      return json(200, { codRespuesta: '98' });
    }
    const about = parseName(ticket.name);
    return json(200, {
      codRespuesta: ticket.finalCode,
      ...(ticket.error ? { error: ticket.error } : {}),
      arcCdr: (action?.action === 'foreign-cdr' && about ? this.processor.foreignCdr(about, action.reference) : ticket.cdrZip).toString('base64'),
      indCdrGenerado: '1',
    });
  }
}
