import { formatNumber } from './functions';
import { parseTree } from './tree';
import { compare, formatDouble, parseDouble, toBool, toStr } from './values';

describe('native rules engine: values with Saxon backwards-compatible semantics', () => {
  it('casts strings to doubles as xs:double does (NaN when not a number)', () => {
    expect(parseDouble(' 12.50 ')).toBe(12.5);
    expect(parseDouble('1e3')).toBe(1000);
    expect(parseDouble('-.5')).toBe(-0.5);
    expect(parseDouble('INF')).toBe(Infinity);
    expect(parseDouble('1,000.00')).toBeNaN();
    expect(parseDouble('')).toBeNaN();
    expect(parseDouble('0x10')).toBeNaN();
  });

  it('prints doubles as XPath 2.0 does', () => {
    expect(formatDouble(36)).toBe('36');
    expect(formatDouble(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(formatDouble(1234567)).toBe('1.234567E6');
    expect(formatDouble(1e6)).toBe('1.0E6');
    expect(formatDouble(0.0000015)).toBe('0.0000015');
    expect(formatDouble(1.5e-7)).toBe('1.5E-7');
    expect(formatDouble(NaN)).toBe('NaN');
    expect(formatDouble(-Infinity)).toBe('-INF');
  });

  it('compares like XPath 1.0: node-sets existentially, numbers when one side is a number, booleans first', () => {
    const doc = parseTree('<r><a>1</a><a>2.0</a><b>x</b></r>');
    const as = doc.children[0].children.filter((n) => n.local === 'a');
    expect(compare(as, 2, '=')).toBe(true);
    expect(compare(as, '2', '=')).toBe(false); // strings: '2.0' is not '2'
    expect(compare(as, '2', '<')).toBe(true); // relational: numbers
    expect(compare(as, as, '!=')).toBe(true);
    expect(compare([], 'a', '!=')).toBe(false);
    expect(compare([], false, '=')).toBe(true);
    expect(compare(NaN, NaN, '!=')).toBe(true);
    expect(compare('abc', 0, '=')).toBe(false);
  });

  it('converts to string and boolean as XPath does', () => {
    const doc = parseTree('<r><a> x </a><a>y</a></r>');
    expect(toStr(doc.children[0].children)).toBe(' x ');
    expect(toBool('')).toBe(false);
    expect(toBool(NaN)).toBe(false);
    expect(toBool([])).toBe(false);
    expect(toBool('false')).toBe(true);
  });

  it('format-number rounds half to even on the decimal value', () => {
    expect(formatNumber(2.345, '#####0.00')).toBe('2.34'); // 2.345 is the shortest form of the double: a half, to even
    expect(formatNumber(2.355, '#####0.00')).toBe('2.36');
    expect(formatNumber(2.325, '#####0.00')).toBe('2.32');
    expect(formatNumber(0.5, '#####0.00')).toBe('0.50');
    expect(formatNumber(12, '#####0.00')).toBe('12.00');
    expect(formatNumber(-0.001, '#####0.00')).toBe('0.00');
  });
});
