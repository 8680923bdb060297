import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { BufferedRequest, pipeResponse, readRequest, replyJson, sendUpstream } from './http-forwarding';

/** One SOAP call to billService as the forwarder saw it. */
export interface SoapCall {
  operation: string;
  /** getStatus: the ticket asked about. */
  ticket?: string;
}

/** What `hold` matches: SUNAT's ticket query (billService getStatus; getStatusCdr is billConsultService's). */
export const TICKET_QUERY = (call: SoapCall | undefined) => call?.operation === 'getStatus';

/**
 * One replica's road to the SUNAT simulator: forwards every request, records the billService calls, and while
 * holding keeps the matching ones waiting, unanswered and not yet forwarded (the replica sits in the middle of
 * that call, e.g. a ticket query, for as long as the test needs). `release()` forwards what it held.
 */
export class SunatForwarder {
  /** billService calls forwarded (held ones once released), in order. */
  readonly forwarded: SoapCall[] = [];
  private holding: ((call: SoapCall | undefined) => boolean) | null = null;
  private readonly held: Array<{ call: SoapCall | undefined; buffered: BufferedRequest; res: ServerResponse; waiting: boolean }> = [];

  private constructor(
    private readonly server: Server,
    readonly upstream: string,
  ) {}

  static async start(upstream: string): Promise<SunatForwarder> {
    let forwarder: SunatForwarder | undefined;
    const server = createServer((req, res) => void forwarder!.handle(req, res));
    forwarder = new SunatForwarder(server, upstream);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return forwarder;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** From now on, matching requests wait until release(). */
  hold(matches: (call: SoapCall | undefined) => boolean): void {
    this.holding = matches;
  }

  /** Tickets of the held calls still waiting (a caller that went away is no longer waiting). */
  heldTickets(): Array<string | undefined> {
    return this.held.filter((h) => h.waiting).map((h) => h.call?.ticket);
  }

  /** Stops holding and forwards every held call whose caller is still there. */
  release(): void {
    this.holding = null;
    for (const h of this.held.splice(0)) if (h.waiting) void this.forward(h.call, h.buffered, h.res);
  }

  /** Stops holding and drops what it held, unanswered (its caller died: the call never reaches SUNAT). */
  drop(): void {
    this.holding = null;
    this.held.splice(0).forEach((h) => h.res.destroy());
  }

  close(): Promise<void> {
    this.held.splice(0).forEach((h) => h.res.destroy());
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const buffered = await readRequest(req);
    const call = soapCall(buffered);
    if (this.holding?.(call)) {
      const entry = { call, buffered, res, waiting: true };
      // the caller gave up (its timeout) or died: its connection closes before any answer
      res.once('close', () => (entry.waiting = false));
      this.held.push(entry);
      return;
    }
    await this.forward(call, buffered, res);
  }

  private async forward(call: SoapCall | undefined, buffered: BufferedRequest, res: ServerResponse): Promise<void> {
    if (call) this.forwarded.push(call);
    try {
      pipeResponse(await sendUpstream(this.upstream, buffered), res);
    } catch (error) {
      replyJson(res, 502, { error: (error as Error).message });
    }
  }
}

function soapCall(req: BufferedRequest): SoapCall | undefined {
  if (!new URL(req.url, 'http://x').pathname.endsWith('/billService')) return undefined;
  const action = String(req.headers.soapaction ?? '').replace(/"/g, '');
  const operation = action.replace(/^urn:/, '');
  const ticket = /<ticket>\s*([^<\s]+)\s*<\/ticket>/.exec(req.body.toString('utf8'))?.[1];
  return { operation, ...(ticket ? { ticket } : {}) };
}
