import { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, replyJson } from '../http-util';
import { ResolvedOptions } from '../options';
import { SimulatorState } from '../state';
import { parseControlAction } from './control-actions';

/**
 * Test hooks, outside SUNAT's paths:
 *   POST /__control/next    one action or an array (see ControlAction)
 *   POST /__control/config  {ticketPolls?, tokenTtlSeconds?}
 *   POST /__control/outage  {down, services?: ['soap','gre'], mode?: '503'|'reset'|'fault'}: SUNAT down (or up again);
 *                           requests to a down service are refused before they are read (see outage.ts)
 *   POST /__control/validez  {ruc, tipo, serie, numero, estado?: 'no_existe'|'aceptado'|'anulado', monto?, olvidar?}: what the
 *                           validity service answers for one document instead of what SUNAT received (see validez-override.ts)
 *   POST /__control/reset   forget documents, tickets, tokens, requests and queued actions; every service up
 *   POST /__control/certificate  {ruc, certPem}: the certificate communicated for a production RUC (certPem null forgets it)
 *   GET  /__control/state
 */
export async function handleControl(req: IncomingMessage, res: ServerResponse, path: string, state: SimulatorState, options: ResolvedOptions): Promise<void> {
  try {
    if (req.method === 'GET' && path === '/__control/state') return replyJson(res, 200, state.snapshot());
    if (req.method !== 'POST') return replyJson(res, 405, { error: 'método no permitido' });
    const raw = (await readBody(req)).toString('utf8');
    const body = raw.trim() ? JSON.parse(raw) : {};
    switch (path) {
      case '/__control/next':
        for (const action of Array.isArray(body) ? body : [body]) state.control.push(parseControlAction(action));
        return replyJson(res, 200, { pending: state.control.pending() });
      case '/__control/config':
        if (Number.isInteger(body.ticketPolls) && body.ticketPolls >= 0) options.ticketPolls = body.ticketPolls;
        if (Number.isInteger(body.tokenTtlSeconds) && body.tokenTtlSeconds > 0) options.tokenTtlSeconds = body.tokenTtlSeconds;
        return replyJson(res, 200, { ticketPolls: options.ticketPolls, tokenTtlSeconds: options.tokenTtlSeconds });
      case '/__control/certificate':
        if (typeof body.ruc !== 'string' || !/^\d{11}$/.test(body.ruc)) throw new Error('ruc de 11 dígitos requerido');
        if (typeof body.certPem === 'string' && body.certPem.includes('CERTIFICATE')) state.certificates.set(body.ruc, body.certPem);
        else if (body.certPem === null) state.certificates.delete(body.ruc);
        else throw new Error('certPem (PEM) o null requerido');
        return replyJson(res, 200, { certificates: [...state.certificates.keys()] });
      case '/__control/outage':
        state.outage.apply(body);
        return replyJson(res, 200, state.outage.snapshot());
      case '/__control/validez':
        state.validez.apply(body);
        return replyJson(res, 200, { validez: state.validez.snapshot() });
      case '/__control/reset':
        state.reset();
        return replyJson(res, 200, { ok: true });
      default:
        return replyJson(res, 404, { error: 'ruta de control desconocida' });
    }
  } catch (error) {
    return replyJson(res, 400, { error: (error as Error).message });
  }
}
