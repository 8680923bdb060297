/**
 * JavaScript side of the non-standard functions SUNAT's rule files call (EXSLT regexp and dates, IBM DataPower
 * dp:*, SUNAT's gemfunc:is-blank). The driver stylesheet declares them as xsl:function and calls these through
 * SaxonJS's global-JavaScript namespace (http://saxonica.com/ns/globalJS), so they must be properties of
 * globalThis. Semantics follow the Java reference tool (shared/tools/sunat-xsl, Functions.java).
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { javaFind, javaMatchParts, javaReplace } from './java-regex';
import { xslRoot } from './paths';

/** Names under which the functions are published on globalThis (the driver calls js:<name>). */
export const JS = {
  find: 'sunatRulesJavaFind',
  match: 'sunatRulesRegexpMatch',
  replace: 'sunatRulesRegexpReplace',
  dateOf: 'sunatRulesDateOf',
  seconds: 'sunatRulesSeconds',
  difference: 'sunatRulesDifference',
  certSerial: 'sunatRulesCertSerial',
  radix: 'sunatRulesRadixConvert',
  catalogHas: 'sunatRulesCatalogHas',
} as const;

const DATE = /^(-?\d{4,})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;
const DURATION = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Java's String.trim(): strips chars <= U+0020 at both ends. */
function javaTrim(s: string): string {
  return s.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysFromCivil(y: number, m: number, d: number): number {
  // proleptic Gregorian, as java.time.LocalDate.toEpochDay
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Seconds since the epoch of an xs:date / xs:dateTime lexical value (no zone = UTC); null when not a date. */
export function epochSeconds(input: string): number | null {
  const m = DATE.exec(javaTrim(input));
  if (!m) return null;
  const y = parseInt(m[1], 10);
  const mo = parseInt(m[2], 10);
  const d = parseInt(m[3], 10);
  if (mo < 1 || mo > 12 || d < 1) return null;
  const monthDays = [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  if (d > monthDays || Math.abs(y) > 999999999) return null;
  let secs = daysFromCivil(y, mo, d) * 86400;
  if (m[4] !== undefined) {
    const h = parseInt(m[4], 10);
    const mi = parseInt(m[5], 10);
    const se = parseInt(m[6], 10);
    if (h > 24 || mi > 59 || se > 60) return null;
    secs += h * 3600 + mi * 60 + se;
    if (m[7] !== undefined) secs += parseFloat('0' + m[7]);
  }
  const tz = m[8];
  if (tz !== undefined && tz !== 'Z') {
    const sign = tz[0] === '-' ? -1 : 1;
    const off = parseInt(tz.slice(1, 3), 10) * 3600 + parseInt(tz.slice(4, 6), 10) * 60;
    secs -= sign * off;
  }
  return secs;
}

/** Total seconds of an xs:duration without years or months; NaN otherwise. */
export function durationSeconds(input: string): number {
  const s = javaTrim(input);
  const m = DURATION.exec(s);
  if (!m || s === 'P' || s.endsWith('T')) return NaN;
  if (m[2] !== undefined || m[3] !== undefined) return NaN;
  let secs = 0;
  if (m[4] !== undefined) secs += parseFloat(m[4]) * 86400;
  if (m[5] !== undefined) secs += parseFloat(m[5]) * 3600;
  if (m[6] !== undefined) secs += parseFloat(m[6]) * 60;
  if (m[7] !== undefined) secs += parseFloat(m[7]);
  return m[1] !== undefined ? -secs : secs;
}

/** Java's String.valueOf(double) for the values durations produce (integral part + fraction). */
function javaDouble(x: number): string {
  if (Number.isInteger(x)) return x.toFixed(1);
  return String(x);
}

/** Seconds formatted as an xs:duration in days, hours, minutes and seconds, as the Java tool does. */
export function formatDuration(seconds: number): string {
  if (seconds === 0) return 'PT0S';
  let b = seconds < 0 ? '-P' : 'P';
  const abs = Math.abs(seconds);
  const total = Math.trunc(abs);
  const fraction = abs - total;
  const days = Math.floor(total / 86400);
  const rest = total % 86400;
  if (days > 0) b += `${days}D`;
  if (rest > 0 || fraction > 0) {
    b += 'T';
    if (Math.floor(rest / 3600) > 0) b += `${Math.floor(rest / 3600)}H`;
    if (Math.floor((rest % 3600) / 60) > 0) b += `${Math.floor((rest % 3600) / 60)}M`;
    if (rest % 60 > 0 || fraction > 0) b += (fraction > 0 ? javaDouble((rest % 60) + fraction) : String(rest % 60)) + 'S';
  }
  return b;
}

/** date:date(x): the date part of a date/dateTime with its zone; '' when not a date. */
export function dateOf(input: string): string {
  const m = DATE.exec(javaTrim(input));
  if (!m) return '';
  return `${m[1]}-${m[2]}-${m[3]}${m[8] ?? ''}`;
}

/** date:seconds(x): seconds of a duration, or since the epoch of a date/dateTime; NaN otherwise. */
export function seconds(input: string): number {
  const s = javaTrim(input);
  if (s.startsWith('P') || s.startsWith('-P')) return durationSeconds(s);
  const e = epochSeconds(s);
  return e === null ? NaN : e;
}

/** date:difference(start, end): duration from start to end; '' when either is not a date. */
export function difference(start: string, end: string): string {
  const a = epochSeconds(start);
  const b = epochSeconds(end);
  if (a === null || b === null) return '';
  return formatDuration(b - a);
}

/** dp:get-cert-serial('cert:BASE64DER'): decimal serial number of an X.509 certificate; '' when unreadable. */
export function certSerial(input: string): string {
  let s = javaTrim(input);
  if (s.startsWith('cert:')) s = s.slice(5);
  try {
    const der = Buffer.from(s.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    const cert = new X509Certificate(der);
    return BigInt('0x' + cert.serialNumber).toString(10);
  } catch {
    return '';
  }
}

/** dp:radix-convert(value, from, to): integer base conversion (upper case); '' when not a number. */
export function radixConvert(value: string, from: number, to: number): string {
  const digits = '0123456789abcdefghijklmnopqrstuvwxyz';
  const s = javaTrim(value).toLowerCase();
  const f = Math.trunc(from);
  const t = Math.trunc(to);
  if (!(f >= 2 && f <= 36 && t >= 2 && t <= 36)) return '';
  const m = /^([+-]?)([0-9a-z]+)$/.exec(s);
  if (!m) return '';
  let n = 0n;
  for (const ch of m[2]) {
    const d = digits.indexOf(ch);
    if (d < 0 || d >= f) return '';
    n = n * BigInt(f) + BigInt(d);
  }
  if (m[1] === '-') n = -n;
  return n.toString(t).toUpperCase();
}

const catalogIds = new Map<string, Set<string>>();

/**
 * True when SUNAT's catalogue file (…/cpe/catalogo/cat_NN.xml, read from the vendored tree once) has an entry
 * `<c id="id">`: the indexed form of findElementInCatalog's `document($url)/l/c[@id=$id]` (prepare.ts).
 */
export function catalogHas(url: string, id: string): boolean {
  const m = /(?:^|\/)cpe\/catalogo\/(cat_[0-9A-Za-z]+\.xml)$/.exec(url);
  if (!m) throw new Error(`SUNAT rules: unexpected catalogue URL ${url}`);
  let ids = catalogIds.get(m[1]);
  if (!ids) {
    const text = readFileSync(path.join(xslRoot(), 'commons', 'cpe', 'catalogo', m[1]), 'utf8');
    ids = new Set<string>();
    // attribute values of the vendored catalogues carry no entities (checked: no '&' inside id="…")
    for (const c of text.matchAll(/<c\s[^>]*?\bid="([^"]*)"/g)) ids.add(c[1]);
    catalogIds.set(m[1], ids);
  }
  return ids.has(id);
}

let installed = false;

/** Publishes the functions on globalThis (idempotent). */
export function installExtensionFunctions(): void {
  if (installed) return;
  const g = globalThis as unknown as Record<string, unknown>;
  g[JS.find] = (input: string, regex: string): boolean => javaFind(String(input), String(regex));
  // one string per part, joined by U+E000 (private use): SaxonJS turns a returned string into xs:string
  g[JS.match] = (input: string, regex: string, flags: string): string[] => javaMatchParts(String(input), String(regex), String(flags));
  g[JS.replace] = (input: string, regex: string, flags: string, replacement: string): string =>
    javaReplace(String(input), String(regex), String(flags), String(replacement));
  g[JS.dateOf] = (input: string): string => dateOf(String(input));
  g[JS.seconds] = (input: string): number => seconds(String(input));
  g[JS.difference] = (a: string, b: string): string => difference(String(a), String(b));
  g[JS.certSerial] = (input: string): string => certSerial(String(input));
  g[JS.radix] = (value: string, from: number, to: number): string => radixConvert(String(value), Number(from), Number(to));
  g[JS.catalogHas] = (url: string, id: string): boolean => catalogHas(String(url), String(id));
  installed = true;
}
