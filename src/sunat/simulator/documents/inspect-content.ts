import { decodeXml, nodes, parseXml, text } from '@/sunat/cdr/safe-xml';
import { SimFault } from '../sim-fault';
import { verifyXmlSignature } from '../crypto/xml-signature';
import { ParsedName, ROOT_BY_TIPO } from './document-kinds';
import { validateXsd } from './xsd-validator';

export interface ContentVerdict {
  /** The document's own ID (F001-1, RC-20240101-1). */
  id: string;
  /** Set when SUNAT would register the document as rejected (2xxx, answered in a CDR). */
  rejection?: { code: string; detail: string };
  /** Receiver for the CDR's RecipientParty ('6-20...'). */
  recipient?: string;
}

const SUPPLIER_RUC_PATHS = [
  'AccountingSupplierParty/Party/PartyIdentification/ID',
  'DespatchSupplierParty/Party/PartyIdentification/ID',
  'AccountingSupplierParty/CustomerAssignedAccountID',
  'Signature/SignatoryParty/PartyIdentification/ID',
];

/** What SUNAT checks in the document itself: parse (0306), XSD, name vs content (1034-1036), signature (2335). */
export async function inspectContent(parsed: ParsedName, xml: Buffer, xsdDir?: string): Promise<ContentVerdict> {
  let doc: Document;
  const source = decodeXml(xml);
  try {
    doc = parseXml(source);
  } catch (error) {
    throw new SimFault('0306', (error as Error).message);
  }
  const root = doc.documentElement;
  if (root.localName !== ROOT_BY_TIPO[parsed.tipo]) throw new SimFault('1003', `raíz ${root.localName}`);
  if (xsdDir) {
    const problem = await validateXsd(xsdDir, root.localName, Buffer.from(source, 'utf8'));
    if (problem) throw new SimFault('0306', `XSD: ${problem}`);
  }

  const ruc = SUPPLIER_RUC_PATHS.map((path) => text(root, path)).find(Boolean);
  if (ruc && ruc !== parsed.ruc) throw new SimFault('1034', `${ruc} en el XML`);
  const id = text(root, 'ID') ?? '';
  const [idSerie, idNumero] = splitId(id, parsed.tipo);
  if (idSerie !== parsed.serie) throw new SimFault('1035', `${id} en el XML`);
  if (Number(idNumero) !== Number(parsed.numero)) throw new SimFault('1036', `${id} en el XML`);

  const signature = verifyXmlSignature(source);
  if (!signature.valid && signature.reason === 'sin firma') throw new SimFault('1059');
  const recipient = recipientOf(root);
  if (!signature.valid) return { id, recipient, rejection: { code: '2335', detail: signature.reason } };
  return { id, recipient };
}

/** 'F001-12' -> [F001, 12]; 'RC-20240101-3' -> [20240101, 3]. */
function splitId(id: string, tipo: string): [string, string] {
  const parts = id.split('-');
  if (tipo === 'RC' || tipo === 'RA') return [parts[1] ?? '', parts[2] ?? ''];
  return [parts[0] ?? '', parts[1] ?? ''];
}

function recipientOf(root: Element): string | undefined {
  for (const party of ['AccountingCustomerParty', 'DeliveryCustomerParty']) {
    const idNode = nodes(root, `${party}/Party/PartyIdentification/ID`)[0] as Element | undefined;
    const id = idNode?.textContent?.trim();
    if (id) return `${idNode!.getAttribute('schemeID') || '6'}-${id}`;
  }
  return undefined;
}
