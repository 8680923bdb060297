import { HttpSunatGateway } from '@/sunat/gateway/http-sunat-gateway';
import { ValidityQuery } from '@/sunat/gateway/results';
import { BETA_RUC, betaContext } from '@/sunat/gateway/testing-context';
import { zipDocument } from '@/sunat/zip/zip';
import { createTestCertificate, signedDocument } from './testing/test-documents';
import { MONTO_DISTINTO } from './control/validez-override';
import { startSunatSimulator, SunatSimulator } from './sunat-simulator';

describe('POST /__control/validez: SUNAT holding a document otherwise than it received it', () => {
  let sim: SunatSimulator;
  let gateway: HttpSunatGateway;
  const ctx = betaContext();
  const query = (numero: number, monto?: string): ValidityQuery => ({
    ruc: BETA_RUC,
    tipo: '01',
    serie: 'F001',
    numero,
    fechaEmision: '2024-01-05',
    ...(monto ? { monto } : {}),
  });
  const control = (body: unknown) =>
    fetch(`${sim.url}/__control/validez`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    sim = await startSunatSimulator({ port: 0, ticketPolls: 0, xsdDir: false, rules: false });
    gateway = new HttpSunatGateway({ endpoints: sim.endpoints, transport: { timeoutMs: 5_000, connectRetries: 1, retryBackoffMs: 10 } });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('a document SUNAT accepted is answered as never received, voided, or with another amount; olvidar restores it', async () => {
    const doc = signedDocument(createTestCertificate(), `${BETA_RUC}-01-F001-1`);
    expect(await gateway.sendBill(ctx, doc.name, zipDocument(doc.name, doc.xml))).toMatchObject({ kind: 'accepted' });
    expect(await gateway.checkValidity(ctx, query(1))).toMatchObject({ estadoCp: '1', observaciones: [] });

    expect((await control({ ruc: BETA_RUC, tipo: '01', serie: 'F001', numero: 1, estado: 'no_existe' })).status).toBe(200);
    expect(await gateway.checkValidity(ctx, query(1))).toMatchObject({ estadoCp: '0', state: 'not-found' });

    await control({ ruc: BETA_RUC, tipo: '01', serie: 'F001', numero: 1, estado: 'anulado' });
    expect(await gateway.checkValidity(ctx, query(1))).toMatchObject({ estadoCp: '2', state: 'voided' });

    await control({ ruc: BETA_RUC, tipo: '01', serie: 'F001', numero: 1, olvidar: true });
    await control({ ruc: BETA_RUC, tipo: '01', serie: 'F001', numero: 1, monto: '50.00' });
    expect(await gateway.checkValidity(ctx, query(1, '118.00'))).toMatchObject({ estadoCp: '1', observaciones: [MONTO_DISTINTO] });
    expect(await gateway.checkValidity(ctx, query(1, '50'))).toMatchObject({ estadoCp: '1', observaciones: [] });

    await control({ ruc: BETA_RUC, tipo: '01', serie: 'F001', numero: 1, olvidar: true });
    expect(await gateway.checkValidity(ctx, query(1, '118.00'))).toMatchObject({ estadoCp: '1', observaciones: [] });
  });

  it('a document SUNAT never received can be held accepted; reset forgets every override', async () => {
    await control({ ruc: BETA_RUC, tipo: '03', serie: 'b001', numero: 7, estado: 'aceptado' });
    expect(await gateway.checkValidity(ctx, { ...query(7), tipo: '03', serie: 'B001' })).toMatchObject({ estadoCp: '1' });
    sim.reset();
    expect(await gateway.checkValidity(ctx, { ...query(7), tipo: '03', serie: 'B001' })).toMatchObject({ estadoCp: '0' });
  });

  it('refuses a malformed override with 400 and its reason', async () => {
    const bad = await control({ ruc: '123', tipo: '01', serie: 'F001', numero: 1, estado: 'aceptado' });
    expect({ status: bad.status, body: await bad.json() }).toEqual({ status: 400, body: { error: 'ruc de 11 dígitos requerido' } });
    const noState = await control({ ruc: BETA_RUC, tipo: '01', serie: 'F001', numero: 1, estado: 'perdido' });
    expect(noState.status).toBe(400);
    expect(sim.state.validez.snapshot()).toEqual({});
  });
});
