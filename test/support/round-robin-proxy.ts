import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { BufferedRequest, pipeResponse, readRequest, replyJson, sendUpstream } from './http-forwarding';

/** Header of the proxy's own 502 answers (no upstream answered), so a client can tell them from the service's. */
export const PROXY_ERROR_HEADER = 'x-proxy-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a load balancer in front of replicas does, and no more: each request goes to the next upstream in turn.
 * A request an upstream could not take is moved to the next one only when repeating it is safe:
 * - GET/HEAD/OPTIONS, after any connection failure before the answer's headers (connection refused or cut);
 * - any other method only when it carries Idempotency-Key and the connection was refused (the request never
 *   reached that upstream; the service replays the first answer of a key anyway).
 * Otherwise, or when every upstream failed, the client gets a 502 marked with PROXY_ERROR_HEADER and decides.
 */
export class RoundRobinProxy {
  /** Answers each upstream gave, by upstream URL (the proxy's own 502s are not counted). */
  readonly answered = new Map<string, number>();
  /** Requests moved to another upstream after a failure. */
  retried = 0;
  private turn = 0;

  private constructor(
    private readonly server: Server,
    readonly upstreams: string[],
  ) {
    for (const upstream of upstreams) this.answered.set(upstream, 0);
  }

  static async start(upstreams: string[]): Promise<RoundRobinProxy> {
    let proxy: RoundRobinProxy | undefined;
    const server = createServer((req, res) => {
      proxy!.route(req).then(
        ({ upstream, response }) => {
          proxy!.answered.set(upstream, proxy!.answered.get(upstream)! + 1);
          pipeResponse(response, res);
        },
        (error: Error) => replyJson(res, 502, { success: false, message: `Proxy: ${error.message}` }, { [PROXY_ERROR_HEADER]: '1' }),
      );
    });
    proxy = new RoundRobinProxy(server, upstreams);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async route(req: IncomingMessage): Promise<{ upstream: string; response: IncomingMessage }> {
    const buffered = await readRequest(req);
    const first = this.turn++ % this.upstreams.length;
    let lastError: Error | undefined;
    for (let i = 0; i < this.upstreams.length; i++) {
      const upstream = this.upstreams[(first + i) % this.upstreams.length];
      try {
        return { upstream, response: await sendUpstream(upstream, buffered) };
      } catch (error) {
        lastError = error as Error;
        if (!mayRepeat(buffered, error as NodeJS.ErrnoException)) break;
        if (i + 1 < this.upstreams.length) this.retried++;
      }
    }
    throw lastError ?? new Error('sin upstream');
  }
}

function mayRepeat(req: BufferedRequest, error: NodeJS.ErrnoException): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  return req.headers['idempotency-key'] !== undefined && error.code === 'ECONNREFUSED';
}
