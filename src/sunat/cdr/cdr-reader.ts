import { xmlEntries } from '@/sunat/zip/zip';
import { Cdr, CdrNote, CdrOutcome } from './cdr-types';
import { parseXml, text, texts } from './safe-xml';

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
    documentDescription: text(root, 'DocumentResponse/DocumentReference/DocumentDescription'),
    recipientId: text(root, 'DocumentResponse/RecipientParty/PartyIdentification/ID'),
    outcome,
    accepted: outcome === 'accepted' || outcome === 'accepted-with-observations',
  };
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
