import { crc32, deflateRawSync } from 'node:zlib';
import { strToU8, unzipSync, zipSync } from 'fflate';

/*
 * Zip writers compared against the project's zipDocument, to see which one keeps the zip cheaper
 * than the signature. Bench-only: the production zip lives in src/sunat/zip.
 */

export interface ZipCandidate {
  label: string;
  zip: (name: string, xml: string) => Uint8Array;
}

export const ZIP_CANDIDATES: ZipCandidate[] = [
  { label: 'fflate zipSync level 6', zip: (name, xml) => zipSync({ [`${name}.xml`]: [strToU8(xml), { level: 6 }] }) },
  { label: 'fflate zipSync level 1', zip: (name, xml) => zipSync({ [`${name}.xml`]: [strToU8(xml), { level: 1 }] }) },
  { label: 'node:zlib deflateRaw 6 + zip headers', zip: zlibZip },
];

/** One-entry zip around node:zlib's native deflate (zlib.crc32 exists since Node 20.15). */
function zlibZip(name: string, xml: string): Uint8Array {
  const data = Buffer.from(xml, 'utf8');
  const compressed = deflateRawSync(data, { level: 6 });
  const fileName = Buffer.from(`${name}.xml`, 'utf8');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6); // UTF-8 names
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt16LE(0, 10);
  local.writeUInt16LE(0x21, 12); // 1980-01-01
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  local.writeUInt16LE(0, 28);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  // Version needed through name length are the local header's fields; extra, comment, disk,
  // attributes and the local header offset (0) stay zero.
  local.copy(central, 6, 4, 28);
  const end = Buffer.alloc(22);
  const centralOffset = 30 + fileName.length + compressed.length;
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, compressed, central, fileName, end]);
}

/** The candidate must round-trip before it is timed. */
export function assertRoundTrip(candidate: ZipCandidate, name: string, xml: string): void {
  const entries = unzipSync(candidate.zip(name, xml));
  const names = Object.keys(entries);
  if (names.length !== 1 || names[0] !== `${name}.xml` || Buffer.from(entries[names[0]]).toString('utf8') !== xml) {
    throw new Error(`${candidate.label}: the zip does not round-trip`);
  }
}
