import { readCdrZip } from '@/sunat/cdr/cdr-reader';
import { unzip, zipDocument } from '@/sunat/zip/zip';
import { verifyXmlSignature } from '@/sunat/simulator/crypto/xml-signature';
import { KeyAndCert } from '@/sunat/simulator/crypto/self-signed';
import { startSunatSimulator, SunatSimulator } from '@/sunat/simulator/sunat-simulator';
import { createTestCertificate, signedDocument, tamperedDocument } from '@/sunat/simulator/testing/test-documents';
import { HttpSunatGateway } from './http-sunat-gateway';
import { isDefinitive, RawAnswer } from './results';
import { BETA_RUC, betaContext } from './testing-context';

describe('HttpSunatGateway SOAP against the simulator', () => {
  let sim: SunatSimulator;
  let key: KeyAndCert;
  let gateway: HttpSunatGateway;
  const ctx = betaContext();
  let seq = 0;
  const nextName = (tipo = '01', serie = 'F001') => `${BETA_RUC}-${tipo}-${serie}-${++seq}`;
  const sendBillCount = () => sim.state.requests.filter((r) => r.operation === 'sendBill').length;
  /** Resolves once the simulator has registered the document: its processing may end after the client gave up. */
  const registered = async (name: string): Promise<void> => {
    const [ruc, tipo, serie, numero] = name.split('-');
    const key = `${ruc}-${tipo}-${serie}-${Number(numero)}`;
    for (let waited = 0; !sim.state.documents.has(key); waited += 20) {
      if (waited > 50_000) throw new Error(`${name} nunca quedó registrado en el simulador`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    sim = await startSunatSimulator({ port: 0, ticketPolls: 1, xsdDir: false, rules: false });
    key = createTestCertificate();
    // generous: on a loaded machine an ordinary answer must never meet the timeout (the timeout test has its own gateway)
    gateway = new HttpSunatGateway({ endpoints: sim.endpoints, transport: { timeoutMs: 60_000, connectRetries: 1, retryBackoffMs: 10 } });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('accepted: signed CDR zip with dummy/, SUNAT description, raw answer handed over first', async () => {
    const doc = signedDocument(key, nextName());
    const raws: RawAnswer[] = [];
    const result = await gateway.sendBill(ctx, doc.name, doc.zip, { onRawAnswer: (raw) => void raws.push(raw) });
    if (result.kind !== 'accepted') throw new Error(JSON.stringify(result));
    const [, , serie, numero] = doc.name.split('-');
    expect(result.code).toBe('0');
    expect(result.message).toBe(`La Factura numero ${serie}-${numero}, ha sido aceptada`);
    expect(result.notes).toEqual([]);
    expect([...unzip(result.cdrZip).keys()].sort()).toEqual([`R-${doc.name}.xml`, 'dummy/']);
    const { xml } = readCdrZip(result.cdrZip);
    expect(verifyXmlSignature(xml.toString('utf8'))).toEqual({ valid: true });
    expect(result.cdr.referenceId).toBe(`${serie}-${numero}`);
    expect(raws).toHaveLength(1);
    expect(raws[0]).toMatchObject({ operation: 'sendBill', httpStatus: 200 });
    expect(raws[0].body).toContain('<applicationResponse>');
  });

  it('observations (>= 4000) are accepted with notes', async () => {
    sim.next({ action: 'observe', notes: ['4001', '4031'] });
    const doc = signedDocument(key, nextName());
    const result = await gateway.sendBill(ctx, doc.name, doc.zip);
    expect(result.kind).toBe('accepted');
    if (result.kind !== 'accepted') return;
    expect(result.cdr.outcome).toBe('accepted-with-observations');
    expect(result.notes.map((n) => n.code)).toEqual(['4001', '4031']);
    expect(result.notes[0].message).toBe('El numero de RUC del receptor no existe.');
  });

  it('altered document: rejection CDR 2335, and the number stays spent', async () => {
    const doc = tamperedDocument(key, nextName());
    const result = await gateway.sendBill(ctx, doc.name, doc.zip);
    if (result.kind !== 'rejected') throw new Error(JSON.stringify(result));
    expect(result.code).toBe('2335');
    expect(result.message).toBe('El documento electrónico ingresado ha sido alterado');
    expect(result.cdr.accepted).toBe(false);
    const again = await gateway.reconcileBill(ctx, doc.name);
    expect(again).toMatchObject({ kind: 'rejected', code: '2335' });
  });

  it('rejection forced through the control endpoint carries its code and message', async () => {
    sim.next({ action: 'reject', code: '2800', operation: 'sendBill', message: 'Tipo de documento no permitido' });
    const doc = signedDocument(key, nextName());
    expect(await gateway.sendBill(ctx, doc.name, doc.zip)).toMatchObject({
      kind: 'rejected',
      code: '2800',
      message: 'Tipo de documento no permitido',
    });
  });

  it('SOAP fault: code from the faultcode, nothing registered', async () => {
    sim.next({ action: 'fault', code: '0109' });
    const doc = signedDocument(key, nextName());
    const result = await gateway.sendBill(ctx, doc.name, doc.zip);
    expect(result).toMatchObject({ kind: 'exception', code: '0109', source: 'soap-fault' });
    expect(result.kind === 'exception' && result.raw?.httpStatus).toBe(500);
    expect(await gateway.reconcileBill(ctx, doc.name)).toMatchObject({ kind: 'not-found' });
  });

  it('an empty or blank clave SOL, or no SOL user: fault 0102', async () => {
    for (const sol of [{ clave: '' }, { clave: '   ' }, { usuario: '' }]) {
      const doc = signedDocument(key, nextName());
      const result = await gateway.sendBill(betaContext(sol), doc.name, doc.zip);
      expect(result).toMatchObject({ kind: 'exception', code: '0102', message: 'Usuario o contrasena incorrectos' });
    }
  });

  it("any other clave SOL is taken (the simulator cannot know a company's real one)", async () => {
    const doc = signedDocument(key, nextName());
    expect(await gateway.sendBill(betaContext({ usuario: 'FACTURA1', clave: 'Clave-Propia' }), doc.name, doc.zip)).toMatchObject({
      kind: 'accepted',
      code: '0',
    });
  });

  it.each([
    ['0151', (name: string, zip: Buffer) => [`${name}.ZIPX`, zip] as const],
    ['0154', (name: string, zip: Buffer) => [name.replace(BETA_RUC, '20100070970'), zip] as const],
    ['0156', (name: string) => [name, Buffer.from('PK not really a zip')] as const],
  ])('file and zip checks: %s', async (code, mutate) => {
    const doc = signedDocument(key, nextName());
    const [name, zip] = mutate(doc.name, doc.zip);
    expect(await gateway.sendBill(ctx, name, zip)).toMatchObject({ kind: 'exception', code });
  });

  it('xml name inside the zip must match the zip name: 0161', async () => {
    const inner = signedDocument(key, nextName());
    const outerName = nextName();
    expect(await gateway.sendBill(ctx, outerName, inner.zip)).toMatchObject({ kind: 'exception', code: '0161' });
  });

  it('number in the file name differs from the XML: 1036', async () => {
    const doc = signedDocument(key, nextName());
    const other = `${BETA_RUC}-01-F001-${++seq}`;
    expect(await gateway.sendBill(ctx, other, zipDocument(other, doc.xml))).toMatchObject({ kind: 'exception', code: '1036' });
  });

  it('timeout after the request left: unknown; reconcile recovers the CDR without a resend', async () => {
    // SUNAT takes the document and does not answer while the test runs (its timer is cleared on close)
    sim.next({ action: 'delay', ms: 3_600_000, operation: 'sendBill' });
    const impatient = new HttpSunatGateway({ endpoints: sim.endpoints, transport: { timeoutMs: 1_000, connectRetries: 1, retryBackoffMs: 10 } });
    const doc = signedDocument(key, nextName());
    const lost = await impatient.sendBill(ctx, doc.name, doc.zip);
    expect(lost).toMatchObject({ kind: 'unknown', reason: 'timeout' });
    // under load the client may give up before SUNAT's processing ends: reconcile once SUNAT holds the document
    await registered(doc.name);
    const recovered = await gateway.reconcileBill(ctx, doc.name);
    if (recovered.kind !== 'accepted') throw new Error(JSON.stringify(recovered));
    expect(recovered.cdr.referenceId).toBe(doc.name.split('-').slice(2).join('-'));
    expect(sendBillCount()).toBe(1);
  });

  it('connection reset after processing: unknown, then reconciled', async () => {
    sim.next({ action: 'reset', operation: 'sendBill' });
    const doc = signedDocument(key, nextName());
    expect(await gateway.sendBill(ctx, doc.name, doc.zip)).toMatchObject({ kind: 'unknown', reason: 'connection-reset' });
    expect(await gateway.reconcileBill(ctx, doc.name)).toMatchObject({ kind: 'accepted', code: '0' });
    expect(sendBillCount()).toBe(1);
  });

  it('HTTP 502: unknown with a clear message, never a success', async () => {
    sim.next({ action: 'http', status: 502 });
    const doc = signedDocument(key, nextName());
    const result = await gateway.sendBill(ctx, doc.name, doc.zip);
    expect(result).toMatchObject({ kind: 'unknown', reason: 'http-error' });
    expect(result.kind === 'unknown' && result.message).toMatch(/HTTP 502/);
    expect(result.kind === 'unknown' && result.raw?.body).toMatch(/Bad Gateway/);
  });

  it('empty HTTP 200: unknown empty-answer, never a success', async () => {
    sim.next({ action: 'empty' });
    const doc = signedDocument(key, nextName());
    const result = await gateway.sendBill(ctx, doc.name, doc.zip);
    expect(result).toMatchObject({ kind: 'unknown', reason: 'empty-answer' });
    expect(result.kind === 'unknown' && result.message).toMatch(/vacío/);
  });

  it('SUNAT down (503, reset, Server fault): never accepted or rejected, a lookup is not a not-found, nothing registered', async () => {
    const doc = signedDocument(key, nextName());
    const [, tipo, serie, numero] = doc.name.split('-');
    const ref = { ruc: BETA_RUC, tipo, serie, numero: Number(numero) };

    sim.outage({ down: true, services: ['soap'] });
    const unavailable = await gateway.sendBill(ctx, doc.name, doc.zip);
    expect(unavailable).toMatchObject({ kind: 'unknown', reason: 'http-error', raw: { httpStatus: 503 } });
    expect(unavailable.kind === 'unknown' && unavailable.message).toMatch(/HTTP 503/);
    // while SUNAT is down, asking for the CDR must not conclude that it has none
    expect(await gateway.getStatusCdr(ctx, ref)).toMatchObject({ kind: 'unknown', reason: 'http-error' });
    expect(await gateway.sendSummary(ctx, `${BETA_RUC}-RC-20240105-${++seq}`, doc.zip)).toMatchObject({ kind: 'unknown' });
    expect(await gateway.getStatus(ctx, '1234567890123')).toMatchObject({ kind: 'unknown' });

    sim.outage({ down: true, services: ['soap'], mode: 'reset' });
    const dropped = await gateway.sendBill(ctx, doc.name, doc.zip);
    expect(dropped).toMatchObject({ kind: 'unknown', reason: 'connection-reset' });

    sim.outage({ down: true, services: ['soap'], mode: 'fault' });
    const fault = await gateway.sendBill(ctx, doc.name, doc.zip);
    expect(fault).toMatchObject({ kind: 'exception', code: '0109', source: 'soap-fault', raw: { httpStatus: 500 } });
    expect(await gateway.getStatusCdr(ctx, ref)).toMatchObject({ kind: 'exception', code: '0109' });

    for (const result of [unavailable, dropped, fault]) expect(isDefinitive(result)).toBe(false);
    expect(sendBillCount()).toBe(0);
    sim.outage({ down: false });
    expect(await gateway.reconcileBill(ctx, doc.name)).toMatchObject({ kind: 'not-found' });
    expect(await gateway.sendBill(ctx, doc.name, doc.zip)).toMatchObject({ kind: 'accepted', code: '0' });
  });

  it('resend with other content: 1033 needs reconciliation, which returns the original CDR', async () => {
    const name = nextName();
    const first = await gateway.sendBill(ctx, name, signedDocument(key, name).zip);
    expect(first.kind).toBe('accepted');
    const second = await gateway.sendBill(ctx, name, signedDocument(key, name, 'OTRO CONTENIDO').zip);
    expect(second).toMatchObject({ kind: 'needs-reconciliation', code: '1033' });
    const reconciled = await gateway.reconcileBill(ctx, name);
    expect(reconciled.kind === 'accepted' && reconciled.cdrZip.equals((first as { cdrZip: Buffer }).cdrZip)).toBe(true);
  });

  it('the same bytes sent twice get the same CDR', async () => {
    const doc = signedDocument(key, nextName());
    const first = await gateway.sendBill(ctx, doc.name, doc.zip);
    const second = await gateway.sendBill(ctx, doc.name, doc.zip);
    expect(first.kind === 'accepted' && second.kind === 'accepted' && second.cdrZip.equals(first.cdrZip)).toBe(true);
  });

  it('connection refused: not-sent, after bounded retries', async () => {
    const closed = await startSunatSimulator({ port: 0, xsdDir: false, rules: false });
    await closed.close();
    const offline = new HttpSunatGateway({ endpoints: closed.endpoints, transport: { timeoutMs: 500, connectRetries: 2, retryBackoffMs: 20 } });
    const doc = signedDocument(key, nextName());
    const started = Date.now();
    const result = await offline.sendBill(ctx, doc.name, doc.zip);
    expect(result).toMatchObject({ kind: 'not-sent' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(20 + 40);
  });

  describe('summaries (RC/RA) and tickets', () => {
    it('ticket answered 98, then 0 with the CDR', async () => {
      const doc = signedDocument(key, `${BETA_RUC}-RC-20240105-${++seq}`);
      const sent = await gateway.sendSummary(ctx, doc.name, doc.zip);
      if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
      expect(sent.ticket).toMatch(/^\d{13,}$/);
      expect(await gateway.getStatus(ctx, sent.ticket)).toMatchObject({ kind: 'in-process', code: '98' });
      const done = await gateway.getStatus(ctx, sent.ticket);
      expect(done).toMatchObject({ kind: 'accepted', code: '0' });
      expect(done.kind === 'accepted' && done.cdr?.description).toMatch(/^El Resumen diario RC-20240105-\d+, ha sido aceptado$/);
    });

    it('ticket answered 98, then 99 with a rejection CDR', async () => {
      sim.next({ action: 'reject', code: '2282', operation: 'sendSummary' });
      const doc = signedDocument(key, `${BETA_RUC}-RA-20240105-${++seq}`);
      const sent = await gateway.sendSummary(ctx, doc.name, doc.zip);
      if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
      expect((await gateway.getStatus(ctx, sent.ticket)).kind).toBe('in-process');
      const done = await gateway.getStatus(ctx, sent.ticket);
      expect(done).toMatchObject({ kind: 'rejected', code: '2282' });
      expect(done.kind === 'rejected' && done.cdr?.responseCode).toBe('2282');
    });

    it('an RC file presented twice: 2223 needs reconciliation (the stored ticket)', async () => {
      const doc = signedDocument(key, `${BETA_RUC}-RC-20240105-${++seq}`);
      const first = await gateway.sendSummary(ctx, doc.name, doc.zip);
      expect(first.kind).toBe('ticket');
      expect(await gateway.sendSummary(ctx, doc.name, doc.zip)).toMatchObject({ kind: 'needs-reconciliation', code: '2223' });
      const ticket = (first as { ticket: string }).ticket;
      await gateway.reconcileTicket(ctx, ticket, 'soap');
      expect(await gateway.reconcileTicket(ctx, ticket, 'soap')).toMatchObject({ kind: 'accepted' });
    });

    it('an unknown ticket is an exception (0127)', async () => {
      expect(await gateway.getStatus(ctx, '1234567890123')).toMatchObject({ kind: 'exception', code: '0127' });
    });

    it('a summary through sendBill is refused (0152)', async () => {
      const doc = signedDocument(key, `${BETA_RUC}-RC-20240105-${++seq}`);
      expect(await gateway.sendBill(ctx, doc.name, doc.zip)).toMatchObject({ kind: 'exception', code: '0152' });
    });
  });

  it('getStatusCdr for a number SUNAT never saw: not-found', async () => {
    expect(await gateway.getStatusCdr(ctx, { ruc: BETA_RUC, tipo: '01', serie: 'F999', numero: 1 })).toMatchObject({
      kind: 'not-found',
      code: '0011',
    });
  });
});
