/**
 * java.util.regex semantics on top of JavaScript RegExp.
 *
 * SUNAT's rules test values with `matches($node, $regexp, '!')`: on Saxon-Java the flag '!' selects the
 * JDK regex engine (`Pattern.compile(regex).matcher(value).find()`), and the Java reference tool
 * implements EXSLT regexp:* with java.util.regex too. SaxonJS refuses that flag, and a JavaScript
 * RegExp differs from a Java Pattern in ways that change SUNAT's verdicts on real documents:
 *
 * - `$` (no MULTILINE): Java also matches just before a final line terminator ("ABC\n" matches `^[A-Z]+$`);
 * - `\s` is `[ \t\n\x0B\f\r]` in Java, JavaScript adds NBSP, BOM and the other Unicode spaces;
 * - `.` excludes U+0085 in Java as well as \n, \r, U+2028, U+2029.
 *
 * This module translates a Java pattern into a JavaScript pattern with Java's meaning for every construct
 * the SUNAT files use (and the usual others); a construct JavaScript cannot express (possessive quantifiers,
 * nested or intersected classes, inline flags, Unicode properties) raises an error naming it rather than
 * silently matching differently.
 */

const JAVA_SPACE = ' \\t\\n\\x0B\\f\\r';
const JAVA_DOT = '[^\\n\\r\\u0085\\u2028\\u2029]';
/** Java's `$` without MULTILINE: end of input, or before a final line terminator (not between \r and \n). */
const JAVA_DOLLAR = '(?:$|(?=\\r\\n$)|(?=[\\r\\u0085\\u2028\\u2029]$)|(?<!\\r)(?=\\n$))';

const POSIX: Record<string, string> = {
  Lower: 'a-z',
  Upper: 'A-Z',
  ASCII: '\\x00-\\x7F',
  Alpha: 'a-zA-Z',
  Digit: '0-9',
  Alnum: 'a-zA-Z0-9',
  Punct: '!-\\/:-@\\[-`{-~',
  Graph: '!-~',
  Print: ' -~',
  Blank: ' \\t',
  Cntrl: '\\x00-\\x1F\\x7F',
  XDigit: '0-9a-fA-F',
  Space: JAVA_SPACE,
};

export class JavaRegexError extends Error {}

function hex4(code: number): string {
  return '\\u' + code.toString(16).padStart(4, '0');
}

function escapeLiteral(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c > 0xffff) {
      out += ch.replace(/[\s\S]/g, (u) => hex4(u.charCodeAt(0)));
    } else if (/[A-Za-z0-9 ]/.test(ch)) {
      out += ch;
    } else {
      out += hex4(c);
    }
  }
  return out;
}

interface Escape {
  /** JavaScript text outside a class. */
  outside: string;
  /** JavaScript text inside a class, or null when the escape cannot be put inside one. */
  inside: string | null;
  /** Set for \S and \P{..}: a negated set that must be handled at class level. */
  negatedSet?: string;
  length: number;
}

/** Translates the escape starting at src[i] === '\\'. */
function translateEscape(src: string, i: number, where: string): Escape {
  const c = src[i + 1];
  if (c === undefined) throw new JavaRegexError(`trailing backslash in ${where}`);
  switch (c) {
    case 's':
      return { outside: `[${JAVA_SPACE}]`, inside: JAVA_SPACE, length: 2 };
    case 'S':
      return { outside: `[^${JAVA_SPACE}]`, inside: null, negatedSet: JAVA_SPACE, length: 2 };
    case 'd':
    case 'D':
    case 'w':
    case 'W':
    case 't':
    case 'n':
    case 'r':
    case 'f':
      return { outside: '\\' + c, inside: '\\' + c, length: 2 };
    case 'b':
    case 'B':
      return { outside: '\\' + c, inside: null, length: 2 };
    case 'a':
      return { outside: '\\x07', inside: '\\x07', length: 2 };
    case 'e':
      return { outside: '\\x1B', inside: '\\x1B', length: 2 };
    case 'A':
      return { outside: '^', inside: null, length: 2 };
    case 'z':
      return { outside: '$', inside: null, length: 2 };
    case 'Z':
      return { outside: JAVA_DOLLAR, inside: null, length: 2 };
    case 'h':
      return {
        outside: '[ \\t\\xA0\\u1680\\u180e\\u2000-\\u200a\\u202f\\u205f\\u3000]',
        inside: ' \\t\\xA0\\u1680\\u180e\\u2000-\\u200a\\u202f\\u205f\\u3000',
        length: 2,
      };
    case 'v':
      return { outside: '[\\n\\x0B\\f\\r\\x85\\u2028\\u2029]', inside: '\\n\\x0B\\f\\r\\x85\\u2028\\u2029', length: 2 };
    case 'x': {
      if (src[i + 2] === '{') {
        const end = src.indexOf('}', i + 3);
        if (end < 0) throw new JavaRegexError(`unclosed \\x{ in ${where}`);
        const code = parseInt(src.slice(i + 3, end), 16);
        if (!Number.isFinite(code) || code > 0xffff) throw new JavaRegexError(`unsupported \\x{..} in ${where}`);
        return { outside: hex4(code), inside: hex4(code), length: end - i + 1 };
      }
      const h = src.slice(i + 2, i + 4);
      if (!/^[0-9a-fA-F]{2}$/.test(h)) throw new JavaRegexError(`bad \\x escape in ${where}`);
      return { outside: '\\x' + h, inside: '\\x' + h, length: 4 };
    }
    case 'u': {
      const h = src.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(h)) throw new JavaRegexError(`bad \\u escape in ${where}`);
      return { outside: '\\u' + h, inside: '\\u' + h, length: 6 };
    }
    case '0': {
      const m = /^[0-7]{1,3}/.exec(src.slice(i + 2));
      if (!m) throw new JavaRegexError(`bad octal escape in ${where}`);
      let digits = m[0];
      if (digits.length === 3 && parseInt(digits[0], 8) > 3) digits = digits.slice(0, 2);
      const code = parseInt(digits, 8);
      return { outside: hex4(code), inside: hex4(code), length: 2 + digits.length };
    }
    case 'c': {
      const x = src[i + 2];
      if (x === undefined) throw new JavaRegexError(`bad \\c escape in ${where}`);
      const code = x.charCodeAt(0) ^ 64;
      return { outside: hex4(code), inside: hex4(code), length: 3 };
    }
    case 'p':
    case 'P': {
      let name: string;
      let length: number;
      if (src[i + 2] === '{') {
        const end = src.indexOf('}', i + 3);
        if (end < 0) throw new JavaRegexError(`unclosed \\p{ in ${where}`);
        name = src.slice(i + 3, end);
        length = end - i + 1;
      } else {
        name = src[i + 2] ?? '';
        length = 3;
      }
      const set = POSIX[name.replace(/^Is/, '')];
      if (set === undefined) throw new JavaRegexError(`unsupported Java character property \\${c}{${name}} in ${where}`);
      if (c === 'p') return { outside: `[${set}]`, inside: set, length };
      return { outside: `[^${set}]`, inside: null, negatedSet: set, length };
    }
    case 'Q': {
      const end = src.indexOf('\\E', i + 2);
      const literal = end < 0 ? src.slice(i + 2) : src.slice(i + 2, end);
      const length = end < 0 ? src.length - i : end - i + 2;
      return { outside: `(?:${escapeLiteral(literal)})`, inside: escapeLiteral(literal), length };
    }
    case 'k': {
      const m = /^k<([A-Za-z][A-Za-z0-9]*)>/.exec(src.slice(i + 1));
      if (!m) throw new JavaRegexError(`bad \\k escape in ${where}`);
      return { outside: '\\' + m[0], inside: null, length: 1 + m[0].length };
    }
    case 'R':
    case 'X':
    case 'G':
    case 'N':
      throw new JavaRegexError(`unsupported Java escape \\${c} in ${where}`);
    default:
      if (/[1-9]/.test(c)) {
        return { outside: '\\' + c, inside: null, length: 2 };
      }
      if (/[A-Za-z]/.test(c)) throw new JavaRegexError(`illegal escape \\${c} in ${where}`);
      // escaped punctuation or other literal character
      return { outside: hex4(c.charCodeAt(0)), inside: hex4(c.charCodeAt(0)), length: 2 };
  }
}

/** Translates a character class starting at src[i] === '['; returns JavaScript text and the length consumed. */
function translateClass(src: string, i: number, where: string): { text: string; length: number } {
  let j = i + 1;
  let negated = false;
  if (src[j] === '^') {
    negated = true;
    j++;
  }
  let body = '';
  const negatedSets: string[] = [];
  let first = true;
  for (;;) {
    const ch = src[j];
    if (ch === undefined) throw new JavaRegexError(`unclosed character class in ${where}`);
    if (ch === ']' && !first) {
      j++;
      break;
    }
    if (ch === ']' && first) {
      body += '\\]';
      j++;
    } else if (ch === '[') {
      throw new JavaRegexError(`nested character class (union) in ${where}`);
    } else if (ch === '&' && src[j + 1] === '&') {
      throw new JavaRegexError(`character class intersection (&&) in ${where}`);
    } else if (ch === '\\') {
      const e = translateEscape(src, j, where);
      if (e.negatedSet !== undefined) {
        negatedSets.push(e.negatedSet);
      } else if (e.inside === null) {
        throw new JavaRegexError(`escape ${src.slice(j, j + e.length)} inside a class in ${where}`);
      } else {
        body += e.inside;
      }
      j += e.length;
    } else {
      const code = ch.charCodeAt(0);
      body += ch === '-' ? '-' : ch === '^' ? '\\^' : code < 0x20 || code > 0x7e ? hex4(code) : ch === '/' ? '\\/' : ch;
      j++;
    }
    first = false;
  }
  const length = j - i;
  if (negatedSets.length === 0) {
    return { text: `[${negated ? '^' : ''}${body}]`, length };
  }
  if (negatedSets.length > 1) throw new JavaRegexError(`two negated sets in one class in ${where}`);
  const notSet = `[^${negatedSets[0]}]`;
  if (!negated) {
    // [abc\S] = one of abc, or any character outside the set
    return { text: body === '' ? notSet : `(?:[${body}]|${notSet})`, length };
  }
  // [^abc\S] = not abc and inside the set
  return { text: body === '' ? `[${negatedSets[0]}]` : `(?![${body}])[${negatedSets[0]}]`, length };
}

/** Translates a java.util.regex pattern into JavaScript RegExp source with the same meaning. */
export function javaToJsSource(src: string): string {
  const where = `/${src}/`;
  let out = '';
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (ch === '\\') {
      const e = translateEscape(src, i, where);
      out += e.outside;
      i += e.length;
    } else if (ch === '[') {
      const c = translateClass(src, i, where);
      out += c.text;
      i += c.length;
    } else if (ch === '.') {
      out += JAVA_DOT;
      i++;
    } else if (ch === '$') {
      out += JAVA_DOLLAR;
      i++;
    } else if (ch === '(') {
      if (src[i + 1] === '?') {
        const rest = src.slice(i + 2);
        const m = /^(:|=|!|<=|<!|<[A-Za-z][A-Za-z0-9]*>)/.exec(rest);
        if (!m) throw new JavaRegexError(`unsupported group construct (?${rest.slice(0, 3)} in ${where}`);
        out += '(?' + m[1];
        i += 2 + m[1].length;
      } else {
        out += '(';
        i++;
      }
    } else if (ch === '*' || ch === '+' || ch === '?' || ch === '}') {
      out += ch;
      i++;
      if (src[i] === '+') throw new JavaRegexError(`possessive quantifier in ${where}`);
    } else if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i));
      if (!m) throw new JavaRegexError(`illegal repetition { in ${where}`);
      out += m[0];
      i += m[0].length;
      if (src[i] === '+') throw new JavaRegexError(`possessive quantifier in ${where}`);
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

const cache = new Map<string, RegExp>();

/** The JavaScript RegExp equivalent to Pattern.compile(regex, flags) (flag 'i' = CASE_INSENSITIVE | UNICODE_CASE). */
export function javaRegex(regex: string, flags = ''): RegExp {
  const ci = flags.includes('i');
  const key = (ci ? 'i:' : ':') + regex;
  let re = cache.get(key);
  if (!re) {
    try {
      re = new RegExp(javaToJsSource(regex), ci ? 'i' : '');
    } catch (e) {
      if (e instanceof JavaRegexError) throw e;
      throw new JavaRegexError(`invalid regular expression /${regex}/: ${(e as Error).message}`);
    }
    if (cache.size > 2000) cache.clear();
    cache.set(key, re);
  }
  return re;
}

/** Matcher.find(): true when some substring matches. */
export function javaFind(input: string, regex: string, flags = ''): boolean {
  return javaRegex(regex, flags).test(input);
}

/** EXSLT regexp:match as the Java tool does it: with 'g' every match, otherwise whole match then each group. */
export function javaMatchParts(input: string, regex: string, flags = ''): string[] {
  const re = javaRegex(regex, flags);
  if (flags.includes('g')) {
    const g = new RegExp(re.source, re.flags + 'g');
    const parts: string[] = [];
    let m: RegExpExecArray | null;
    while ((m = g.exec(input)) !== null) {
      parts.push(m[0]);
      if (m[0] === '') g.lastIndex++;
    }
    return parts;
  }
  const m = re.exec(input);
  if (!m) return [];
  return Array.from(m, (g) => g ?? '');
}

/** EXSLT regexp:replace with a literal replacement (Matcher.quoteReplacement), all matches with 'g'. */
export function javaReplace(input: string, regex: string, flags: string, replacement: string): string {
  const re = javaRegex(regex, flags);
  const g = flags.includes('g') ? new RegExp(re.source, re.flags + 'g') : re;
  return input.replace(g, () => replacement);
}
