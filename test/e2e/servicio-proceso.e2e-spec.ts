import { randomBytes } from 'node:crypto';
import { Agent, IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo, connect, createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { SUNAT_ACEPTADA } from '../../src/common/estados';
import { startSunatSimulator, SunatSimulator } from '../../src/sunat/simulator/sunat-simulator';
import { bearer, login, Session } from '../support/auth';
import { ADMIN, TestApp } from '../support/create-test-app';
import { createTestDatabase } from '../support/database';
import { createEmpresa, createFactura, createUserSession } from '../support/factories';
import { ServiceProcess, startServiceProcess } from '../support/service-process';
import { SunatForwarder } from '../support/sunat-forwarder';

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Polls `done` until it holds or the (generous) deadline passes. */
async function until(done: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * The service as it runs from `npm start` (its own process, its log on stdout): where it listens, what its log
 * says of a signed link, and how it stops on SIGTERM with a request in progress and an idle keep-alive connection.
 */
describe('The service process: address, log and SIGTERM', () => {
  let sim: SunatSimulator;
  let sunat: SunatForwarder;
  let db: Client;
  let service: ServiceProcess;
  let port: number;
  let log = '';
  let admin: Session;
  let user: Session;
  const storageDir = mkdtempSync(join(tmpdir(), 'servicio-proceso-'));
  /** What the factories need of a test app: where to send requests. */
  let t: TestApp;

  beforeAll(async () => {
    sim = await startSunatSimulator({ port: 0, host: '127.0.0.1', ticketPolls: 0 });
    sunat = await SunatForwarder.start(sim.url);
    const databaseUrl = await createTestDatabase();
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      DB_POOL_SIZE: '10',
      APP_KEY: randomBytes(32).toString('base64url'),
      ADMIN_USER: ADMIN.user,
      ADMIN_PASSWORD: ADMIN.password,
      BCRYPT_ROUNDS: '4',
      STORAGE_DIR: storageDir,
      SUNAT_SIMULATOR: 'off',
      SUNAT_ENDPOINTS_BASE: sunat.url,
      SUNAT_TIMEOUT_MS: '60000',
      TICKET_POLLER: 'false',
      SHUTDOWN_TIMEOUT_MS: '60000',
    };
    service = await startServiceProcess('service', { ...env, HOST: undefined });
    service.child.process.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    port = Number(new URL(service.url).port);
    t = { http: service.url } as unknown as TestApp;
    admin = await login(t);
    const empresa = (await createEmpresa(t, admin)).id_empresa;
    user = await createUserSession(t, admin, empresa, ['ventas.view', 'ventas.create']);
  }, 300_000);

  afterAll(async () => {
    await service?.child.stop(20_000);
    await sunat?.close();
    await sim?.close();
    await db?.end();
    rmSync(storageDir, { recursive: true, force: true });
  }, 60_000);

  it('without HOST it listens on 127.0.0.1 only', async () => {
    // the control: on Linux the whole 127/8 is loopback, so a server on every address answers at 127.0.0.2
    const everywhere = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => everywhere.listen(0, '0.0.0.0', resolve));
    const reachable = await accepts('127.0.0.2', (everywhere.address() as AddressInfo).port);
    await new Promise((resolve) => everywhere.close(resolve));
    expect(reachable).toBe(true);

    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(await accepts('127.0.0.2', port)).toBe(false);
  });

  it('logs a signed download link by its id, never its token', async () => {
    const factura = await createFactura(t, user);
    const created = await request(service.url).post('/api/enlaces').set(bearer(user.token)).send({ tipo: 'venta-xml', id: factura.id_venta }).expect(201);
    const token = String(created.body.url).split('/').pop()!;
    const { jti } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { jti: string };
    expect(jti).toMatch(/^[\w-]{8,}$/);
    await request(service.url).get(created.body.url).expect(200);
    await request(service.url).get(`/api/enlaces/${token}x`).expect(401);

    const logged = `/api/enlaces/[enlace ${jti}]`;
    await until(() => log.split(logged).length > 2);
    expect(log.split(logged).length).toBeGreaterThan(2);
    expect(log).not.toContain(token.split('.')[2]);
    expect(log).not.toContain(token.split('.')[1]);
  });

  it('on SIGTERM: idle keep-alive connections close, the request in progress is served with Connection: close, then it exits', async () => {
    const factura = await createFactura(t, user);
    sunat.hold((call) => call?.operation === 'sendBill');

    // a send in progress: its SOAP call to SUNAT is held by the forwarder
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = httpRequest(`${service.url}/api/ventas/${factura.id_venta}/enviar`, { method: 'POST', agent, headers: bearer(user.token) }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.once('error', reject);
      req.end();
    });
    await until(() => sunat.heldTickets().length === 1);
    expect(sunat.heldTickets()).toHaveLength(1);

    // an idle keep-alive connection: one request answered, the socket left open (just before the signal, well
    // within the server's keep-alive timeout)
    const idle: Socket = connect({ host: '127.0.0.1', port });
    let idleAnswer = '';
    idle.on('data', (chunk: Buffer) => (idleAnswer += chunk.toString('utf8')));
    const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()));
    idle.write('GET /api/health HTTP/1.1\r\nHost: servicio\r\nConnection: keep-alive\r\n\r\n');
    await until(() => idleAnswer.includes('"status":"ok"'));
    expect(idleAnswer).toMatch(/^HTTP\/1\.1 200/);
    expect(idleAnswer).toMatch(/connection: keep-alive/i);

    const exited = new Promise<number | null>((resolve) => service.child.process.once('exit', (code) => resolve(code)));
    service.child.process.kill('SIGTERM');
    await idleClosed;
    // the listening socket closes in the same step as the idle connections; allow the signal's handling to get there
    let listening = true;
    for (const deadline = Date.now() + 30_000; listening && Date.now() < deadline;) listening = await accepts('127.0.0.1', port);
    expect(listening).toBe(false);

    sunat.release();
    const answer = await send;
    expect({ status: answer.status, connection: answer.headers.connection }).toEqual({ status: 200, connection: 'close' });
    expect(JSON.parse(answer.body)).toMatchObject({ success: true });
    expect(await exited).toBe(0);
    agent.destroy();

    const { rows } = await db.query('SELECT estado_sunat FROM ventas WHERE id_venta = $1', [factura.id_venta]);
    expect(rows[0].estado_sunat).toBe(SUNAT_ACEPTADA);
    expect(log).toContain('Stopped');
  });
});
