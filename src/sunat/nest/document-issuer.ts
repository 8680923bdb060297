import { Inject, Injectable } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { sunatConfig } from '@/config/sunat.config';
import { documentIdOfName } from '../cdr/cdr-reader';
import { SunatContext } from '../gateway/credentials';
import { BillResult, RawAnswer, TicketSendResult, TicketStatusResult, ValidityQuery, ValidityQueryResult } from '../gateway/results';
import { ReconcileResult, SunatGateway } from '../gateway/sunat-gateway';
import { SigningCredentials } from '../signing/signing-credentials';
import { signXml } from '../signing/xml-signer';
import { DocumentStorage, StorageTransaction } from '../storage/document-storage';
import { zipDocument } from '../zip/zip';
import { TIPOS, type SunatRulesTipo } from '../validation';
import { sentDocumentOf } from './sent-document';
import { storageKeys } from './storage-keys';
import { SunatRulesCheck } from './sunat-rules-check';

export interface IssuedDocument {
  /** File name as SPEC.md shows it: '{RUC}-07-FC01-1.xml'. */
  nombre_xml: string;
  /** Storage key of the signed XML. */
  xml_key: string;
  /** DigestValue of the signature (hash_cpe). */
  hash: string;
  /** Observations (4000+) of SUNAT's rules on the signed document: 'codigo - mensaje'. */
  observaciones: string[];
}

export type MissingXml = { kind: 'missing-xml' };

/**
 * The issuing facade: sign a built document and store it; later send it, keeping SUNAT's raw answer
 * before parsing and the CDR zip once one arrives. Resource modules map their entities to the XML.
 */
@Injectable()
export class DocumentIssuer {
  constructor(
    private readonly storage: DocumentStorage,
    private readonly gateway: SunatGateway,
    private readonly rules: SunatRulesCheck,
    @Inject(sunatConfig.KEY) private readonly config: ConfigType<typeof sunatConfig>,
  ) {}

  /** `tx`: the transaction of the document's record, in which a database storage writes the signed XML. */
  async issue(empresaId: number, name: string, xml: string, credentials: SigningCredentials, tx?: StorageTransaction): Promise<IssuedDocument> {
    return (await this.issueWhile(empresaId, name, xml, credentials, tx, async () => undefined)).issued;
  }

  /**
   * Signs at once, then runs SUNAT's rules before SUNAT (in their worker) at the same time as `writes`, the record's
   * own statements (issue 21: a create holds its series lock meanwhile), and stores the XML in `tx`. Nothing is
   * committed by this: the caller's transaction commits only when both succeeded; a rules error is a 422 (the
   * record's writes roll back with the transaction). A failure of `writes` wins over the rules'.
   */
  async issueWhile<T>(
    empresaId: number,
    name: string,
    xml: string,
    credentials: SigningCredentials,
    tx: StorageTransaction | undefined,
    writes: (signed: { hash: string; nombre_xml: string }) => Promise<T>,
  ): Promise<{ issued: IssuedDocument; written: T }> {
    const signed = signXml(xml, credentials, { algorithm: this.config.signatureAlgorithm });
    const key = storageKeys.xml(empresaId, name);
    const nombre_xml = `${name}.xml`;
    // A storage outside the caller's transaction (files, S3, or no transaction given) is written only once the rules
    // passed, so a refused document leaves nothing behind; the database storage writes beside the record and rolls
    // back with it.
    const beside = this.storage.transactional && tx !== undefined;
    // allSettled attaches both handlers at once: a rules rejection while the writes still run is never "unhandled"
    const [rules, written] = await Promise.allSettled([
      this.rules.check(tipoOf(name), signed.xml, nombre_xml),
      (async () => {
        const result = await writes({ hash: signed.digestValue, nombre_xml });
        if (beside) await this.storage.put(key, signed.xml, tx);
        return result;
      })(),
    ]);
    if (written.status === 'rejected') throw written.reason;
    if (rules.status === 'rejected') throw rules.reason;
    if (!beside) await this.storage.put(key, signed.xml, tx);
    return { issued: { nombre_xml, xml_key: key, hash: signed.digestValue, observaciones: rules.value }, written: written.value };
  }

  readXml(empresaId: number, name: string): Promise<Buffer | null> {
    return this.storage.get(storageKeys.xml(empresaId, name));
  }

  readCdr(empresaId: number, name: string): Promise<Buffer | null> {
    return this.storage.get(storageKeys.cdr(empresaId, name));
  }

  /**
   * sendBill; when the answer is lost or SUNAT says it already has the document, asks getStatusCdr
   * instead of sending again. The CDR zip is stored under R-{name}.zip. A CDR is taken only when it is about what
   * was sent (its serie-número, and its hash and customer when the CDR repeats them): another company's CDR for the
   * same serie-número (SUNAT's beta) is 'unknown' / 'foreign-cdr'.
   */
  async sendBill(ctx: SunatContext, empresaId: number, name: string): Promise<BillResult | MissingXml> {
    const xml = await this.readXml(empresaId, name);
    if (!xml) return { kind: 'missing-xml' };
    const options = { onRawAnswer: (raw: RawAnswer) => this.keepRaw(empresaId, name, raw), sent: sentDocumentOf(xml) };
    let result: BillResult = await this.gateway.sendBill(ctx, `${name}.zip`, zipDocument(name, xml), options);
    if (result.kind === 'unknown' || result.kind === 'needs-reconciliation') {
      const recovered = await this.gateway.reconcileBill(ctx, name, options);
      // a CDR about another document is reported as such (the caller flags the record), never taken
      if (recovered.kind === 'accepted' || recovered.kind === 'rejected' || (recovered.kind === 'unknown' && recovered.reason === 'foreign-cdr')) {
        result = recovered;
      }
    }
    if (result.kind === 'accepted' || result.kind === 'rejected') await this.storage.put(storageKeys.cdr(empresaId, name), result.cdrZip);
    return result;
  }

  /**
   * After a send whose outcome is unknown (its process died): SUNAT's CDR for the document (getStatusCdr), stored
   * like sendBill's; 'not-found' when SUNAT never registered it; 'unknown' / 'foreign-cdr' when the CDR is not
   * about what we sent (another serie-número, hash or customer): never stored, never taken.
   */
  async recoverBill(ctx: SunatContext, empresaId: number, name: string): Promise<ReconcileResult> {
    const xml = await this.readXml(empresaId, name);
    const result = await this.gateway.reconcileBill(ctx, name, {
      onRawAnswer: (raw: RawAnswer) => this.keepRaw(empresaId, name, raw),
      ...(xml ? { sent: sentDocumentOf(xml) } : {}),
    });
    if (result.kind === 'accepted' || result.kind === 'rejected') await this.storage.put(storageKeys.cdr(empresaId, name), result.cdrZip);
    return result;
  }

  /** RC / RA: sendSummary of an already issued XML; the ticket is the caller's to keep. */
  async sendSummary(ctx: SunatContext, empresaId: number, name: string): Promise<TicketSendResult | MissingXml> {
    const xml = await this.readXml(empresaId, name);
    if (!xml) return { kind: 'missing-xml' };
    return this.gateway.sendSummary(ctx, `${name}.zip`, zipDocument(name, xml), {
      onRawAnswer: (raw) => this.keepRaw(empresaId, name, raw),
    });
  }

  /** The validity check of one document (Consulta Integrada): how SUNAT holds it now. */
  checkValidity(ctx: SunatContext, empresaId: number, query: ValidityQuery): Promise<ValidityQueryResult> {
    const name = `${query.ruc}-${query.tipo}-${query.serie}-${query.numero}`;
    return this.gateway.checkValidity(ctx, query, { onRawAnswer: (raw: RawAnswer) => this.keepRaw(empresaId, name, raw) });
  }

  /** GRE upload of an issued guide. */
  async sendGuide(ctx: SunatContext, empresaId: number, name: string): Promise<TicketSendResult | MissingXml> {
    const xml = await this.readXml(empresaId, name);
    if (!xml) return { kind: 'missing-xml' };
    return this.gateway.sendGuide(ctx, name, zipDocument(name, xml), { onRawAnswer: (raw) => this.keepRaw(empresaId, name, raw) });
  }

  /**
   * Ticket status (SOAP for RC/RA, REST for guides); a final CDR is stored under `cdrName`. The CDR must be
   * about the document sent (`sentName`: the guide, the RC/RA file; `sentHash`: its hash_cpe, when the CDR
   * repeats a hash): a CDR about another one is no answer.
   */
  async ticketStatus(
    ctx: SunatContext,
    empresaId: number,
    ticket: string,
    channel: 'soap' | 'gre',
    cdrName: string,
    sentName: string = cdrName,
    sentHash?: string | null,
  ): Promise<TicketStatusResult> {
    const expect = [documentIdOfName(sentName)];
    const options = {
      onRawAnswer: (raw: RawAnswer) => this.keepRaw(empresaId, `ticket-${safe(ticket)}`, raw),
      expect,
      ...(sentHash ? { sent: { hash: sentHash } } : {}),
    };
    const result = channel === 'soap' ? await this.gateway.getStatus(ctx, ticket, options) : await this.gateway.getGuideStatus(ctx, ticket, options);
    if ((result.kind === 'accepted' || result.kind === 'rejected') && result.cdrZip) {
      await this.storage.put(storageKeys.cdr(empresaId, cdrName), result.cdrZip);
    }
    return result;
  }

  /** SUNAT's last raw answer per document and operation (overwritten, at most RAW_LIMIT characters). */
  private async keepRaw(empresaId: number, name: string, raw: RawAnswer): Promise<void> {
    const body = raw.body.length > RAW_LIMIT ? `${raw.body.slice(0, RAW_LIMIT)}\n[... ${raw.body.length - RAW_LIMIT} more characters]` : raw.body;
    await this.storage.put(storageKeys.raw(empresaId, `${name}-${raw.operation}`), `HTTP ${raw.httpStatus}\n${body}`);
  }
}

/** A raw answer is kept for diagnosis; CDR zips are stored apart, so 64 KiB of text is plenty. */
const RAW_LIMIT = 64 * 1024;

/** '20000000001-01-F001-1' -> '01'; '20000000001-RA-20240101-1' -> 'RA'. */
function tipoOf(name: string): SunatRulesTipo {
  const tipo = name.split('-')[1];
  if (!(TIPOS as string[]).includes(tipo)) throw new Error(`Tipo de documento desconocido en ${name}`);
  return tipo as SunatRulesTipo;
}

const safe = (ticket: string) => ticket.replace(/[^0-9A-Za-z-]/g, '');
