import { createHmac } from 'node:crypto';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export type Json = Record<string, any>;

export interface Recibido {
  ruta: string;
  headers: IncomingHttpHeaders;
  cuerpo: string;
  json: Json;
  /** What the receiver answered. */
  estado: number;
}

/**
 * A real HTTP receiver: records every request by path and answers each path's queued statuses in turn (200 once
 * the queue is empty). `lento` holds every answer that long, so deliveries overlap.
 */
export class Receptor {
  readonly recibidos: Recibido[] = [];
  /** Paths of the requests as they arrive (before any held answer). */
  readonly llegadas: string[] = [];
  private readonly guiones = new Map<string, number[]>();
  lento = 0;
  private readonly retenidas = new Set<NodeJS.Timeout>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const trozos: Buffer[] = [];
      req.on('data', (t: Buffer) => trozos.push(t));
      req.on('end', () => {
        const ruta = req.url ?? '';
        this.llegadas.push(ruta);
        const estado = this.guiones.get(ruta)?.shift() ?? 200;
        const cuerpo = Buffer.concat(trozos).toString('utf8');
        const responder = () => {
          // a sender that died while the answer was held never sees it: not a delivery
          if (req.socket.destroyed) return;
          this.recibidos.push({ ruta, headers: req.headers, cuerpo, json: JSON.parse(cuerpo) as Json, estado });
          res.writeHead(estado, { 'content-type': 'text/plain' }).end(estado === 200 ? 'ok' : `fallo ${estado}`);
        };
        if (this.lento) {
          const timer = setTimeout(() => {
            this.retenidas.delete(timer);
            responder();
          }, this.lento);
          this.retenidas.add(timer);
        } else responder();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next answers of a path (then 200s). */
  guion(ruta: string, estados: number[]): void {
    this.guiones.set(ruta, [...estados]);
  }

  de(ruta: string): Recibido[] {
    return this.recibidos.filter((r) => r.ruta === ruta);
  }

  async close(): Promise<void> {
    for (const timer of this.retenidas) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** Polls `read` until `done` holds or the (generous) deadline passes; returns the last value for the assertion. */
export async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** What a receiver does with the endpoint's secret: recompute v1 over "id.timestamp.body". */
export function firmaValida(secreto: string, r: Recibido): boolean {
  const clave = Buffer.from(secreto.replace(/^whsec_/, ''), 'base64');
  const esperada = createHmac('sha256', clave)
    .update(`${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.cuerpo}`)
    .digest('base64');
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((firma) => firma === `v1,${esperada}`);
}
