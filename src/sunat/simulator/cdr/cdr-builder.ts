import { randomUUID } from 'node:crypto';
import { zipSync } from 'fflate';
import { create } from 'xmlbuilder2';
import { KeyAndCert } from '../crypto/self-signed';
import { signXml } from '../crypto/xml-signature';

export const SUNAT_RUC = '20131312955';

/**
 * 'realistic': what SUNAT's CDRs look like (vendor/sunat/samples/cdr): ISO-8859-1 bytes, the
 * ApplicationResponse namespace as the default one, no UBLVersionID/CustomizationID, a numeric ID, a datetime IssueDate with IssueTime
 * 00:00:00, the Notes after cac:Signature, and an exception code (0100-1999) as a minimal unsigned CDR.
 * 'clean': UTF-8, the `ar:` prefix, a UUID, plain date and time, Notes before the signature.
 */
export type CdrStyle = 'realistic' | 'clean';

/** One document a CDR answers about (a sendPack ticket's CDR carries one per document). */
export interface CdrDocumentResponse {
  referenceId: string;
  responseCode: string;
  description: string;
  recipient?: string;
  qrUrl?: string;
  /**
   * DigestValue of the document answered, in DocumentReference/Attachment/ExternalReference/DocumentHash as the
   * CDRs of SUNAT's OSE format carry it (SUNAT's own billService CDRs, vendor/sunat/samples/cdr, do not).
   */
  documentHash?: string;
}

export interface CdrSpec extends CdrDocumentResponse {
  /** Name of the document answered (20000000001-01-F001-1): the zip is R-{name}.zip. */
  name: string;
  notes?: string[];
  senderRuc: string;
  /** Further DocumentResponse blocks after the first (sendPack). */
  more?: CdrDocumentResponse[];
  style?: CdrStyle;
}

function limaNow(): { date: string; time: string } {
  const iso = new Date(Date.now() - 5 * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

const NS = {
  ar: 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
} as const;
const XMLNS = 'http://www.w3.org/2000/xmlns/';

type Node = ReturnType<typeof create>;
const cbc = (parent: Node, name: string, value: string): Node => parent.ele(NS.cbc, `cbc:${name}`).txt(value).up();
const cac = (parent: Node, name: string): Node => parent.ele(NS.cac, `cac:${name}`);
/** <cac:{name}><cac:PartyIdentification><cbc:ID>{id}</cbc:ID></cac:PartyIdentification></cac:{name}> */
const party = (parent: Node, name: string, id: string): Node => cbc(cac(cac(parent, name), 'PartyIdentification'), 'ID', id).up();

/** 0100-1999: SUNAT's exception range; realistic exception CDRs are minimal and unsigned (sample ...exception-0109). */
export function isExceptionCode(code: string): boolean {
  const n = Number(code);
  return /^\d+$/.test(code) && n >= 100 && n < 2000;
}

/** A realistic CDR of one document with an exception code is the minimal unsigned one; a pack's CDR never is. */
const isMinimal = (spec: CdrSpec) => spec.style === 'realistic' && spec.more === undefined && isExceptionCode(spec.responseCode);

/** SUNAT's CDR ids are numbers (epoch milliseconds and longer); a counter keeps them unique within a run. */
let idSequence = 0;
const numericId = () => `${Date.now()}${String(idSequence++ % 100).padStart(2, '0')}`;

function documentResponse(root: Node, response: CdrDocumentResponse): void {
  const documentResponse = cac(root, 'DocumentResponse');
  const inner = cac(documentResponse, 'Response');
  cbc(inner, 'ReferenceID', response.referenceId);
  cbc(inner, 'ResponseCode', response.responseCode);
  cbc(inner, 'Description', response.description);
  const reference = cbc(cac(documentResponse, 'DocumentReference'), 'ID', response.referenceId);
  if (response.qrUrl) cbc(reference, 'DocumentDescription', response.qrUrl);
  if (response.documentHash) cbc(cac(cac(reference, 'Attachment'), 'ExternalReference'), 'DocumentHash', response.documentHash);
  if (response.recipient) party(documentResponse, 'RecipientParty', response.recipient);
}

/**
 * A UBL 2.0 ApplicationResponse shaped like SUNAT's (see vendor/sunat/samples/cdr), built as a tree
 * (xmlbuilder2 escapes every text). The simulator's signer canonicalizes it before signing. Realistic
 * CDRs are returned with every character above U+00FF as a character reference, ready for ISO-8859-1.
 */
export function buildCdrXml(spec: CdrSpec): string {
  const realistic = spec.style === 'realistic';
  if (isMinimal(spec)) return latin1Safe(minimalExceptionCdr(spec));
  const { date, time } = limaNow();
  const root = realistic
    ? create({ version: '1.0', encoding: 'ISO-8859-1', standalone: false }).ele(NS.ar, 'ApplicationResponse')
    : create({ version: '1.0', encoding: 'UTF-8' }).ele(NS.ar, 'ar:ApplicationResponse');
  const prefixes = realistic ? (['cac', 'cbc', 'ds', 'ext'] as const) : (['ext', 'cbc', 'cac'] as const);
  for (const prefix of prefixes) root.att(XMLNS, `xmlns:${prefix}`, NS[prefix]);
  root.ele(NS.ext, 'ext:UBLExtensions').ele(NS.ext, 'ext:UBLExtension').ele(NS.ext, 'ext:ExtensionContent');
  // SUNAT's 2021 CDR (R-20220557805-01-F001-22Openubl.xml) no longer carries UBLVersionID/CustomizationID
  if (!realistic) {
    cbc(root, 'UBLVersionID', '2.0');
    cbc(root, 'CustomizationID', '1.0');
  }
  cbc(root, 'ID', realistic ? numericId() : randomUUID());
  cbc(root, 'IssueDate', realistic ? `${date}T${time}` : date);
  cbc(root, 'IssueTime', realistic ? '00:00:00' : time);
  cbc(root, 'ResponseDate', date);
  cbc(root, 'ResponseTime', time);
  if (!realistic) for (const note of spec.notes ?? []) cbc(root, 'Note', note);

  const signature = cac(root, 'Signature');
  cbc(signature, 'ID', 'SignSUNAT');
  const signatory = party(signature, 'SignatoryParty', SUNAT_RUC);
  cbc(cac(signatory, 'PartyName'), 'Name', 'SUNAT');
  cbc(cac(cac(signature, 'DigitalSignatureAttachment'), 'ExternalReference'), 'URI', '#SignSUNAT');
  if (realistic) for (const note of spec.notes ?? []) cbc(root, 'Note', note);
  party(root, 'SenderParty', SUNAT_RUC);
  party(root, 'ReceiverParty', spec.senderRuc);

  for (const response of [spec, ...(spec.more ?? [])]) documentResponse(root, response);
  const xml = root.end({ headless: false });
  return realistic ? latin1Safe(xml) : xml;
}

/** As R-20600995805-01-F001-2.exception-0109.xml: the Response alone, no signature, no DocumentReference. */
function minimalExceptionCdr(spec: CdrSpec): string {
  const root = create({ version: '1.0', encoding: 'ISO-8859-1', standalone: false }).ele(NS.ar, 'ApplicationResponse');
  for (const prefix of ['cac', 'cbc'] as const) root.att(XMLNS, `xmlns:${prefix}`, NS[prefix]);
  const response = cac(cac(root, 'DocumentResponse'), 'Response');
  cbc(response, 'ReferenceID', spec.referenceId);
  cbc(response, 'ResponseCode', spec.responseCode);
  cbc(response, 'Description', spec.description);
  return root.end({ headless: false });
}

/** Characters ISO-8859-1 cannot hold become character references (element and attribute names are ASCII). */
function latin1Safe(xml: string): string {
  return xml.replace(/[^\u0000-\u00ff]/gu, (c) => `&#${c.codePointAt(0)};`);
}

/** The CDR's bytes: ISO-8859-1 for realistic CDRs (as declared), UTF-8 for clean ones. */
export function cdrBytes(xml: string, style: CdrStyle = 'clean'): Buffer {
  // the signer serializes character references back as characters: escape again (the canonical form, hence the signature, is the same)
  return style === 'realistic' ? Buffer.from(latin1Safe(xml), 'latin1') : Buffer.from(xml, 'utf8');
}

/** The CDR as SUNAT stores it: signed (realistic exception CDRs are not), in R-{name}.zip with an empty `dummy/` entry. */
export function buildCdrZip(spec: CdrSpec, key: KeyAndCert): Buffer {
  const style = spec.style ?? 'clean';
  const xml = buildCdrXml(spec);
  const signed = isMinimal(spec) ? xml : signXml(xml, key, { signatureId: 'SignSUNAT', algorithm: 'sha256' });
  const zipped = zipSync({ 'dummy/': new Uint8Array(0), [`R-${spec.name}.xml`]: new Uint8Array(cdrBytes(signed, style)) });
  return Buffer.from(zipped);
}
