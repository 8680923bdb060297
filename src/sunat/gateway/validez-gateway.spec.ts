import { readCdrZip } from '@/sunat/cdr/cdr-reader';
import { KeyAndCert } from '@/sunat/simulator/crypto/self-signed';
import { signXml } from '@/sunat/simulator/crypto/xml-signature';
import { startSunatSimulator, SunatSimulator } from '@/sunat/simulator/sunat-simulator';
import { createTestCertificate, signedDocument, TestDocument, unsignedXml } from '@/sunat/simulator/testing/test-documents';
import { zipDocument } from '@/sunat/zip/zip';
import { sentDocumentOf } from '@/sunat/nest/sent-document';
import { HttpSunatGateway } from './http-sunat-gateway';
import { TicketStatusResult, ValidityQuery } from './results';
import { BETA_RUC, betaContext } from './testing-context';

/** An RC reporting `lines` (serie-número and status), signed with the test key. */
function summaryWith(key: KeyAndCert, name: string, lines: Array<{ id: string; status: '1' | '2' | '3' }>): TestDocument {
  const body = lines
    .map(
      (l, i) =>
        `<sac:SummaryDocumentsLine><cbc:LineID>${i + 1}</cbc:LineID><cbc:DocumentTypeCode>03</cbc:DocumentTypeCode><cbc:ID>${l.id}</cbc:ID>` +
        `<cac:Status><cbc:ConditionCode>${l.status}</cbc:ConditionCode></cac:Status></sac:SummaryDocumentsLine>`,
    )
    .join('');
  const unsigned = unsignedXml(name).replace('</SummaryDocuments>', `<cbc:ReferenceDate>2024-01-05</cbc:ReferenceDate>${body}</SummaryDocuments>`);
  const xml = signXml(unsigned, key, { signatureId: 'SignIMM' });
  return { name, xml, zip: zipDocument(name, xml) };
}

describe('The CPE validity check (Consulta Integrada) and the CDR of what was sent, against the simulator over HTTP', () => {
  let sim: SunatSimulator;
  let key: KeyAndCert;
  let gateway: HttpSunatGateway;
  const ctx = betaContext();
  let seq = 0;
  const query = (tipo: string, serie: string, numero: number): ValidityQuery => ({ ruc: BETA_RUC, tipo, serie, numero, fechaEmision: '2024-01-05' });
  const finalStatus = async (ticket: string): Promise<TicketStatusResult> => {
    for (;;) {
      const status = await gateway.getStatus(ctx, ticket);
      if (status.kind !== 'in-process') return status;
    }
  };

  beforeAll(async () => {
    // protocol tests: the documents are intentionally partial (no rules, no XSD)
    sim = await startSunatSimulator({ port: 0, ticketPolls: 1, xsdDir: false, rules: false });
    key = createTestCertificate();
    gateway = new HttpSunatGateway({ endpoints: sim.endpoints, transport: { timeoutMs: 5_000, connectRetries: 1, retryBackoffMs: 10 } });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('a factura sent alone is 1 (accepted), a number never sent is 0; the token is asked once for both queries', async () => {
    const doc = signedDocument(key, `${BETA_RUC}-01-F001-${++seq}`);
    expect(await gateway.sendBill(ctx, doc.name, doc.zip)).toMatchObject({ kind: 'accepted' });
    expect(await gateway.checkValidity(ctx, query('01', 'F001', seq))).toMatchObject({ kind: 'validity', estadoCp: '1', state: 'accepted' });
    expect(await gateway.checkValidity(ctx, query('01', 'F001', 999_999))).toMatchObject({ kind: 'validity', estadoCp: '0', state: 'not-found' });
    const ops = sim.state.requests.map((r) => r.operation);
    expect(ops.filter((o) => o === 'validezToken')).toHaveLength(1);
    expect(ops.filter((o) => o === 'validez')).toHaveLength(2);
  });

  it('boletas in an accepted RC are 1, a status-3 line voids one (2); the answer waits for a summary still being judged', async () => {
    const first = summaryWith(key, `${BETA_RUC}-RC-20240105-${++seq}`, [
      { id: 'B001-1', status: '1' },
      { id: 'B001-2', status: '1' },
    ]);
    const sent = await gateway.sendSummary(ctx, first.name, first.zip);
    if (sent.kind !== 'ticket') throw new Error(sent.kind);
    // no getStatus yet: the check itself waits for the judgement
    expect(await gateway.checkValidity(ctx, query('03', 'B001', 1))).toMatchObject({ estadoCp: '1' });
    const voiding = summaryWith(key, `${BETA_RUC}-RC-20240105-${++seq}`, [{ id: 'B001-2', status: '3' }]);
    expect(await gateway.sendSummary(ctx, voiding.name, voiding.zip)).toMatchObject({ kind: 'ticket' });
    expect(await gateway.checkValidity(ctx, query('03', 'B001', 2))).toMatchObject({ estadoCp: '2', state: 'voided' });
    expect(await gateway.checkValidity(ctx, query('03', 'B001', 3))).toMatchObject({ estadoCp: '0' });
    expect(sim.state.snapshot().summarized).toEqual([
      { key: `${BETA_RUC}-03-B001-1`, summaries: [first.name], state: 'accepted' },
      { key: `${BETA_RUC}-03-B001-2`, summaries: [first.name, voiding.name], state: 'voided' },
    ]);
  });

  it('an RC file name presented again is 2223 (needs reconciliation) and is not counted as a second summary of its boletas', async () => {
    const rc = summaryWith(key, `${BETA_RUC}-RC-20240105-${++seq}`, [{ id: 'B002-1', status: '1' }]);
    sim.next({ operation: 'sendSummary', action: 'reset' });
    expect(await gateway.sendSummary(ctx, rc.name, rc.zip)).toMatchObject({ kind: 'unknown' });
    expect(await gateway.sendSummary(ctx, rc.name, rc.zip)).toMatchObject({ kind: 'needs-reconciliation', code: '2223' });
    expect(sim.state.snapshot().summarized).toEqual([{ key: `${BETA_RUC}-03-B002-1`, summaries: [rc.name], state: 'accepted' }]);
  });

  it('a rejected summary registers nothing: its boletas stay 0', async () => {
    const rc = summaryWith(key, `${BETA_RUC}-RC-20240105-${++seq}`, [{ id: 'B003-1', status: '1' }]);
    sim.next({ operation: 'sendSummary', action: 'reject', code: '2072' });
    const sent = await gateway.sendSummary(ctx, rc.name, rc.zip);
    if (sent.kind !== 'ticket') throw new Error(sent.kind);
    expect(await finalStatus(sent.ticket)).toMatchObject({ kind: 'rejected' });
    expect(await gateway.checkValidity(ctx, query('03', 'B003', 1))).toMatchObject({ estadoCp: '0' });
  });

  it('refusals: a bad query is an exception with its reason; an unknown API client cannot get a token; no client at all is said so', async () => {
    expect(await gateway.checkValidity(ctx, query('03', 'B001', 0))).toMatchObject({ kind: 'exception', source: 'validez' });
    const stranger = { ...ctx, gre: { clientId: 'otro', clientSecret: 'x' } };
    expect(await gateway.checkValidity(stranger, query('03', 'B001', 1))).toMatchObject({ kind: 'exception', source: 'oauth', code: 'invalid_client' });
    expect(await gateway.checkValidity({ ...ctx, gre: undefined }, query('03', 'B001', 1))).toMatchObject({ kind: 'exception', code: 'sin-credenciales' });
  });

  it('a lost answer (HTTP 503) is unknown, never a state', async () => {
    sim.next({ operation: 'validez', action: 'http', status: 503 });
    expect(await gateway.checkValidity(ctx, query('03', 'B001', 1))).toMatchObject({ kind: 'unknown' });
  });

  describe('a CDR that names the same serie-número but repeats another hash or customer is not about what was sent', () => {
    it("the simulator's CDR repeats the document's DigestValue", async () => {
      const doc = signedDocument(key, `${BETA_RUC}-01-F001-${++seq}`);
      const sent = await gateway.sendBill(ctx, doc.name, doc.zip, { sent: sentDocumentOf(doc.xml) });
      if (sent.kind !== 'accepted') throw new Error(sent.kind);
      expect(readCdrZip(sent.cdrZip).cdr.documentHash).toBe(sentDocumentOf(doc.xml).hash);
    });

    it('beta: the same serie-número from another company (other bytes) gets 1033, and getStatusCdr answers with the first one: foreign', async () => {
      const name = `${BETA_RUC}-01-F001-${++seq}`;
      const mine = signedDocument(key, name, 'EMPRESA A');
      const theirs = signedDocument(key, name, 'EMPRESA B');
      expect(await gateway.sendBill(ctx, mine.name, mine.zip)).toMatchObject({ kind: 'accepted' });
      expect(await gateway.sendBill(ctx, theirs.name, theirs.zip, { sent: sentDocumentOf(theirs.xml) })).toMatchObject({
        kind: 'needs-reconciliation',
        code: '1033',
      });
      const recovered = await gateway.reconcileBill(ctx, theirs.name, { sent: sentDocumentOf(theirs.xml) });
      expect(recovered).toMatchObject({ kind: 'unknown', reason: 'foreign-cdr' });
      expect(recovered.kind === 'unknown' && recovered.message).toMatch(/hash/);
      // the first company's own check takes it
      expect(await gateway.reconcileBill(ctx, mine.name, { sent: sentDocumentOf(mine.xml) })).toMatchObject({ kind: 'accepted' });
      // without what was sent, only the serie-número is compared (as before)
      expect(await gateway.reconcileBill(ctx, theirs.name)).toMatchObject({ kind: 'accepted' });
    });
  });
});
