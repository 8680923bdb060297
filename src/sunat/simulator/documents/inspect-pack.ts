import { SimFault } from '../sim-fault';
import { channelOf, parseName } from './document-kinds';
import { Submission, zipFiles } from './inspect-zip';

export interface PackSubmission {
  /** 20000000001-LT-20240101-1 */
  name: string;
  ruc: string;
  tipo: string;
  documents: Submission[];
}

const PACK_NAME = /^(\d{11})-LT-(\d{8})-(\d{1,5})$/;
/** SUNAT's own limit for a lote is not published; this bounds the simulator's work per request. */
export const MAX_PACK_DOCUMENTS = 500;

/**
 * sendPack: `{RUC}-LT-{YYYYMMDD}-{n}.zip` holding several `{RUC}-{tipo}-{serie}-{numero}.xml` of one tipo
 * (01, 03, 07 or 08) and the sender's RUC. What makes the whole pack unreadable is an exception (SOAP fault).
 */
export function inspectPack(fileName: string, zip: Buffer, userRuc: string): PackSubmission {
  const match = PACK_NAME.exec(/^(.+)\.zip$/i.exec(fileName ?? '')?.[1] ?? '');
  if (!match) throw new SimFault('0151', fileName || '(sin nombre)');
  if (match[1] !== userRuc) throw new SimFault('0154');
  const files = zipFiles(zip);
  if (files.length > MAX_PACK_DOCUMENTS) throw new SimFault('0158', `más de ${MAX_PACK_DOCUMENTS} comprobantes en el lote`);
  const documents: Submission[] = [];
  const seen = new Set<string>();
  for (const [xmlName, xml] of files) {
    if (!/\.xml$/i.test(xmlName)) throw new SimFault('0159', xmlName);
    const parsed = parseName(xmlName.replace(/\.xml$/i, ''));
    if (!parsed || channelOf(parsed.tipo) !== 'bill') throw new SimFault('0151', `${xmlName} no se envía en un lote`);
    if (parsed.ruc !== userRuc) throw new SimFault('0154', xmlName);
    if (documents.length && parsed.tipo !== documents[0].parsed.tipo) throw new SimFault('0151', `${xmlName}: un lote lleva comprobantes de un solo tipo`);
    if (seen.has(parsed.name)) throw new SimFault('0151', `${xmlName} repetido en el lote`);
    if (!xml.length) throw new SimFault('0160', xmlName);
    seen.add(parsed.name);
    documents.push({ parsed, xml });
  }
  return { name: match[0], ruc: match[1], tipo: documents[0].parsed.tipo, documents };
}
