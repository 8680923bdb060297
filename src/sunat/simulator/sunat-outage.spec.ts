import { createHash } from 'node:crypto';
import { HttpSunatGateway } from '@/sunat/gateway/http-sunat-gateway';
import { getStatusCdrEnvelope, sendBillEnvelope } from '@/sunat/gateway/soap/envelope';
import { BETA_RUC, betaContext } from '@/sunat/gateway/testing-context';
import { KeyAndCert } from './crypto/self-signed';
import { startSunatSimulator, SunatSimulator } from './sunat-simulator';
import { createTestCertificate, signedDocument } from './testing/test-documents';

describe('SUNAT simulator outage switch (POST /__control/outage)', () => {
  let sim: SunatSimulator;
  let key: KeyAndCert;
  let gateway: HttpSunatGateway;
  const ctx = betaContext();
  let seq = 0;
  const billName = () => `${BETA_RUC}-01-F001-${++seq}`;

  beforeAll(async () => {
    sim = await startSunatSimulator({ port: 0, ticketPolls: 1, xsdDir: false, rules: false });
    key = createTestCertificate();
    gateway = new HttpSunatGateway({ endpoints: sim.endpoints, transport: { timeoutMs: 60_000, connectRetries: 0, retryBackoffMs: 10 } });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  const control = (path: string, body?: unknown) =>
    fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const outage = async (body: unknown) => {
    const response = await control('/__control/outage', body);
    expect(response.status).toBe(200);
    return response.json();
  };
  const state = async () => (await fetch(`${sim.url}/__control/state`)).json();
  const postSoap = (url: string, envelope: string) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/xml; charset=utf-8' }, body: envelope });
  const sendBillRaw = (name: string, zip: Buffer) => postSoap(sim.endpoints.beta!.billService!, sendBillEnvelope(ctx.sol, `${name}.zip`, zip));
  const greToken = () =>
    fetch(`${sim.url}/v1/clientessol/simulador-client-id/oauth2/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        scope: 'https://api-cpe.sunat.gob.pe',
        client_id: 'simulador-client-id',
        client_secret: 'simulador-client-secret',
        username: `${BETA_RUC}MODDATOS`,
        password: 'moddatos',
      }),
    });

  it('switches services down and up, shows them in the state, and /__control/reset brings everything up', async () => {
    expect((await state()).outage).toEqual({ soap: false, gre: false, modes: {}, refused: { soap: 0, gre: 0 } });
    expect(await outage({ down: true })).toMatchObject({ soap: true, gre: true, modes: { soap: '503', gre: '503' } });
    expect(await outage({ down: false, services: ['soap'] })).toMatchObject({ soap: false, gre: true, modes: { gre: '503' } });
    expect(await outage({ down: true, services: ['soap'], mode: 'reset' })).toMatchObject({ soap: true, modes: { soap: 'reset', gre: '503' } });
    expect((await state()).outage).toMatchObject({ soap: true, gre: true });
    expect((await control('/__control/reset')).status).toBe(200);
    expect((await state()).outage).toEqual({ soap: false, gre: false, modes: {}, refused: { soap: 0, gre: 0 } });
    sim.outage({ down: true, services: ['gre'] });
    expect((await state()).outage).toMatchObject({ soap: false, gre: true });
  });

  it('refuses malformed switches and leaves the state as it was', async () => {
    for (const body of [{}, { down: 'yes' }, { down: true, services: [] }, { down: true, services: ['validez'] }, { down: true, mode: '500' }]) {
      const response = await control('/__control/outage', body);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(/down|services|mode/);
    }
    expect((await state()).outage).toMatchObject({ soap: false, gre: false });
  });

  it('SOAP down (503): sendBill and getStatusCdr get an HTML 503, nothing is registered; up again the number is a first send', async () => {
    await outage({ down: true, services: ['soap'] });
    const name = billName();
    const whileDown = await sendBillRaw(name, signedDocument(key, name).zip);
    expect(whileDown.status).toBe(503);
    expect(whileDown.headers.get('content-type')).toMatch(/text\/html/);
    expect(await whileDown.text()).toMatch(/Service Unavailable/);
    const [, tipo, serie, numero] = name.split('-');
    const ref = { ruc: BETA_RUC, tipo, serie, numero: Number(numero) };
    const query = await postSoap(sim.endpoints.beta!.consultService!, getStatusCdrEnvelope(ctx.sol, ref));
    expect(query.status).toBe(503);
    const snapshot = await state();
    expect(snapshot.documents).toEqual([]);
    expect(snapshot.requests).toEqual([]);
    expect(snapshot.outage.refused).toEqual({ soap: 2, gre: 0 });

    await outage({ down: false });
    expect(await gateway.getStatusCdr(ctx, ref)).toMatchObject({ kind: 'not-found', code: '0011' });
    // other content under the same name: had the first send been kept, this would be 1033
    const after = await gateway.sendBill(ctx, name, signedDocument(key, name, 'OTRO CONTENIDO').zip);
    expect(after).toMatchObject({ kind: 'accepted', code: '0' });
  });

  it('SOAP down (reset): the connection drops unanswered and nothing is registered', async () => {
    await outage({ down: true, services: ['soap'], mode: 'reset' });
    const name = billName();
    await expect(sendBillRaw(name, signedDocument(key, name).zip)).rejects.toThrow();
    expect((await state()).documents).toEqual([]);
    expect(sim.state.outage.snapshot().refused.soap).toBe(1);
    await outage({ down: false, services: ['soap'] });
    expect(await gateway.sendBill(ctx, name, signedDocument(key, name, 'OTRO CONTENIDO').zip)).toMatchObject({ kind: 'accepted', code: '0' });
  });

  it("SOAP down (fault): SUNAT's Server.0109 fault with HTTP 500, nothing registered", async () => {
    await outage({ down: true, mode: 'fault' });
    const name = billName();
    const whileDown = await sendBillRaw(name, signedDocument(key, name).zip);
    expect(whileDown.status).toBe(500);
    const body = await whileDown.text();
    expect(body).toContain('<faultcode>soap-env:Server.0109</faultcode>');
    expect(body).toContain('El servicio de autenticación no está disponible');
    expect((await state()).documents).toEqual([]);
    // GRE has no SOAP fault: it is a 503 there
    expect((await greToken()).status).toBe(503);
  });

  it('GRE down: token and send refused before any check while SOAP works; up again the guide goes through', async () => {
    await outage({ down: true, services: ['gre'] });
    expect((await greToken()).status).toBe(503);
    const guide = signedDocument(key, `${BETA_RUC}-09-T001-${++seq}`);
    const body = JSON.stringify({
      archivo: { nomArchivo: `${guide.name}.zip`, arcGreZip: guide.zip.toString('base64'), hashZip: createHash('sha256').update(guide.zip).digest('hex') },
    });
    // without a valid token an up GRE answers 401: 503 means it was refused before being read
    const send = await fetch(`${sim.url}/v1/contribuyente/gem/comprobantes/${guide.name}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer cualquiera', 'Content-Type': 'application/json' },
      body,
    });
    expect(send.status).toBe(503);
    expect(await gateway.sendGuide(ctx, guide.name, guide.zip)).toMatchObject({ kind: 'unknown' });
    // the validity check is not part of the switch: it still answers (401 for an unknown client)
    const validezToken = await fetch(`${sim.url}/v1/clientesextranet/otro/oauth2/token/`, { method: 'POST', body: 'grant_type=client_credentials' });
    expect(validezToken.status).not.toBe(503);

    const name = billName();
    expect(await gateway.sendBill(ctx, name, signedDocument(key, name).zip)).toMatchObject({ kind: 'accepted' });
    const snapshot = await state();
    expect(snapshot.tokens).toBe(0);
    expect(snapshot.tickets).toEqual([]);
    // nothing of GRE reached the simulator; the validity check and SOAP did
    expect(snapshot.requests.map((r: { operation: string }) => r.operation)).toEqual(['validezToken', 'sendBill']);

    await outage({ down: false, services: ['gre'] });
    const sent = await gateway.sendGuide(ctx, guide.name, guide.zip);
    if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
    expect(await gateway.getGuideStatus(ctx, sent.ticket)).toMatchObject({ kind: 'in-process' });
    expect(await gateway.getGuideStatus(ctx, sent.ticket)).toMatchObject({ kind: 'accepted' });
  });
});
