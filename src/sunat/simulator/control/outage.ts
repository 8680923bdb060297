import { IncomingMessage, ServerResponse } from 'node:http';
import { reply } from '../http-util';
import { SimFault } from '../sim-fault';
import { soapFault } from '../soap/soap-templates';

/** 'soap': billService and billConsultService; 'gre': the GRE REST API with its OAuth token. */
export type OutageService = 'soap' | 'gre';
/** '503': an HTML 503; 'reset': the connection dropped unanswered; 'fault': a Server.0109 SOAP fault (GRE: 503). */
export type OutageMode = '503' | 'reset' | 'fault';

export interface OutageSwitch {
  down: boolean;
  /** Both when absent. */
  services?: OutageService[];
  /** '503' when absent; ignored when bringing services up. */
  mode?: OutageMode;
}

const SERVICES: OutageService[] = ['soap', 'gre'];
const MODES: OutageMode[] = ['503', 'reset', 'fault'];
const UNAVAILABLE = '<html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1></body></html>';

export function parseOutageSwitch(input: unknown): Required<OutageSwitch> {
  const value = (input ?? {}) as Record<string, unknown>;
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error('Se espera un objeto JSON');
  if (typeof value.down !== 'boolean') throw new Error('down (true o false) requerido');
  const services = value.services ?? SERVICES;
  if (!Array.isArray(services) || !services.length || !services.every((s) => SERVICES.includes(s as OutageService))) {
    throw new Error(`services debe ser una lista no vacía de ${SERVICES.join(', ')}`);
  }
  const mode = value.mode ?? '503';
  if (!MODES.includes(mode as OutageMode)) throw new Error(`mode debe ser uno de ${MODES.join(', ')}`);
  return { down: value.down, services: services as OutageService[], mode: mode as OutageMode };
}

/** Which SUNAT services are down and how they fail; requests refused while down are only counted. */
export class Outage {
  private readonly down = new Map<OutageService, OutageMode>();
  private readonly refused: Record<OutageService, number> = { soap: 0, gre: 0 };

  apply(input: unknown): void {
    const { down, services, mode } = parseOutageSwitch(input);
    for (const service of services) {
      if (down) this.down.set(service, mode);
      else this.down.delete(service);
    }
  }

  modeOf(service: OutageService): OutageMode | undefined {
    return this.down.get(service);
  }

  countRefused(service: OutageService): void {
    this.refused[service]++;
  }

  clear(): void {
    this.down.clear();
    this.refused.soap = this.refused.gre = 0;
  }

  snapshot() {
    return {
      soap: this.down.has('soap'),
      gre: this.down.has('gre'),
      modes: Object.fromEntries(this.down) as Partial<Record<OutageService, OutageMode>>,
      refused: { ...this.refused },
    };
  }
}

/**
 * Answers for a service that is down, before anything reads or registers the request; false when it is up.
 * The body is drained first (except on 'reset') so the client hears the answer instead of a broken pipe.
 */
export async function refuseWhileDown(outage: Outage, service: OutageService, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const mode = outage.modeOf(service);
  if (!mode) return false;
  outage.countRefused(service);
  if (mode === 'reset') {
    res.socket?.destroy();
    return true;
  }
  await drain(req);
  if (mode === 'fault' && service === 'soap') {
    const fault = new SimFault('0109');
    const answer = soapFault(fault.code, fault.message, 'Server');
    reply(res, answer.status, answer.body, answer.contentType);
  } else {
    reply(res, 503, UNAVAILABLE, 'text/html');
  }
  return true;
}

function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
    req.once('error', () => resolve());
    req.resume();
  });
}
