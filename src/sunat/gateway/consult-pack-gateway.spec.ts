import { strToU8, zipSync } from 'fflate';
import { documentIdOfName, readCdrZip } from '@/sunat/cdr/cdr-reader';
import { KeyAndCert } from '@/sunat/simulator/crypto/self-signed';
import { startSunatSimulator, SunatSimulator } from '@/sunat/simulator/sunat-simulator';
import { createTestCertificate, signedDocument, tamperedDocument, TestDocument } from '@/sunat/simulator/testing/test-documents';
import { CONSULT_STATUS } from './consult-status';
import { HttpSunatGateway } from './http-sunat-gateway';
import { TicketStatusResult } from './results';
import { BETA_RUC, betaContext } from './testing-context';

/** A lote: several documents in one zip, as sendPack takes them. */
const packZip = (docs: TestDocument[]): Buffer => Buffer.from(zipSync(Object.fromEntries(docs.map((d) => [`${d.name}.xml`, strToU8(d.xml)]))));

describe('HttpSunatGateway against the simulator: foreign CDRs, billConsultService getStatus, sendPack', () => {
  let sim: SunatSimulator;
  let key: KeyAndCert;
  let gateway: HttpSunatGateway;
  const ctx = betaContext();
  let seq = 0;
  const nextName = (tipo = '01', serie = 'F001') => `${BETA_RUC}-${tipo}-${serie}-${++seq}`;
  const ref = (name: string) => {
    const [ruc, tipo, serie, numero] = name.split('-');
    return { ruc, tipo, serie, numero: Number(numero) };
  };
  const idOf = documentIdOfName;
  /** Polls a ticket to its final answer (the simulator answers 98 `ticketPolls` times). */
  const finalStatus = async (ticket: string, expect?: string[]): Promise<TicketStatusResult> => {
    for (;;) {
      const status = await gateway.getStatus(ctx, ticket, { expect });
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

  describe("a CDR about another document is no answer (control action 'foreign-cdr')", () => {
    it('sendBill: unknown (foreign-cdr), never accepted; SUNAT registered the document, getStatusCdr gives its own CDR', async () => {
      const doc = signedDocument(key, nextName());
      sim.next({ operation: 'sendBill', action: 'foreign-cdr' });
      const result = await gateway.sendBill(ctx, doc.name, doc.zip);
      expect(result).toMatchObject({ kind: 'unknown', reason: 'foreign-cdr' });
      expect(result.kind === 'unknown' && result.message).toContain(idOf(doc.name));

      const recovered = await gateway.reconcileBill(ctx, doc.name);
      if (recovered.kind !== 'accepted') throw new Error(JSON.stringify(recovered));
      expect(recovered.cdr.documentId).toBe(idOf(doc.name));
    });

    it('sendBill with a named foreign reference, and getStatusCdr answering another document: both unknown', async () => {
      const doc = signedDocument(key, nextName());
      sim.next([
        { operation: 'sendBill', action: 'foreign-cdr', reference: 'F001-99999' },
        { operation: 'getStatusCdr', action: 'foreign-cdr' },
      ]);
      expect(await gateway.sendBill(ctx, doc.name, doc.zip)).toMatchObject({
        kind: 'unknown',
        reason: 'foreign-cdr',
        message: expect.stringContaining('F001-99999'),
      });
      expect(await gateway.getStatusCdr(ctx, ref(doc.name))).toMatchObject({ kind: 'unknown', reason: 'foreign-cdr' });
      // a later send of the same bytes gets SUNAT's stored CDR, about this document
      expect(await gateway.sendBill(ctx, doc.name, doc.zip)).toMatchObject({ kind: 'accepted', cdr: { documentId: idOf(doc.name) } });
    });

    it('ticket CDRs: checked against the documents the caller expects (RA id); without `expect` they are read as before', async () => {
      const invoice = signedDocument(key, nextName());
      await gateway.sendBill(ctx, invoice.name, invoice.zip);
      const ra = signedDocument(key, `${BETA_RUC}-RA-20240105-${++seq}`);
      const sent = await gateway.sendSummary(ctx, ra.name, ra.zip);
      if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
      expect(idOf(ra.name)).toMatch(/^RA-20240105-\d+$/);
      expect(await gateway.getStatus(ctx, sent.ticket)).toMatchObject({ kind: 'in-process' });
      sim.next({ operation: 'getStatus', action: 'foreign-cdr' });
      expect(await finalStatus(sent.ticket, [idOf(ra.name)])).toMatchObject({ kind: 'unknown', reason: 'foreign-cdr' });
      // asked again (the reconciliation of a ticket), the right CDR comes
      expect(await finalStatus(sent.ticket, [idOf(ra.name)])).toMatchObject({ kind: 'accepted', cdr: { documentId: idOf(ra.name) } });
    });

    it('GRE: getGuideStatus with `expect` refuses a CDR about another guide', async () => {
      const guide = signedDocument(key, nextName('09', 'T001'));
      const sent = await gateway.sendGuide(ctx, guide.name, guide.zip);
      if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
      const expect_ = { expect: [idOf(guide.name)] };
      expect(await gateway.getGuideStatus(ctx, sent.ticket, expect_)).toMatchObject({ kind: 'in-process' });
      sim.next({ operation: 'greStatus', action: 'foreign-cdr' });
      expect(await gateway.getGuideStatus(ctx, sent.ticket, expect_)).toMatchObject({ kind: 'unknown', reason: 'foreign-cdr' });
      expect(await gateway.getGuideStatus(ctx, sent.ticket, expect_)).toMatchObject({ kind: 'accepted', cdr: { documentId: idOf(guide.name) } });
    });
  });

  describe('billConsultService getStatus', () => {
    it('0001 accepted, 0002 rejected, 0003 voided by an accepted RA, 0011 never sent, with SUNAT messages', async () => {
      const accepted = signedDocument(key, nextName());
      const rejected = tamperedDocument(key, nextName());
      const voided = signedDocument(key, nextName());
      for (const doc of [accepted, rejected, voided]) await gateway.sendBill(ctx, doc.name, doc.zip);
      sim.state.documents.forEach((d) => {
        if (d.name === voided.name) d.voided = true;
      });
      const status = async (name: string) => gateway.getDocumentStatus(ctx, ref(name));
      expect(await status(accepted.name)).toMatchObject({ kind: 'status', code: '0001', state: 'accepted', message: CONSULT_STATUS['0001'] });
      expect(await status(rejected.name)).toMatchObject({ code: '0002', state: 'rejected', message: CONSULT_STATUS['0002'] });
      expect(await status(voided.name)).toMatchObject({ code: '0003', state: 'voided' });
      expect(await status(nextName())).toMatchObject({ code: '0011', state: 'not-found', message: CONSULT_STATUS['0011'] });
      expect(sim.state.requests.filter((r) => r.operation === 'consultStatus')).toHaveLength(4);
    });

    it.each([
      [{ ruc: '2000000000', tipo: '01', serie: 'F001', numero: 1 }, '0004'],
      [{ ruc: BETA_RUC, tipo: '1', serie: 'F001', numero: 1 }, '0005'],
      [{ ruc: BETA_RUC, tipo: '01', serie: 'F01', numero: 1 }, '0006'],
      [{ ruc: BETA_RUC, tipo: '01', serie: 'F001', numero: 0 }, '0007'],
      [{ ruc: BETA_RUC, tipo: '03', serie: 'B001', numero: 1 }, '0009'],
      [{ ruc: BETA_RUC, tipo: '07', serie: 'B001', numero: 1 }, '0010'],
      [{ ruc: '20100066603', tipo: '01', serie: 'F001', numero: 1 }, '0012'],
    ])('query %o: %s', async (query, code) => {
      expect(await gateway.getDocumentStatus(ctx, query)).toMatchObject({ kind: 'status', code, state: 'invalid-query' });
    });

    it('an empty clave SOL: exception 0102 (a SOAP fault)', async () => {
      expect(await gateway.getDocumentStatus(betaContext({ clave: '' }), ref(nextName()))).toMatchObject({ kind: 'exception', code: '0102' });
    });
  });

  describe('billService sendPack', () => {
    const packName = () => `${BETA_RUC}-LT-20240105-${++seq}`;

    it('a ticket whose CDR answers each document; every document is registered as if sent alone', async () => {
      const docs = [signedDocument(key, nextName()), tamperedDocument(key, nextName()), signedDocument(key, nextName())];
      const pack = packName();
      const sent = await gateway.sendPack(ctx, `${pack}.zip`, packZip(docs));
      if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
      expect(sim.state.requests.map((r) => r.operation)).toEqual(['sendPack']);

      const final = await finalStatus(
        sent.ticket,
        docs.map((d) => idOf(d.name)),
      );
      // one rejected document: the ticket ends 99 (processed with errors)
      if (final.kind !== 'rejected' || !final.cdr || !final.cdrZip) throw new Error(JSON.stringify(final));
      expect(final.code).toBe('99');
      expect(readCdrZip(final.cdrZip).fileName).toBe(`R-${pack}.xml`);
      expect(final.cdr.responses.map((r) => [r.documentId, r.responseCode])).toEqual([
        [idOf(docs[0].name), '0'],
        [idOf(docs[1].name), '2335'],
        [idOf(docs[2].name), '0'],
      ]);
      for (const [doc, code] of [
        [docs[0], '0001'],
        [docs[1], '0002'],
      ] as const) {
        expect(await gateway.getDocumentStatus(ctx, ref(doc.name))).toMatchObject({ code });
      }
      expect(await gateway.getStatusCdr(ctx, ref(docs[2].name))).toMatchObject({ kind: 'accepted', cdr: { documentId: idOf(docs[2].name) } });
    });

    it('all accepted: ticket 0; a document sent before keeps its answer; expecting other documents is no answer', async () => {
      const before = signedDocument(key, nextName());
      await gateway.sendBill(ctx, before.name, before.zip);
      const docs = [before, signedDocument(key, nextName())];
      const sent = await gateway.sendPack(ctx, packName(), packZip(docs));
      if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
      const ids = docs.map((d) => idOf(d.name));
      expect(await finalStatus(sent.ticket, [ids[0]])).toMatchObject({ kind: 'unknown', reason: 'foreign-cdr' });
      const final = await finalStatus(sent.ticket, ids);
      expect(final).toMatchObject({ kind: 'accepted', code: '0' });
      expect(final.kind === 'accepted' && final.cdr?.responses.map((r) => r.responseCode)).toEqual(['0', '0']);
    });

    it.each([
      ['a name that is not a lote', '0151', () => ({ name: nextName(), zip: packZip([signedDocument(key, nextName())]) })],
      [
        'documents of two tipos',
        '0151',
        () => ({ name: packName(), zip: packZip([signedDocument(key, nextName()), signedDocument(key, nextName('07', 'FC01'))]) }),
      ],
      ['a summary inside', '0151', () => ({ name: packName(), zip: packZip([signedDocument(key, `${BETA_RUC}-RC-20240105-${++seq}`)]) })],
      ["another RUC's document", '0154', () => ({ name: packName(), zip: packZip([signedDocument(key, `20100066603-01-F001-${++seq}`)]) })],
      ['an empty zip', '0157', () => ({ name: packName(), zip: Buffer.from(zipSync({})) })],
    ])('%s: exception %s, nothing registered', async (_what, code, build) => {
      const { name, zip } = build();
      expect(await gateway.sendPack(ctx, name, zip)).toMatchObject({ kind: 'exception', code });
      expect(sim.state.documents.size).toBe(0);
    });

    it('the same lote file name twice: 2223 (needs reconciliation, as sendSummary)', async () => {
      const name = packName();
      await gateway.sendPack(ctx, name, packZip([signedDocument(key, nextName())]));
      expect(await gateway.sendPack(ctx, name, packZip([signedDocument(key, nextName())]))).toMatchObject({ code: '2223' });
    });
  });
});
