import { isValidDni, isValidRuc } from './documento';

describe('documento validators', () => {
  it.each([
    ['20000000001', true],
    ['20131312955', true],
    ['20600995805', true],
    ['20100454524', false],
    ['2010045452', false],
    ['30100454523', false],
    ['10ABCDEFGHI', false],
  ])('RUC %s -> %s', (ruc, ok) => {
    expect(isValidRuc(ruc)).toBe(ok);
  });

  it('DNI is exactly 8 digits', () => {
    expect(isValidDni('12345678')).toBe(true);
    expect(isValidDni('1234567')).toBe(false);
    expect(isValidDni('1234567a')).toBe(false);
  });
});
