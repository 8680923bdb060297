import { xmlEntries } from '@/sunat/zip/zip';
import { Cdr, CdrNote, CdrOutcome, CdrResponse } from './cdr-types';
import { nodes, parseXml, text, texts } from './safe-xml';

export class CdrParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CdrParseError';
  }
}

/**
 * 0 accepted; >= 4000 accepted with observations; 2000-3999 rejected; 0100-1999 exception.
 * A 0 with notes is also "with observations": that is how SUNAT reports them today.
 */
export function cdrOutcome(responseCode: string, notes: CdrNote[] = []): CdrOutcome {
  const n = Number(responseCode);
  if (!/^\d+$/.test(responseCode.trim())) return 'exception';
  if (n === 0) return notes.length > 0 ? 'accepted-with-observations' : 'accepted';
  if (n >= 4000) return 'accepted-with-observations';
  if (n >= 2000) return 'rejected';
  return 'exception';
}

function parseNote(raw: string): CdrNote {
  const match = /^(\d{1,4})\s*-\s*([\s\S]*)$/.exec(raw);
  return match ? { code: match[1].padStart(4, '0'), message: match[2].trim() } : { message: raw };
}

const DOCUMENT_HASH = 'DocumentReference/Attachment/ExternalReference/DocumentHash';

export function readCdr(xml: string | Buffer | Uint8Array): Cdr {
  const doc = parseXml(xml);
  const root = doc.documentElement;
  if (root.localName !== 'ApplicationResponse') {
    throw new CdrParseError(`No es un CDR: raíz '${root.localName}'`);
  }
  const responseCode = text(root, 'DocumentResponse/Response/ResponseCode');
  if (responseCode === undefined) throw new CdrParseError('CDR sin ResponseCode');
  const notes = texts(root, 'Note').map(parseNote);
  const outcome = cdrOutcome(responseCode, notes);
  return {
    id: text(root, 'ID'),
    issueDate: text(root, 'IssueDate'),
    issueTime: text(root, 'IssueTime'),
    responseDate: text(root, 'ResponseDate'),
    responseTime: text(root, 'ResponseTime'),
    referenceId: text(root, 'DocumentResponse/Response/ReferenceID'),
    responseCode,
    description: text(root, 'DocumentResponse/Response/Description') ?? '',
    notes,
    documentId: text(root, 'DocumentResponse/DocumentReference/ID'),
    responses: nodes(root, 'DocumentResponse').map((node): CdrResponse => ({
      referenceId: text(node, 'Response/ReferenceID'),
      documentId: text(node, 'DocumentReference/ID'),
      responseCode: text(node, 'Response/ResponseCode'),
      description: text(node, 'Response/Description'),
      documentHash: text(node, DOCUMENT_HASH),
      recipientId: text(node, 'RecipientParty/PartyIdentification/ID'),
    })),
    documentDescription: text(root, 'DocumentResponse/DocumentReference/DocumentDescription'),
    recipientId: text(root, 'DocumentResponse/RecipientParty/PartyIdentification/ID'),
    documentHash: text(root, `DocumentResponse/${DOCUMENT_HASH}`),
    outcome,
    accepted: outcome === 'accepted' || outcome === 'accepted-with-observations',
  };
}

/** 'F001-00000001' and 'f001-1' are F001-1; 'RA-20171001-01' is RA-20171001-1. */
export function normalizeDocumentId(id: string): string {
  const parts = id.trim().toUpperCase().split('-');
  const last = parts.length > 1 ? parts[parts.length - 1] : '';
  if (/^\d+$/.test(last)) parts[parts.length - 1] = String(Number(last));
  return parts.join('-');
}

/** '20000000001-01-F001-1' -> 'F001-1'; '20000000001-RA-20240101-1' -> 'RA-20240101-1' (what a CDR names). */
export function documentIdOfName(name: string): string {
  const base = name.replace(/^.*\//, '').replace(/\.(zip|xml)$/i, '');
  const doc = /^\d{11}-\d{2}-([A-Z0-9]{4}-\d+)$/i.exec(base);
  if (doc) return doc[1];
  const summary = /^\d{11}-((?:RC|RA|RR)-\d{8}-\d+)$/i.exec(base);
  return summary ? summary[1] : base;
}

/**
 * Whether a CDR answers about exactly these documents (serie-número or summary id): every
 * DocumentResponse names one of them in its ReferenceID and DocumentReference/ID (each present one must
 * agree; a minimal exception CDR has only the ReferenceID), and every expected document is answered.
 */
export function cdrRefersTo(cdr: Pick<Cdr, 'responses'>, expectedIds: string[]): boolean {
  const expected = new Set(expectedIds.map(normalizeDocumentId));
  if (!expected.size || !cdr.responses.length) return false;
  const answered = new Set<string>();
  for (const response of cdr.responses) {
    const ids = [response.referenceId, response.documentId].filter((id): id is string => !!id).map(normalizeDocumentId);
    if (!ids.length || ids.some((id) => id !== ids[0]) || !expected.has(ids[0])) return false;
    answered.add(ids[0]);
  }
  return answered.size === expected.size;
}

/** What was sent, as far as a CDR can repeat it: the signature's DigestValue (hash_cpe) and the customer's document number (without its scheme). */
export interface SentDocument {
  hash?: string;
  recipient?: string;
}

/**
 * Why a CDR that names the right serie-número is still not about the document sent (undefined when nothing
 * contradicts it): its DocumentHash is another document's, or its RecipientParty is another customer. In SUNAT's
 * beta every company files as 20000000001, so another company's F001-1 has the same ID and only these tell them
 * apart. A CDR without them (SUNAT's own billService CDRs carry no DocumentHash) is judged by its ID alone.
 */
export function cdrMismatch(cdr: Pick<Cdr, 'responses'>, sent: SentDocument): string | undefined {
  const [response] = cdr.responses;
  if (!response || cdr.responses.length !== 1) return undefined;
  if (sent.hash && response.documentHash && response.documentHash.trim() !== sent.hash.trim()) {
    return `hash ${response.documentHash.trim()}, se envió ${sent.hash.trim()}`;
  }
  const theirs = response.recipientId?.trim().toUpperCase() ?? '';
  const ours = sent.recipient?.trim().toUpperCase() ?? '';
  // the CDR writes '{schemeID}-{number}' ('6-20100066603'); no document ('-', zeros) says nothing
  if (theirs && ours && !/^[-0]*$/.test(ours) && theirs !== ours && !theirs.endsWith(`-${ours}`)) return `receptor ${theirs}, se envió a ${ours}`;
  return undefined;
}

export interface CdrFile {
  fileName: string;
  xml: Buffer;
  cdr: Cdr;
}

/** The CDR inside SUNAT's zip (R-{name}.xml beside an empty `dummy/` entry). */
export function readCdrZip(zip: Buffer | Uint8Array): CdrFile {
  const entries = xmlEntries(zip);
  const [fileName, xml] = entries.find(([path]) => /(^|\/)R-[^/]+\.xml$/i.test(path)) ?? entries[0] ?? [];
  if (!fileName || !xml) throw new CdrParseError('El zip del CDR no contiene un XML');
  return { fileName, xml, cdr: readCdr(xml) };
}
