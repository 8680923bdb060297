import { Decimal } from 'decimal.js';

/** Money is computed with decimal.js (never JS floats) and rounded half-up to cents only at the edges. */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;
export type Amount = Dec | string | number;

export const dec = (value: Amount): Dec => new D(value);

/** round(x, places) half-up, as a fixed string ('12.30'). */
export function fixed(value: Amount, places = 2): string {
  return new D(value).toDecimalPlaces(places, D.ROUND_HALF_UP).toFixed(places);
}

export function sum(values: Amount[]): Dec {
  return values.reduce<Dec>((acc, v) => acc.plus(v), new D(0));
}

/** '18.00' (percentage) -> 0.18 */
export function rateFromPercent(percent: Amount): Dec {
  return new D(percent).div(100);
}

/**
 * Splits a tax-inclusive total with the rate: base = total / (1 + rate), tax = base x rate,
 * each rounded to cents from the unrounded base (SPEC.md's rounding for notes and summaries).
 */
export function splitIncludedTax(total: Amount, rate: Amount): { base: string; tax: string; total: string } {
  const t = new D(total);
  const unrounded = t.div(new D(1).plus(rate));
  return { base: fixed(unrounded), tax: fixed(unrounded.times(rate)), total: fixed(t) };
}
