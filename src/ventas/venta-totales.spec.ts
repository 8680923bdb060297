import { tasaIcbper } from './venta-totales';

describe('tasaIcbper: ICBPER per bag by issue year (Ley 30884)', () => {
  it.each([
    ['2019-08-01', '0.10'],
    ['2020-12-31', '0.20'],
    ['2021-01-01', '0.30'],
    ['2022-06-15', '0.40'],
    ['2023-01-01', '0.50'],
    ['2026-03-10', '0.50'],
  ])('%s -> %s', (fecha, tasa) => expect(tasaIcbper(fecha)).toBe(tasa));
});
