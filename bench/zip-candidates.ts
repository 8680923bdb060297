import { zipSingleEntry } from '../src/sunat/zip/zip-writer';
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
  { label: 'node:zlib deflateRaw 6 + zip headers (zipDocument)', zip: (name, xml) => zipSingleEntry(`${name}.xml`, Buffer.from(xml, 'utf8')) },
];

/** The candidate must round-trip before it is timed. */
export function assertRoundTrip(candidate: ZipCandidate, name: string, xml: string): void {
  const entries = unzipSync(candidate.zip(name, xml));
  const names = Object.keys(entries);
  if (names.length !== 1 || names[0] !== `${name}.xml` || Buffer.from(entries[names[0]]).toString('utf8') !== xml) {
    throw new Error(`${candidate.label}: the zip does not round-trip`);
  }
}
