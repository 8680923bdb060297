import { fixed, splitIncludedTax, sum } from './money';

describe('money', () => {
  it('adds without float error', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fixed(sum(['0.1', '0.2']))).toBe('0.30');
    expect(fixed(sum([0.1, 0.2]))).toBe('0.30');
  });

  it('rounds half up at the cent', () => {
    expect(fixed('2.345')).toBe('2.35');
    expect(fixed('2.344')).toBe('2.34');
    expect(fixed('-2.345')).toBe('-2.35');
    expect(fixed('1.005')).toBe('1.01');
  });

  it.each([
    ['118', '0.18', '100.00', '18.00'],
    ['100', '0.18', '84.75', '15.25'],
    ['0.01', '0.18', '0.01', '0.00'],
    ['1', '0.18', '0.85', '0.15'],
    ['1000000', '0.18', '847457.63', '152542.37'],
    ['59', '0.10', '53.64', '5.36'],
  ])('splits %s at %s into base %s and tax %s', (total, rate, base, tax) => {
    expect(splitIncludedTax(total, rate)).toEqual({ base, tax, total: fixed(total) });
  });
});
