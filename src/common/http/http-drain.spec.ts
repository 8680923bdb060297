import { createServer, Server } from 'node:http';
import { AddressInfo, connect, Socket } from 'node:net';
import { DRAIN_MESSAGE, HttpDrain } from './http-drain';

/** Everything a raw socket receives until the server closes it. */
function received(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
  });
}

describe('HttpDrain: a stop refuses what has not started and cuts nothing that has', () => {
  let server: Server;
  let port: number;
  let release: () => void;
  let slowStarted = false;
  const held = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    server = createServer((req, res) => {
      // the slow route is answered only when the test says so
      if (req.url === '/lento') {
        slowStarted = true;
        void held.then(() => res.end('servido'));
      } else res.end('rápido');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a request in progress is served with Connection: close; one whose headers were still arriving gets the 503 before the app sees it', async () => {
    const drain = new HttpDrain(server);
    const slow = connect({ host: '127.0.0.1', port });
    const slowAnswer = received(slow);
    slow.write('GET /lento HTTP/1.1\r\nHost: x\r\n\r\n');
    const arriving = connect({ host: '127.0.0.1', port });
    const arrivingAnswer = received(arriving);
    arriving.write('GET /rapido HTTP/1.1\r\nHost: x\r\n');
    // the stop begins once the slow request is in the app and the other connection has been accepted
    const connections = () => new Promise<number>((resolve, reject) => server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
    while (!slowStarted || (await connections()) < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const done = drain.drain(60_000);
    arriving.write('\r\n');
    const refused = await arrivingAnswer;
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused).toMatch(/\r\nConnection: close\r\n/i);
    expect(refused).toMatch(/\r\nRetry-After: 1\r\n/i);
    expect(refused).toContain(JSON.stringify({ success: false, message: DRAIN_MESSAGE }));
    expect(refused).not.toContain('rápido');
    release();
    const served = await slowAnswer;
    expect(served).toMatch(/^HTTP\/1\.1 200 /);
    expect(served).toMatch(/\r\nConnection: close\r\n/i);
    expect(served).toContain('servido');
    await expect(done).resolves.toBe(true);
  });
});
