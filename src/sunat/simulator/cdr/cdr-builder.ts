import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { create } from 'xmlbuilder2';
import { KeyAndCert } from '../crypto/self-signed';
import { signXml } from '../crypto/xml-signature';

export const SUNAT_RUC = '20131312955';

export interface CdrSpec {
  /** Name of the document answered (20000000001-01-F001-1): the zip is R-{name}.zip. */
  name: string;
  referenceId: string;
  responseCode: string;
  description: string;
  notes?: string[];
  senderRuc: string;
  recipient?: string;
  qrUrl?: string;
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
} as const;
const XMLNS = 'http://www.w3.org/2000/xmlns/';

type Node = ReturnType<typeof create>;
const cbc = (parent: Node, name: string, value: string): Node => parent.ele(NS.cbc, `cbc:${name}`).txt(value).up();
const cac = (parent: Node, name: string): Node => parent.ele(NS.cac, `cac:${name}`);
/** <cac:{name}><cac:PartyIdentification><cbc:ID>{id}</cbc:ID></cac:PartyIdentification></cac:{name}> */
const party = (parent: Node, name: string, id: string): Node => cbc(cac(cac(parent, name), 'PartyIdentification'), 'ID', id).up();

/**
 * A UBL 2.0 ApplicationResponse shaped like SUNAT's (see vendor/sunat/samples/cdr), built as a tree
 * (xmlbuilder2 escapes every text). The simulator's signer canonicalizes it before signing.
 */
export function buildCdrXml(spec: CdrSpec): string {
  const { date, time } = limaNow();
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS.ar, 'ar:ApplicationResponse');
  for (const prefix of ['ext', 'cbc', 'cac'] as const) root.att(XMLNS, `xmlns:${prefix}`, NS[prefix]);
  root.ele(NS.ext, 'ext:UBLExtensions').ele(NS.ext, 'ext:UBLExtension').ele(NS.ext, 'ext:ExtensionContent');
  cbc(root, 'UBLVersionID', '2.0');
  cbc(root, 'CustomizationID', '1.0');
  cbc(root, 'ID', randomUUID());
  cbc(root, 'IssueDate', date);
  cbc(root, 'IssueTime', time);
  cbc(root, 'ResponseDate', date);
  cbc(root, 'ResponseTime', time);
  for (const note of spec.notes ?? []) cbc(root, 'Note', note);

  const signature = cac(root, 'Signature');
  cbc(signature, 'ID', 'SignSUNAT');
  const signatory = party(signature, 'SignatoryParty', SUNAT_RUC);
  cbc(cac(signatory, 'PartyName'), 'Name', 'SUNAT');
  cbc(cac(cac(signature, 'DigitalSignatureAttachment'), 'ExternalReference'), 'URI', '#SignSUNAT');
  party(root, 'SenderParty', SUNAT_RUC);
  party(root, 'ReceiverParty', spec.senderRuc);

  const documentResponse = cac(root, 'DocumentResponse');
  const response = cac(documentResponse, 'Response');
  cbc(response, 'ReferenceID', spec.referenceId);
  cbc(response, 'ResponseCode', spec.responseCode);
  cbc(response, 'Description', spec.description);
  const reference = cbc(cac(documentResponse, 'DocumentReference'), 'ID', spec.referenceId);
  if (spec.qrUrl) cbc(reference, 'DocumentDescription', spec.qrUrl);
  if (spec.recipient) party(documentResponse, 'RecipientParty', spec.recipient);
  return root.end({ headless: false });
}

/** Signed CDR in R-{name}.zip with SUNAT's empty `dummy/` entry. */
export function buildCdrZip(spec: CdrSpec, key: KeyAndCert): Buffer {
  const signed = signXml(buildCdrXml(spec), key, { signatureId: 'SignSUNAT', algorithm: 'sha256' });
  const zipped = zipSync({ 'dummy/': new Uint8Array(0), [`R-${spec.name}.xml`]: strToU8(signed) });
  return Buffer.from(zipped);
}
