import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { enviarEntrega, MAX_EXTRACTO } from './entrega-http';

describe('enviarEntrega (one POST to a receiver)', () => {
  let server: Server;
  let port: number;
  let handler: (req: IncomingMessage, res: ServerResponse, body: string) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => handler(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // a name that resolves nowhere: the connection goes to the checked address, never through DNS
  const enviar = (timeoutMs = 5000) =>
    enviarEntrega({
      url: new URL(`http://receptor.invalid:${port}/hook`),
      direcciones: [{ address: '127.0.0.1', family: 4 }],
      cuerpo: '{"type":"x"}',
      cabeceras: { 'webhook-id': 'evt_1' },
      timeoutMs,
    });

  it('posts the body and headers to the checked address and reads a 2xx as delivered', async () => {
    let visto: { host?: string; id?: string; type?: string; body?: string } = {};
    handler = (req, res, body) => {
      visto = { host: req.headers.host, id: String(req.headers['webhook-id']), type: req.headers['content-type'], body };
      res.writeHead(204).end();
    };
    const r = await enviar();
    expect(r).toMatchObject({ ok: true, estadoHttp: 204, error: null });
    expect(visto).toEqual({ host: `receptor.invalid:${port}`, id: 'evt_1', type: 'application/json', body: '{"type":"x"}' });
  });

  it('a redirect is not followed and counts as a failure', async () => {
    handler = (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
    expect(await enviar()).toMatchObject({ ok: false, estadoHttp: 302, error: expect.stringContaining('169.254.169.254') });
  });

  it('keeps an excerpt of an error answer', async () => {
    handler = (_req, res) => res.writeHead(500).end('x'.repeat(10_000));
    const r = await enviar();
    expect(r).toMatchObject({ ok: false, estadoHttp: 500 });
    expect(r.extracto).toHaveLength(MAX_EXTRACTO);
  });

  it('stops reading an endless answer', async () => {
    handler = (_req, res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('y'.repeat(16 * 1024)), 1);
      res.on('close', () => clearInterval(timer));
    };
    const r = await enviar(20_000);
    expect(r).toMatchObject({ ok: true, estadoHttp: 200 });
  });

  it('gives up after the timeout', async () => {
    handler = () => undefined; // never answers
    const r = await enviar(300);
    expect(r).toMatchObject({ ok: false, estadoHttp: null, error: expect.stringContaining('300 ms') });
  });

  it('a refused connection is a failure, not an exception', async () => {
    const r = await enviarEntrega({
      url: new URL('http://127.0.0.1:9/x'),
      direcciones: [{ address: '127.0.0.1', family: 4 }],
      cuerpo: '{}',
      cabeceras: {},
      timeoutMs: 5000,
    });
    expect(r).toMatchObject({ ok: false, estadoHttp: null, error: expect.stringContaining('ECONNREFUSED') });
  });
});
