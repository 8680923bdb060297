import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { simulatorEndpoints, SunatEndpointsConfig } from '@/sunat/gateway/endpoints';
import { ControlAction, parseControlAction } from './control/control-actions';
import { handleControl } from './control/control-handler';
import { OutageService, OutageSwitch, refuseWhileDown } from './control/outage';
import { createSelfSignedCert } from './crypto/self-signed';
import { GreHandler } from './gre/gre-handler';
import { BodyTooLarge, replyJson } from './http-util';
import { resolveOptions, SunatSimulatorOptions } from './options';
import { DocumentProcessor } from './processing';
import { SoapHandler } from './soap/soap-handler';
import { SimulatorState } from './state';
import { ValidezHandler } from './validez/validez-handler';

export interface SunatSimulator {
  url: string;
  port: number;
  /** Endpoint configuration that points the gateway at this simulator (both modos). */
  endpoints: SunatEndpointsConfig;
  /** PEM of the self-signed certificate the simulator signs its CDRs with. */
  certPem: string;
  state: SimulatorState;
  /** Same as POST /__control/next, without HTTP. */
  next(action: ControlAction | ControlAction[]): void;
  /** Same as POST /__control/outage, without HTTP: SUNAT's services down or up again. */
  outage(change: OutageSwitch): void;
  /** Communicates a production RUC's certificate to this SUNAT (null forgets it): others signing for it get 2325. */
  registerCertificate(ruc: string, certPem: string | null): void;
  reset(): void;
  close(): Promise<void>;
}

/** A local SUNAT: billService and billConsultService SOAP, GRE REST and the CPE validity check, on SUNAT's own paths. */
export async function startSunatSimulator(input: SunatSimulatorOptions = {}): Promise<SunatSimulator> {
  const options = resolveOptions(input);
  const key = createSelfSignedCert('SUNAT SIMULADOR');
  const state = new SimulatorState();
  for (const [ruc, pem] of Object.entries(options.certificates)) state.certificates.set(ruc, pem);
  const timers = new Set<NodeJS.Timeout>();
  const processor = new DocumentProcessor(state, options, key);
  const soap = new SoapHandler(state, processor, timers);
  const gre = new GreHandler(state, options, processor, timers);
  const validez = new ValidezHandler(state, options, processor, timers);

  const serviceOf = (path: string): OutageService | undefined => {
    if (path.endsWith('/billService') || path.endsWith('/billConsultService')) return 'soap';
    return gre.matches(path) ? 'gre' : undefined;
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://simulador').pathname;
    if (path.startsWith('/__control/')) return handleControl(req, res, path, state, options);
    res.once('close', state.begin());
    const service = serviceOf(path);
    if (service && (await refuseWhileDown(state.outage, service, req, res))) return;
    if (req.method === 'POST' && path.endsWith('/billService')) return soap.handle(req, res, 'bill');
    if (req.method === 'POST' && path.endsWith('/billConsultService')) return soap.handle(req, res, 'consult');
    if (gre.matches(path)) return gre.handle(req, res, path);
    if (validez.matches(path)) return validez.handle(req, res, path);
    replyJson(res, 404, { error: `ruta desconocida: ${req.method} ${path}` });
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error) => {
      replyJson(res, error instanceof BodyTooLarge ? 413 : 500, { error: (error as Error).message });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;

  return {
    url,
    port,
    endpoints: simulatorEndpoints(url),
    certPem: key.certPem,
    state,
    next: (action) => {
      for (const a of Array.isArray(action) ? action : [action]) state.control.push(parseControlAction(a));
    },
    outage: (change) => state.outage.apply(change),
    registerCertificate: (ruc, certPem) => {
      if (certPem) state.certificates.set(ruc, certPem);
      else state.certificates.delete(ruc);
    },
    reset: () => state.reset(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
