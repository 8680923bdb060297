import { fixed } from '@/common/money';
import { amountInWords } from '@/sunat/xml/amount-in-words';
import { NOMBRES_MONEDA, esMoneda } from '@/sunat/documents/monedas';

const SIMBOLO: Record<string, string> = { PEN: 'S/', USD: 'US$' };

/** '1,234.50': two decimals (half-up) with thousands separators. */
export function money(value: number | string): string {
  const [entero, decimales] = fixed(value, 2).split('.');
  return `${entero.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${decimales}`;
}

/** 'S/ 1,234.50' */
export function moneyWith(moneda: string, value: number | string): string {
  return `${SIMBOLO[moneda] ?? moneda} ${money(value)}`;
}

/** Quantities keep up to three decimals without trailing zeros ('2', '1.5', '0.125'). */
export function quantity(value: number | string): string {
  return fixed(value, 3).replace(/\.?0+$/, '');
}

/** 'SON CIENTO DIECIOCHO CON 00/100 SOLES' (legend 1000), or null for an unsupported currency or amount. */
export function inWords(total: number | string, moneda: string): string | null {
  if (!esMoneda(moneda)) return null;
  try {
    return amountInWords(fixed(total, 2), moneda);
  } catch {
    return null;
  }
}

/** YYYY-MM-DD -> DD/MM/YYYY for people; the QR keeps the ISO form. */
export function fecha(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

export const MONEDA_NOMBRE: Record<string, string> = NOMBRES_MONEDA;

/** SUNAT catálogo 06 labels for the client's document type. */
export const TIPO_DOC_IDENTIDAD: Record<string, string> = { '0': 'DOC.', '1': 'DNI', '4': 'C.E.', '6': 'RUC', '7': 'PASAPORTE', A: 'C.D.I.' };
