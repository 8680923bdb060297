import { NOMBRES_MONEDA, type Moneda } from '@/sunat/documents/monedas';

/*
 * Legend 1000 ("monto en letras"), e.g. 'SON CIENTO DIECIOCHO CON 00/100 SOLES'.
 * Choices, following what SUNAT issuers print (Greenter and most facturadores) and RAE spelling:
 * - a number that ends in one says UNO when it stands alone (21 -> VEINTIUNO, 101 -> CIENTO UNO)
 *   and the apocopated form before MIL / MILLONES (21,000 -> VEINTIÚN MIL, 31,000,000 -> TREINTA Y UN MILLONES);
 * - 1,000 is MIL (never UN MIL), 1,000,000 is UN MILLÓN, 2,000,000 DOS MILLONES;
 * - accents as written in Spanish (DIECISÉIS, VEINTIDÓS, MILLÓN, DÓLARES); SUNAT counts characters,
 *   not bytes, and the XML is UTF-8;
 * - the currency name is always plural (SON UNO CON 00/100 SOLES), as on printed receipts (documents/monedas.ts).
 */

const UNITS = [
  'CERO',
  'UNO',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUNO',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = ['', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS', 'OCHOCIENTOS', 'NOVECIENTOS'];

function belowHundred(n: number): string {
  if (n < 30) return UNITS[n];
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)] : `${TENS[Math.floor(n / 10)]} Y ${UNITS[unit]}`;
}

/** 1..999 */
function belowThousand(n: number): string {
  if (n === 100) return 'CIEN';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return belowHundred(rest);
  return rest === 0 ? HUNDREDS[hundreds] : `${HUNDREDS[hundreds]} ${belowHundred(rest)}`;
}

/** The form used before MIL / MILLONES: UNO -> UN, VEINTIUNO -> VEINTIÚN. */
function apocopate(words: string): string {
  if (words.endsWith('VEINTIUNO')) return words.slice(0, -'VEINTIUNO'.length) + 'VEINTIÚN';
  if (words.endsWith('UNO')) return words.slice(0, -1);
  return words;
}

/** 0..999,999,999 in words. */
export function integerInWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999_999) throw new RangeError(`Fuera de rango: ${n}`);
  if (n === 0) return UNITS[0];
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor(n / 1000) % 1000;
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions === 1) parts.push('UN MILLÓN');
  else if (millions > 1) parts.push(`${apocopate(belowThousand(millions))} MILLONES`);
  if (thousands === 1) parts.push('MIL');
  else if (thousands > 1) parts.push(`${apocopate(belowThousand(thousands))} MIL`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * 'SON <integer part in words> CON <cents>/100 <currency>' for 0.00 .. 999,999,999.99.
 * The amount is a decimal string (at most two decimals) so no binary float is involved.
 */
export function amountInWords(amount: string, moneda: Moneda): string {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new RangeError(`Importe no soportado: ${amount}`);
  const cents = (match[2] ?? '').padEnd(2, '0');
  return `SON ${integerInWords(Number(match[1]))} CON ${cents}/100 ${NOMBRES_MONEDA[moneda]}`;
}
