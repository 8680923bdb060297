import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { describeCode } from '@/sunat/codes/return-codes';
import { buildCdrZip, CdrDocumentResponse } from './cdr/cdr-builder';
import { acceptedDescription } from './cdr/descriptions';
import { ControlAction } from './control/control-actions';
import { KeyAndCert } from './crypto/self-signed';
import { documentKey, ParsedName } from './documents/document-kinds';
import { inspectContent } from './documents/inspect-content';
import { Judgement, judgeDocument, JudgementContext } from './documents/sunat-judgement';
import { summaryLines, SummaryLineRef } from './documents/summary-lines';
import { PackSubmission } from './documents/inspect-pack';
import { Submission } from './documents/inspect-zip';
import { ResolvedOptions } from './options';
import { SimFault } from './sim-fault';
import { SimulatorState, Ticket } from './state';

interface Verdict {
  accepted: boolean;
  cdrZip: Buffer;
  code: string;
  description: string;
  /** serie-número or summary id, as the CDR names it. */
  referenceId?: string;
  notes?: string[];
  recipient?: string;
  issueDate?: string;
  /** RA: keys of the documents it voids. */
  voids?: string[];
}

/** Registers documents the way SUNAT does and produces their CDRs. */
export class DocumentProcessor {
  /** Summaries are judged one after another, in the order they came (an RA sees what the RA before it voided). */
  private judging: Promise<void> = Promise.resolve();

  constructor(
    private readonly state: SimulatorState,
    private readonly options: ResolvedOptions,
    private readonly key: KeyAndCert,
  ) {}

  /** sendBill: a CDR now. A resend of the same bytes gets the same CDR; other bytes get 1033 / 1032. */
  async bill(submission: Submission, control?: ControlAction): Promise<Buffer> {
    const sha256 = hash(submission.xml);
    const existing = this.state.documents.get(documentKey(submission.parsed));
    if (existing) {
      if (existing.sha256 === sha256) return existing.cdrZip;
      throw new SimFault(existing.accepted ? '1033' : '1032');
    }
    const verdict = await this.judge(submission, control);
    this.state.documents.set(documentKey(submission.parsed), {
      name: submission.parsed.name,
      sha256,
      accepted: verdict.accepted,
      cdrZip: verdict.cdrZip,
      code: verdict.code,
      description: verdict.description,
      issueDate: verdict.issueDate,
    });
    return verdict.cdrZip;
  }

  /**
   * sendPack: each document judged and registered as if sent alone (a document sent before with the same bytes
   * keeps its answer; other bytes 1033/1032; an exception 0100-1999 leaves it unregistered); one ticket whose CDR
   * carries a DocumentResponse per document, in the zip's order, and their notes suffixed with the document's id.
   * The ticket ends '0' when every document was accepted, '99' otherwise.
   */
  async pack(pack: PackSubmission, control?: ControlAction): Promise<string> {
    if (this.state.summaries.has(pack.name)) throw new SimFault('2223');
    const responses: CdrDocumentResponse[] = [];
    const notes: string[] = [];
    for (const submission of pack.documents) {
      const id = `${submission.parsed.serie}-${Number(submission.parsed.numero)}`;
      const key = documentKey(submission.parsed);
      const existing = this.state.documents.get(key);
      const sha256 = hash(submission.xml);
      if (existing) {
        const code = existing.sha256 === sha256 ? (existing.code ?? (existing.accepted ? '0' : '2000')) : existing.accepted ? '1033' : '1032';
        const description = existing.sha256 === sha256 ? (existing.description ?? describeCode(code).descripcion) : describeCode(code).descripcion;
        responses.push({ referenceId: id, responseCode: code, description });
        continue;
      }
      let verdict: Verdict;
      try {
        verdict = await this.judge(submission, control);
      } catch (error) {
        if (!(error instanceof SimFault)) throw error;
        responses.push({ referenceId: id, responseCode: error.code, description: error.message });
        continue;
      }
      this.state.documents.set(key, {
        name: submission.parsed.name,
        sha256,
        accepted: verdict.accepted,
        cdrZip: verdict.cdrZip,
        code: verdict.code,
        description: verdict.description,
        issueDate: verdict.issueDate,
      });
      responses.push({ referenceId: verdict.referenceId ?? id, responseCode: verdict.code, description: verdict.description, recipient: verdict.recipient });
      notes.push(...(verdict.notes ?? []).map((note) => `${note} (${verdict.referenceId ?? id})`));
    }
    this.state.summaries.add(pack.name);
    const allAccepted = responses.every((r) => r.responseCode === '0' || Number(r.responseCode) >= 4000);
    const [first, ...more] = responses;
    const cdrZip = buildCdrZip({ ...first, name: pack.name, more, notes, senderRuc: pack.ruc, style: this.options.cdrStyle }, this.key);
    const ticket = this.state.nextSoapTicket();
    this.state.tickets.set(ticket, { ticket, name: pack.name, pollsLeft: this.options.ticketPolls, finalCode: allAccepted ? '0' : '99', cdrZip });
    return ticket;
  }

  /**
   * sendSummary: the file name is checked now (presented once: 2223) and the ticket answered at once; the file
   * itself (XSD, signature, SUNAT's rules, an RA's targets) is judged while the ticket is in process, in the order
   * the files came, as SUNAT does. The verdict (accepted, or the code with its CDR) comes from getStatus.
   */
  async summary(submission: Submission, control?: ControlAction): Promise<string> {
    const { name } = submission.parsed;
    if (this.state.summaries.has(name)) throw new SimFault('2223');
    this.state.summaries.add(name);
    const lines = submission.parsed.tipo === 'RC' ? summaryLines(submission.parsed.ruc, submission.xml) : [];
    for (const line of lines) {
      const known = this.state.summarized.get(line.key) ?? { key: line.key, summaries: [] };
      known.summaries.push(name);
      this.state.summarized.set(line.key, known);
    }
    const ticket: Ticket = { ticket: this.state.nextSoapTicket(), name, pollsLeft: this.options.ticketPolls, finalCode: '99', cdrZip: Buffer.alloc(0) };
    ticket.judging = this.judging = this.judging
      // after the ticket's answer is on its way (the judgement holds the event loop for seconds on a big file)
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => this.judgeSummary(submission, ticket, lines, control))
      .catch(() => {
        ticket.judging = undefined; // never blocks the summaries behind it
      });
    this.state.tickets.set(ticket.ticket, ticket);
    return ticket.ticket;
  }

  /** Resolves once every summary received so far has been judged (what the validity service waits for). */
  settled(): Promise<void> {
    return this.judging;
  }

  private async judgeSummary(submission: Submission, ticket: Ticket, lines: SummaryLineRef[], control?: ControlAction): Promise<void> {
    let verdict: Pick<Verdict, 'accepted' | 'cdrZip' | 'voids'>;
    try {
      verdict = await this.judge(submission, control);
    } catch (error) {
      // an exception found while processing (0306 XSD, 1034-1036, 1059...) ends the ticket in 99 with its exception CDR
      const code = error instanceof SimFault ? error.code : '0100';
      const description = error instanceof SimFault ? error.message : `El sistema no puede responder su solicitud: ${(error as Error).message}`;
      const { parsed } = submission;
      const cdrZip = buildCdrZip(
        {
          name: parsed.name,
          referenceId: `${parsed.tipo}-${parsed.serie}-${Number(parsed.numero)}`,
          responseCode: code,
          description,
          senderRuc: parsed.ruc,
          style: this.options.cdrStyle,
        },
        this.key,
      );
      verdict = { accepted: false, cdrZip };
    }
    if (verdict.accepted) {
      for (const key of verdict.voids ?? []) {
        const voided = this.state.documents.get(key);
        if (voided) voided.voided = true;
      }
      // an accepted RC registers its boletas (and their notes): status 3 voids them, 1 and 2 leave them accepted
      for (const line of lines) {
        const known = this.state.summarized.get(line.key);
        if (!known) continue;
        known.state = line.condition === '3' ? 'voided' : 'accepted';
        known.issueDate = line.issueDate;
      }
    }
    ticket.finalCode = verdict.accepted ? '0' : '99';
    ticket.cdrZip = verdict.cdrZip;
    ticket.judging = undefined;
  }

  /** GRE send: a UUID ticket; the CDR (with its QR URL) comes with the ticket's final answer. */
  async guide(submission: Submission, control?: ControlAction): Promise<string> {
    const sha256 = hash(submission.xml);
    const existing = this.state.documents.get(documentKey(submission.parsed));
    if (existing && existing.sha256 !== sha256) throw new SimFault(existing.accepted ? '1033' : '1032');
    const verdict = existing ? { accepted: existing.accepted, cdrZip: existing.cdrZip, code: '', description: '' } : await this.judge(submission, control);
    if (!existing) {
      this.state.documents.set(documentKey(submission.parsed), { name: submission.parsed.name, sha256, accepted: verdict.accepted, cdrZip: verdict.cdrZip });
    }
    const ticket = randomUUID();
    this.state.tickets.set(ticket, {
      ticket,
      name: submission.parsed.name,
      pollsLeft: this.options.ticketPolls,
      finalCode: verdict.accepted ? '0' : '99',
      cdrZip: verdict.cdrZip,
      error: verdict.accepted ? undefined : { numError: verdict.code, desError: verdict.description },
    });
    return ticket;
  }

  /**
   * A CDR about another document than `parsed` (control action 'foreign-cdr'): accepted, signed like any other,
   * for `reference` or, by default, the same serie (or summary date) with the next número.
   */
  foreignCdr(parsed: Pick<ParsedName, 'ruc' | 'tipo' | 'serie' | 'numero'>, reference?: string): Buffer {
    const summary = parsed.tipo === 'RC' || parsed.tipo === 'RA';
    const next = Number(parsed.numero) + 1;
    const id = reference ?? (summary ? `${parsed.tipo}-${parsed.serie}-${next}` : `${parsed.serie}-${next}`);
    return buildCdrZip(
      {
        name: `${parsed.ruc}-${summary ? '' : `${parsed.tipo}-`}${id}`,
        referenceId: id,
        responseCode: '0',
        description: acceptedDescription(parsed.tipo, id),
        senderRuc: parsed.ruc,
        style: this.options.cdrStyle,
      },
      this.key,
    );
  }

  private async judge(submission: Submission, control?: ControlAction): Promise<Verdict> {
    const { parsed, xml } = submission;
    const content = await inspectContent(parsed, xml, this.options.xsdDir);
    const forced = control?.action === 'reject' ? { code: control.code, detail: control.message } : undefined;
    // SUNAT's rules (and what no XSL checks) on a readable, signed document; a forced answer skips them
    const judgement: Judgement =
      !forced && !content.rejection && this.options.rules ? await judgeDocument(parsed, xml, this.judgementContext()) : { notes: [], voids: [] };
    const rejection = forced ?? content.rejection ?? judgement.rejection;
    const notes = [
      ...(rejection ? [] : judgement.notes),
      ...(control?.action === 'observe' ? control.notes.map((code) => `${code} - ${describeCode(code).descripcion}`) : []),
    ];
    const code = rejection ? rejection.code : '0';
    const description = rejection
      ? rejection.detail && forced
        ? rejection.detail
        : describeCode(rejection.code).descripcion
      : acceptedDescription(parsed.tipo, content.id);
    const cdrZip = buildCdrZip(
      {
        name: parsed.name,
        referenceId: content.id,
        responseCode: code,
        description,
        notes,
        senderRuc: parsed.ruc,
        recipient: content.recipient,
        documentHash: digestValueOf(xml),
        style: this.options.cdrStyle,
        qrUrl:
          parsed.tipo === '09' && !rejection
            ? `https://e-factura.sunat.gob.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=${randomBytes(24).toString('base64url')}`
            : undefined,
      },
      this.key,
    );
    return {
      accepted: !rejection,
      cdrZip,
      code,
      description,
      referenceId: content.id,
      notes,
      recipient: content.recipient,
      issueDate: judgement.issueDate,
      voids: judgement.voids,
    };
  }

  private judgementContext(): JudgementContext {
    return {
      today: this.options.today ?? limaToday(),
      lookup: (key) => this.state.documents.get(key),
      certificateOf: (ruc) => this.state.certificates.get(ruc),
    };
  }
}

/** Today in Lima (UTC-5, no daylight saving). */
function limaToday(): string {
  return new Date(Date.now() - 5 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The document's own DigestValue (its hash_cpe), as an OSE-format CDR repeats it. */
function digestValueOf(xml: Buffer): string | undefined {
  return /<(?:[A-Za-z][\w.-]*:)?DigestValue[^>]*>\s*([^<\s]+)\s*</.exec(xml.toString('utf8'))?.[1];
}

function hash(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
