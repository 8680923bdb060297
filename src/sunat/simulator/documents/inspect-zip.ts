import { unzip, ZipError } from '@/sunat/zip/zip';
import { SimFault } from '../sim-fault';
import { Channel, channelOf, parseName, ParsedName } from './document-kinds';

export interface Submission {
  parsed: ParsedName;
  xml: Buffer;
}

/** File-name and zip checks SUNAT runs before reading the document (all exceptions, 01xx). */
export function inspectZip(fileName: string, zip: Buffer, channel: Channel, userRuc: string): Submission {
  const zipMatch = /^(.+)\.zip$/i.exec(fileName ?? '');
  const parsed = zipMatch ? parseName(zipMatch[1]) : undefined;
  if (!parsed) throw new SimFault('0151', fileName || '(sin nombre)');
  const expected = channelOf(parsed.tipo);
  if (expected !== channel) {
    if (expected === 'summary') throw new SimFault('0152');
    throw new SimFault('0151', `${fileName} no se envía por este servicio`);
  }
  if (parsed.ruc !== userRuc) throw new SimFault('0154');
  const files = zipFiles(zip);
  if (files.length > 1) throw new SimFault('0158');
  const [xmlName, xml] = files[0];
  if (!/\.xml$/i.test(xmlName)) throw new SimFault('0159', xmlName);
  if (xmlName !== `${parsed.name}.xml`) throw new SimFault('0161', `${xmlName} en ${fileName}`);
  if (!xml.length) throw new SimFault('0160');
  return { parsed, xml };
}

/** The files of a submitted zip, with SUNAT's faults for an empty (0155), unreadable (0156) or file-less (0157) one. */
export function zipFiles(zip: Buffer): Array<[string, Buffer]> {
  if (!zip.length) throw new SimFault('0155');
  let entries: Map<string, Buffer>;
  try {
    entries = unzip(zip);
  } catch (error) {
    if (error instanceof ZipError) throw new SimFault('0156');
    throw error;
  }
  const files = [...entries].filter(([path]) => !path.endsWith('/'));
  if (!files.length) throw new SimFault('0157');
  return files;
}
