import Decimal from 'decimal.js';
import type { Money } from './common';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const round2 = (value: Decimal): string => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * Amounts of one daily-summary line (SPEC.md "Summary construction"): a sale with IGV is all
 * taxable, taxable = round(total / (rate + 1), 2) and tax = round(total / (rate + 1) x rate, 2);
 * a sale without IGV is all exonerated. Unaffected amounts are 0. Test fixtures only: the RC service writes each
 * boleta's stored amounts (src/resumen-diario/linea-resumen.ts).
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
