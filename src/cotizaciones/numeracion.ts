/** The quotation counter lives in the series table under this pair (fits its varchar(2)/varchar(4)). */
export const TIPO_CONTADOR = 'CT';
export const SERIE_CONTADOR = 'COT';

/** 7 -> 'COT-000007'. */
export function numeroCotizacion(correlativo: number): string {
  return `COT-${String(correlativo).padStart(6, '0')}`;
}
