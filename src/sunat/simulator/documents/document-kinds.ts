export type Channel = 'bill' | 'summary' | 'guide';

export interface ParsedName {
  name: string;
  ruc: string;
  tipo: string;
  /** Serie (F001) for documents, the date part for RC/RA. */
  serie: string;
  numero: string;
}

const DOCUMENT = /^(\d{11})-(01|03|07|08|09)-([A-Z0-9]{4})-(\d{1,8})$/;
const SUMMARY = /^(\d{11})-(RC|RA)-(\d{8})-(\d{1,5})$/;

export function parseName(name: string): ParsedName | undefined {
  const match = DOCUMENT.exec(name) ?? SUMMARY.exec(name);
  if (!match) return undefined;
  return { name, ruc: match[1], tipo: match[2], serie: match[3], numero: match[4] };
}

export function channelOf(tipo: string): Channel {
  if (tipo === 'RC' || tipo === 'RA') return 'summary';
  if (tipo === '09') return 'guide';
  return 'bill';
}

export const ROOT_BY_TIPO: Record<string, string> = {
  '01': 'Invoice',
  '03': 'Invoice',
  '07': 'CreditNote',
  '08': 'DebitNote',
  '09': 'DespatchAdvice',
  RC: 'SummaryDocuments',
  RA: 'VoidedDocuments',
};

/** '...-F001-00000001' and '...-F001-1' are the same document for SUNAT. */
export function documentKey(parsed: Pick<ParsedName, 'ruc' | 'tipo' | 'serie' | 'numero'>): string {
  return `${parsed.ruc}-${parsed.tipo}-${parsed.serie}-${Number(parsed.numero)}`;
}
