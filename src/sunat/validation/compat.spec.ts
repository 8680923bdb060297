import { difference, radixConvert, seconds } from './extensions';
import { javaFind, javaMatchParts, javaReplace, JavaRegexError } from './java-regex';
import { compatXPath } from './xpath-compat';

describe('java.util.regex semantics', () => {
  it('$ also matches before a final line terminator, as in Java', () => {
    expect(javaFind('ABC\n', '^[A-Z]+$')).toBe(true);
    expect(javaFind('ABC\r\n', '^[A-Z]+$')).toBe(true);
    expect(javaFind('ABC\n\n', '^[A-Z]+$')).toBe(false);
    expect(javaFind('ABC\nD', '^[A-Z]+$')).toBe(false);
  });

  it('\\s is ASCII whitespace only and . excludes U+0085', () => {
    expect(javaFind('\u00a0abc', '^(?!\\s*$)[^\\s].{2,}$')).toBe(true);
    expect(javaFind(' abc', '^(?!\\s*$)[^\\s].{2,}$')).toBe(false);
    expect(javaFind('a\u0085b', '^a.b$')).toBe(false);
    expect(javaFind('a\u00a0b', '^a\\sb$')).toBe(false);
  });

  it('classes with \\S, SUNAT-style patterns, groups and flags', () => {
    expect(javaFind('x\ny', '^((?!\\s*$)[\\s\\S]{3})$')).toBe(true);
    expect(javaFind('   ', '^((?!\\s*$)[\\s\\S]{3})$')).toBe(false);
    expect(javaFind('F001-1', '^([F][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}?$')).toBe(true);
    expect(javaFind('20', '^(31)|(09)$')).toBe(false);
    expect(javaMatchParts('2024-05-31', '^(\\d{4})-(\\d{2})-(\\d{2})$')).toEqual(['2024-05-31', '2024', '05', '31']);
    expect(javaMatchParts('a1b22', '[0-9]+', 'g')).toEqual(['1', '22']);
    expect(javaReplace('a.b.c', '\\.', 'g', '$1')).toBe('a$1b$1c');
    expect(javaFind('ABC', 'abc', 'i')).toBe(true);
  });

  it('refuses what JavaScript cannot express rather than matching differently', () => {
    expect(() => javaFind('a', 'a++')).toThrow(JavaRegexError);
    expect(() => javaFind('a', '[a-z&&[^b]]')).toThrow(JavaRegexError);
    expect(() => javaFind('a', '(?i)a')).toThrow(JavaRegexError);
  });
});

describe('EXSLT dates and DataPower functions (as the Java tool)', () => {
  it('date:seconds and date:difference', () => {
    expect(seconds('1970-01-02')).toBe(86400);
    expect(seconds('1970-01-01T00:00:10-05:00')).toBe(18010);
    expect(seconds('P1DT1H')).toBe(90000);
    expect(Number.isNaN(seconds('not a date'))).toBe(true);
    expect(difference('2024-01-01-00:00', '2024-01-02-05:00')).toBe('P1DT5H');
    expect(difference('2024-01-02', '2024-01-01')).toBe('-P1D');
    expect(difference('x', '2024-01-01')).toBe('');
  });

  it('dp:radix-convert', () => {
    expect(radixConvert('255', 10, 16)).toBe('FF');
    expect(radixConvert('zz', 10, 16)).toBe('');
  });
});

describe('XPath 1.0 compatibility rewriting', () => {
  it('comparisons of unknown operands go through sv:cmp, string-like ones stay native', () => {
    expect(compatXPath('$expresion = true()')).toBe("Q{urn:x-sunat-xsl-validator}cmp($expresion, true(), '=')");
    expect(compatXPath("cbc:ID = 'F001'")).toBe("cbc:ID = 'F001'");
    expect(compatXPath('cbc:A &gt; 0'.replace('&gt;', '>'))).toBe("Q{urn:x-sunat-xsl-validator}cmp(cbc:A, 0, '>')");
    expect(compatXPath('count(x) > 1')).toBe('count(x) > 1');
    // SaxonJS 2.7 gives NaN != x = false (XPath: true): numeric != becomes not(=)
    expect(compatXPath('number(a) != sum(b)')).toBe('not(number((a)[1]) = sum(b))');
    expect(compatXPath('c[@id = $v]')).toMatch(/^c\[\(if \(every \$sv_i in \$v satisfies/);
  });

  it('arithmetic in doubles on the first item, one-item function arguments', () => {
    expect(compatXPath('cbc:A * 100')).toBe('number((cbc:A)[1]) * 100e0');
    expect(compatXPath('name($node/parent::*)')).toBe('name(($node/parent::*)[1])');
    expect(compatXPath('substring($s, 1, 2)')).toBe('substring(string(($s)[1]), 1, 2)');
    expect(compatXPath("concat('a')")).toBe("concat('a', '')");
    expect(compatXPath("not(matches($node, $re, '!'))")).toBe('not(Q{urn:x-sunat-xsl-validator}java-find($node, $re))');
    expect(compatXPath('$nodes', true)).toBe('($nodes)[1]');
  });

  it('keeps patterns and paths as they are', () => {
    for (const p of ['/', '@* | node()', '//a/b[1]', 'child::*[2]', '../cbc:ID', "processing-instruction('x')", 'text()']) {
      expect(compatXPath(p)).toBe(p);
    }
  });
});
