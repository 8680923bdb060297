import Decimal from 'decimal.js';
import type { Money, TipoDocIdentidad } from './common';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const round2 = (value: Decimal): string => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * Amounts of one daily-summary line (SPEC.md "Summary construction"): a sale with IGV is all
 * taxable, taxable = round(total / (rate + 1), 2) and tax = round(total / (rate + 1) x rate, 2);
 * a sale without IGV is all exonerated. Unaffected amounts are 0.
 */
export function summaryLineAmounts(
  total: number | string,
  rate: number | string,
  saleIgv: number | string,
): { total: Money; gravadas: Money; exoneradas: Money; inafectas: Money; igv: Money; porcentaje_igv: Money } {
  const amount = new D(total);
  const ratio = new D(rate);
  const base = amount.div(ratio.plus(1));
  const taxed = new D(saleIgv).gt(0);
  return {
    total: round2(amount),
    gravadas: taxed ? round2(base) : '0.00',
    exoneradas: taxed ? '0.00' : round2(amount),
    inafectas: '0.00',
    igv: taxed ? round2(base.times(ratio)) : '0.00',
    porcentaje_igv: round2(ratio.times(100)),
  };
}

/** Client document of a summary line: 11 characters is a RUC, 8 a DNI, anything else "sin documento". */
export function summaryCustomerDoc(documento: string | null | undefined): { tipo_doc: TipoDocIdentidad; numero: string } {
  const value = (documento ?? '').trim();
  if (value.length === 11) return { tipo_doc: '6', numero: value };
  if (value.length === 8) return { tipo_doc: '1', numero: value };
  return { tipo_doc: '0', numero: '00000000' };
}
