import { DocumentRef } from './results';

const DOCUMENT = /^(\d{11})-(\d{2})-([A-Z0-9]{4})-(\d{1,8})$/;
const SUMMARY = /^(\d{11})-(RC|RA|RR)-(\d{8})-(\d{1,5})$/;

/** '20000000001-01-F001-1.zip' -> '20000000001-01-F001-1'. */
export function stripExtension(name: string): string {
  return name.replace(/\.(zip|xml)$/i, '');
}

export function parseDocumentName(name: string): DocumentRef | undefined {
  const match = DOCUMENT.exec(stripExtension(name));
  if (!match) return undefined;
  return { ruc: match[1], tipo: match[2], serie: match[3], numero: Number(match[4]) };
}

export function isSummaryName(name: string): boolean {
  return SUMMARY.test(stripExtension(name));
}
