/** Series every new company starts with (tipo_documento, serie). */
export const DEFAULT_SERIES: ReadonlyArray<readonly [string, string]> = [
  ['01', 'F001'],
  ['03', 'B001'],
  ['07', 'FC01'],
  ['07', 'BC01'],
  ['08', 'FD01'],
  ['08', 'BD01'],
  ['09', 'T001'],
];

/** SUNAT's shape of a series per document type (API.md "Series"). */
export const SERIE_PATTERN: Record<string, RegExp> = {
  '01': /^F[A-Z0-9]{3}$/,
  '03': /^B[A-Z0-9]{3}$/,
  '07': /^[FB]C[A-Z0-9]{2}$/,
  '08': /^[FB]D[A-Z0-9]{2}$/,
  '09': /^T[A-Z0-9]{3}$/,
};
