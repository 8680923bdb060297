import { hoyLima } from '../../src/common/fecha';

/** YYYY-MM-DD, `n` days after today in Lima (instalments must fall after the issue date). */
export function dentroDe(n: number): string {
  const d = new Date(`${hoyLima()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
