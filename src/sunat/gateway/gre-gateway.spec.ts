import { startSunatSimulator, SunatSimulator } from '@/sunat/simulator/sunat-simulator';
import { createTestCertificate, signedDocument } from '@/sunat/simulator/testing/test-documents';
import { KeyAndCert } from '@/sunat/simulator/crypto/self-signed';
import { HttpSunatGateway } from './http-sunat-gateway';
import { SunatLogger } from './logger';
import { BETA_RUC, betaContext } from './testing-context';

describe('HttpSunatGateway GRE REST against the simulator', () => {
  let sim: SunatSimulator;
  let key: KeyAndCert;
  let clock: number;
  let logs: string[];
  let gateway: HttpSunatGateway;
  const ctx = betaContext();
  let seq = 0;
  const guideName = () => `${BETA_RUC}-09-T001-${++seq}`;
  const tokenRequests = () => sim.state.requests.filter((r) => r.operation === 'greToken').length;

  beforeAll(async () => {
    sim = await startSunatSimulator({ port: 0, ticketPolls: 1, tokenTtlSeconds: 600, xsdDir: false, rules: false });
    key = createTestCertificate();
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.reset();
    clock = Date.now();
    logs = [];
    const logger: SunatLogger = {
      info: (message, meta) => void logs.push(`${message} ${JSON.stringify(meta)}`),
      warn: (message, meta) => void logs.push(`${message} ${JSON.stringify(meta)}`),
    };
    gateway = new HttpSunatGateway({
      endpoints: sim.endpoints,
      transport: { timeoutMs: 1_500, connectRetries: 0, retryBackoffMs: 10 },
      tokenMarginSeconds: 60,
      now: () => clock,
      logger,
    });
  });

  it('send -> ticket; 98 then 0 with a CDR carrying the QR URL', async () => {
    const doc = signedDocument(key, guideName());
    const sent = await gateway.sendGuide(ctx, doc.name, doc.zip);
    if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
    expect(sent.ticket).toMatch(/^[0-9a-f-]{36}$/);
    expect(await gateway.getGuideStatus(ctx, sent.ticket)).toMatchObject({ kind: 'in-process', code: '98' });
    const done = await gateway.getGuideStatus(ctx, sent.ticket);
    if (done.kind !== 'accepted') throw new Error(JSON.stringify(done));
    expect(done.cdr?.documentDescription).toMatch(/^https:\/\/e-factura\.sunat\.gob\.pe\/v1\/contribuyente\/gre\/comprobantes\/descargaqr\?hashqr=/);
    expect(done.message).toBe(`El Comprobante  numero T001-${seq}, ha sido aceptado`);
  });

  it('98 then 99: rejected with the error number and the CDR', async () => {
    sim.next({ action: 'reject', code: '3340', operation: 'greSend' });
    const doc = signedDocument(key, guideName());
    const sent = await gateway.sendGuide(ctx, doc.name, doc.zip);
    if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
    expect((await gateway.getGuideStatus(ctx, sent.ticket)).kind).toBe('in-process');
    const done = await gateway.getGuideStatus(ctx, sent.ticket);
    expect(done).toMatchObject({ kind: 'rejected', code: '3340' });
    expect(done.kind === 'rejected' && done.cdr?.responseCode).toBe('3340');
  });

  it('the token is cached per company and renewed after expires_in minus the margin', async () => {
    for (let i = 0; i < 2; i++) {
      const doc = signedDocument(key, guideName());
      expect((await gateway.sendGuide(ctx, doc.name, doc.zip)).kind).toBe('ticket');
    }
    expect(tokenRequests()).toBe(1);
    clock += (600 - 60 - 1) * 1000;
    await gateway.getGuideStatus(ctx, sim.state.snapshot().tickets[0].ticket);
    expect(tokenRequests()).toBe(1);
    clock += 2_000;
    await gateway.getGuideStatus(ctx, sim.state.snapshot().tickets[0].ticket);
    expect(tokenRequests()).toBe(2);
    const other = betaContext();
    other.sol.ruc = '20100070970';
    await gateway.getGuideStatus(other, 'no-existe');
    expect(tokenRequests()).toBe(3);
  });

  it('a token SUNAT stopped honouring (401) is renewed once and the call goes through', async () => {
    const first = signedDocument(key, guideName());
    expect((await gateway.sendGuide(ctx, first.name, first.zip)).kind).toBe('ticket');
    sim.state.tokens.clear();
    const second = signedDocument(key, guideName());
    expect((await gateway.sendGuide(ctx, second.name, second.zip)).kind).toBe('ticket');
    expect(tokenRequests()).toBe(2);
  });

  it('OAuth failure: exception with SUNAT error_description, nothing sent', async () => {
    const bad = { ...betaContext(), gre: { clientId: 'simulador-client-id', clientSecret: 'equivocado' } };
    const doc = signedDocument(key, guideName());
    const result = await gateway.sendGuide(bad, doc.name, doc.zip);
    expect(result).toMatchObject({ kind: 'exception', source: 'oauth', code: 'invalid_client', message: 'Cliente no autorizado' });
    expect(sim.state.requests.filter((r) => r.operation === 'greSend')).toHaveLength(0);
  });

  it('validation errors (422) become exceptions with the inner code', async () => {
    const doc = signedDocument(key, guideName());
    const other = guideName();
    expect(await gateway.sendGuide(ctx, other, doc.zip)).toMatchObject({ kind: 'exception', code: '0161', source: 'gre' });
  });

  it('a guide sent again with other content needs reconciliation (1033)', async () => {
    const name = guideName();
    expect((await gateway.sendGuide(ctx, name, signedDocument(key, name).zip)).kind).toBe('ticket');
    expect(await gateway.sendGuide(ctx, name, signedDocument(key, name, 'CAMBIO').zip)).toMatchObject({
      kind: 'needs-reconciliation',
      code: '1033',
    });
  });

  it('HTTP 502 and empty 200 on send are unknown outcomes, never tickets', async () => {
    sim.next([
      { action: 'http', status: 502, operation: 'greSend' },
      { action: 'empty', operation: 'greSend' },
    ]);
    const doc = signedDocument(key, guideName());
    expect(await gateway.sendGuide(ctx, doc.name, doc.zip)).toMatchObject({ kind: 'unknown', reason: 'http-error' });
    expect(await gateway.sendGuide(ctx, doc.name, doc.zip)).toMatchObject({ kind: 'unknown', reason: 'empty-answer' });
  });

  it('GRE down: the token, the send and a status query are unknown outcomes, never tickets or answers; up again it works', async () => {
    const doc = signedDocument(key, guideName());
    sim.outage({ down: true, services: ['gre'] });
    expect(await gateway.sendGuide(ctx, doc.name, doc.zip)).toMatchObject({ kind: 'unknown', reason: 'http-error' });
    sim.outage({ down: true, services: ['gre'], mode: 'reset' });
    expect(await gateway.sendGuide(ctx, doc.name, doc.zip)).toMatchObject({ kind: 'unknown', reason: 'connection-reset' });
    expect(tokenRequests()).toBe(0);

    sim.outage({ down: false });
    const sent = await gateway.sendGuide(ctx, doc.name, doc.zip);
    if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
    // with a token in hand, the API itself goes down
    sim.outage({ down: true, services: ['gre'], mode: 'fault' });
    const other = signedDocument(key, guideName());
    expect(await gateway.sendGuide(ctx, other.name, other.zip)).toMatchObject({ kind: 'unknown', reason: 'http-error', raw: { httpStatus: 503 } });
    expect(await gateway.getGuideStatus(ctx, sent.ticket)).toMatchObject({ kind: 'unknown', reason: 'http-error' });
    sim.outage({ down: false });
    expect(sim.state.requests.map((r) => r.operation)).toEqual(['greToken', 'greSend']);
    expect(await gateway.reconcileTicket(ctx, sent.ticket, 'gre')).toMatchObject({ kind: 'in-process' });
    expect(await gateway.reconcileTicket(ctx, sent.ticket, 'gre')).toMatchObject({ kind: 'accepted' });
  });

  it('timeout on a status query: unknown; asking the stored ticket again reconciles', async () => {
    const doc = signedDocument(key, guideName());
    const sent = await gateway.sendGuide(ctx, doc.name, doc.zip);
    if (sent.kind !== 'ticket') throw new Error(sent.kind);
    sim.next({ action: 'delay', ms: 3_000, operation: 'greStatus' });
    expect(await gateway.getGuideStatus(ctx, sent.ticket)).toMatchObject({ kind: 'unknown', reason: 'timeout' });
    expect(await gateway.reconcileTicket(ctx, sent.ticket, 'gre')).toMatchObject({ kind: 'accepted' });
  });

  it('logs carry no credentials, tokens or document bodies', async () => {
    const doc = signedDocument(key, guideName());
    const sent = await gateway.sendGuide(ctx, doc.name, doc.zip);
    if (sent.kind === 'ticket') await gateway.getGuideStatus(ctx, sent.ticket);
    await gateway.sendBill(ctx, doc.name, doc.zip);
    const text = logs.join('\n');
    expect(logs.length).toBeGreaterThan(2);
    for (const secret of ['moddatos', 'simulador-client-secret', doc.zip.toString('base64').slice(0, 40), ...sim.state.tokens.keys()]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain(doc.name);
  });
});
