import type { IncomingMessage, Server, ServerResponse } from 'node:http';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export const DRAIN_MESSAGE = 'El servicio se está deteniendo; reintente la solicitud.';

/**
 * The HTTP side of a graceful stop. Wraps the server's request listener (the app) to know the requests in
 * progress. drain(): the server stops taking connections, idle keep-alive connections close at once, every
 * answer still to come carries `Connection: close` (its connection closes once it is sent), and a request that
 * arrives on a connection still open is refused with 503 before the app sees it. Nothing that started is cut:
 * drain() resolves once every connection has ended (or when the time is up).
 */
export class HttpDrain {
  private draining = false;
  private readonly inProgress = new Set<ServerResponse>();

  constructor(private readonly server: Server) {
    const app = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.draining) {
        refuse(res);
        return;
      }
      this.inProgress.add(res);
      res.once('close', () => this.answered(res));
      for (const listener of app) listener.call(server, req, res);
    });
  }

  /**
   * True when every connection has ended within `timeoutMs`: each request in progress answered, and a request
   * still arriving (its headers not complete when the drain began) answered with the 503.
   */
  drain(timeoutMs: number): Promise<boolean> {
    this.draining = true;
    const closed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.server.close(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    for (const res of this.inProgress) if (!res.headersSent) res.setHeader('Connection', 'close');
    this.server.closeIdleConnections();
    return closed;
  }

  private answered(res: ServerResponse): void {
    this.inProgress.delete(res);
    // an answer whose headers left before the drain kept its connection: close it now that it is idle
    if (this.draining) setImmediate(() => this.server.closeIdleConnections());
  }
}

function refuse(res: ServerResponse): void {
  const body = JSON.stringify({ success: false, message: DRAIN_MESSAGE });
  res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Retry-After': '1', Connection: 'close' });
  res.end(body);
}
