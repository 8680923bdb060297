import { HttpSunatGateway } from '@/sunat/gateway/http-sunat-gateway';
import { BETA_RUC, betaContext } from '@/sunat/gateway/testing-context';
import { zipDocument } from '@/sunat/zip/zip';
import { startSunatSimulator, SunatSimulator } from './sunat-simulator';
import { createTestCertificate, signedDocument, unsignedXml } from './testing/test-documents';

describe('SUNAT simulator over HTTP', () => {
  let sim: SunatSimulator;
  beforeAll(async () => {
    sim = await startSunatSimulator({ port: 0, ticketPolls: 2, xsdDir: false, rules: false });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  const post = (path: string, body: unknown) =>
    fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('control endpoint queues actions, reports state and resets', async () => {
    const queued = await post('/__control/next', [
      { action: 'fault', code: '109' },
      { action: 'http', status: 502, operation: 'greSend' },
    ]);
    expect(queued.status).toBe(200);
    const state = await (await fetch(`${sim.url}/__control/state`)).json();
    expect(state.pendingControl).toEqual([
      { action: 'fault', code: '0109' },
      { action: 'http', status: 502, operation: 'greSend' },
    ]);
    expect((await post('/__control/reset', {})).status).toBe(200);
    expect((await (await fetch(`${sim.url}/__control/state`)).json()).pendingControl).toEqual([]);
  });

  it('control endpoint refuses malformed actions', async () => {
    const response = await post('/__control/next', { action: 'reject' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/code/);
    expect((await post('/__control/next', { action: 'explode' })).status).toBe(400);
  });

  it('ticketPolls is configurable at run time', async () => {
    const response = await post('/__control/config', { ticketPolls: 0 });
    expect(await response.json()).toMatchObject({ ticketPolls: 0 });
    const key = createTestCertificate();
    const doc = signedDocument(key, `${BETA_RUC}-RA-20240105-1`);
    const gateway = new HttpSunatGateway({ endpoints: sim.endpoints });
    const sent = await gateway.sendSummary(betaContext(), doc.name, doc.zip);
    if (sent.kind !== 'ticket') throw new Error(sent.kind);
    expect(await gateway.getStatus(betaContext(), sent.ticket)).toMatchObject({ kind: 'accepted' });
    await post('/__control/config', { ticketPolls: 2 });
  });

  it('sendSummary answers the ticket at once and judges the file while it is in process: an unsigned RC ends 99 with 1059', async () => {
    const name = `${BETA_RUC}-RC-20240105-7`;
    const gateway = new HttpSunatGateway({ endpoints: sim.endpoints });
    // before issue 21 this was a SOAP fault on sendSummary itself
    const sent = await gateway.sendSummary(betaContext(), `${name}.zip`, zipDocument(name, unsignedXml(name)));
    if (sent.kind !== 'ticket') throw new Error(sent.kind);
    expect(await gateway.getStatus(betaContext(), sent.ticket)).toMatchObject({ kind: 'in-process' });
    expect(await gateway.getStatus(betaContext(), sent.ticket)).toMatchObject({ kind: 'in-process' });
    expect(await gateway.getStatus(betaContext(), sent.ticket)).toMatchObject({ code: '1059' });
    // the name stays spent
    expect(await gateway.sendSummary(betaContext(), `${name}.zip`, zipDocument(name, unsignedXml(name)))).toMatchObject({ code: '2223' });
  });

  it('GRE token with a bad client: 401 {error, error_description}', async () => {
    const response = await fetch(`${sim.url}/v1/clientessol/otro/oauth2/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        scope: 'https://api-cpe.sunat.gob.pe',
        client_id: 'otro',
        client_secret: 'x',
        username: `${BETA_RUC}MODDATOS`,
        password: 'moddatos',
      }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'invalid_client', error_description: 'Cliente no autorizado' });
  });

  it('GRE token: any SOL user and clave are taken, an empty one is 401 access_denied', async () => {
    const token = (username: string, password: string) =>
      fetch(`${sim.url}/v1/clientessol/simulador-client-id/oauth2/token/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          scope: 'https://api-cpe.sunat.gob.pe',
          client_id: 'simulador-client-id',
          client_secret: 'simulador-client-secret',
          username,
          password,
        }),
      });
    expect((await token('20100066603USUARIO1', 'Clave-Propia')).status).toBe(200);
    for (const [username, password] of [
      ['20100066603USUARIO1', ''],
      ['20100066603USUARIO1', '  '],
      ['20100066603', 'Clave-Propia'],
    ]) {
      const refused = await token(username, password);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: 'access_denied', error_description: 'Usuario o contraseña incorrectos' });
    }
  });

  it('GRE calls without a valid bearer token: 401', async () => {
    const response = await fetch(`${sim.url}/v1/contribuyente/gem/comprobantes/envios/abc`, { headers: { Authorization: 'Bearer nope' } });
    expect(response.status).toBe(401);
  });

  it('unknown paths: 404; a malformed SOAP request: fault', async () => {
    expect((await fetch(`${sim.url}/nada`)).status).toBe(404);
    const fault = await fetch(`${sim.url}/ol-ti-itcpfegem-beta/billService`, { method: 'POST', body: '<no' });
    expect(fault.status).toBe(500);
    expect(await fault.text()).toContain('soap-env:Client.0200');
  });

  it('an XML with a DOCTYPE is refused as unreadable (0306), never expanded', async () => {
    const name = `${BETA_RUC}-01-F001-9`;
    const xml = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice>&e;</Invoice>';
    const result = await new HttpSunatGateway({ endpoints: sim.endpoints }).sendBill(betaContext(), name, zipDocument(name, xml));
    expect(result).toMatchObject({ kind: 'exception', code: '0306' });
  });
});

describe('SUNAT simulator with its default XSD folder (vendor/sunat/xsd)', () => {
  let sim: SunatSimulator;
  beforeAll(async () => {
    sim = await startSunatSimulator({ port: 0 });
  });
  afterAll(() => sim.close());

  it('refuses a signed document that is not schema-valid (0306 with the libxml2 message)', async () => {
    const doc = signedDocument(createTestCertificate(), `${BETA_RUC}-01-F001-1`);
    const result = await new HttpSunatGateway({ endpoints: sim.endpoints }).sendBill(betaContext(), doc.name, doc.zip);
    expect(result).toMatchObject({ kind: 'exception', code: '0306' });
    expect(result.kind === 'exception' && result.message).toMatch(/XSD: .*element/i);
  });
});
