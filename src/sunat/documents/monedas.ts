/**
 * Currencies a sale may be issued in (catálogo 02, ISO 4217) and their names in the amount in words
 * (legend 1000), plural as printed on receipts. Only currencies with a Spanish name here are accepted, so
 * every document can state its total in words.
 */
export const NOMBRES_MONEDA = {
  PEN: 'SOLES',
  USD: 'DÓLARES AMERICANOS',
  EUR: 'EUROS',
  GBP: 'LIBRAS ESTERLINAS',
  JPY: 'YENES',
  CHF: 'FRANCOS SUIZOS',
  CAD: 'DÓLARES CANADIENSES',
  CNY: 'YUANES',
  SEK: 'CORONAS SUECAS',
  BRL: 'REALES',
  ARS: 'PESOS ARGENTINOS',
  BOB: 'BOLIVIANOS',
  CLP: 'PESOS CHILENOS',
  COP: 'PESOS COLOMBIANOS',
  MXN: 'PESOS MEXICANOS',
} as const;

export type Moneda = keyof typeof NOMBRES_MONEDA;

export const MONEDAS_CATALOGO_02 = Object.keys(NOMBRES_MONEDA) as Moneda[];

export const esMoneda = (codigo: string): codigo is Moneda => Object.prototype.hasOwnProperty.call(NOMBRES_MONEDA, codigo);
