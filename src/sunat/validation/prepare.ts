/**
 * Prepares, in memory, the modules of one SUNAT rule file for SaxonJS. The vendored files are never modified;
 * the prepared texts are written to a scratch folder only to be compiled (xslt3 reads files).
 *
 * The same compatibility fixes as the Java reference tool (shared/tools/sunat-xsl, RuleResolver/Patches):
 * - xsl:include/xsl:import of `local:///X` (DataPower) and `.../sunat_archivos/sfs/VALI/X` (Facturador SFS)
 *   point to X in the tree;
 * - a module included a second time is replaced by an empty stylesheet (DataPower's dp:ignore-multiple);
 * - a module with malformed UTF-8 (the GRE file has one Latin-1 byte in a comment) is decoded with U+FFFD;
 * - SFS `findElementInCatalogProperty` gets DataPower's catalogue test back (see PATCHES).
 * And two that SaxonJS needs:
 * - `matches(x, re, '!')` (Saxon-Java's "use java.util.regex" flag, refused by SaxonJS) calls the driver's
 *   sv:java-find, which runs the pattern with Java semantics (java-regex.ts);
 * - every xsl:call-template outside validate_utils.xsl / error_utils.xsl passes a tunnel parameter sv:loc =
 *   'file:line' of that call, so the reporting templates know the rule that fired (Saxon-Java finds it by
 *   walking its stack, as the Java tool does; SaxonJS has no such API). Inserted on the same line: line
 *   numbers are unchanged.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

import { NATIVE_NS } from './native/namespace';
import { SV_NS } from './sv-ns';
import { rewriteModuleXPath } from './xpath-compat';

export { SV_NS };

export interface PreparedModule {
  /** Path relative to the xsl tree, with '/'. */
  rel: string;
  text: string;
}

export interface PreparedRules {
  ruleFile: string;
  modules: PreparedModule[];
  notes: string[];
}

interface Patch {
  file: string;
  anchor: string;
  replacement: string;
  reason: string;
}

const CATALOG_TEST_SFS =
  '<xsl:if test="count($idCatalogo) &gt;= 1 and count(document($url_catalogo)/l/c[@id=$idCatalogo and @gre-r=$valorPropiedad]) &lt; 1 ">\n' +
  '\t\n' +
  '    <!-- <xsl:if test="count(dyn:evaluate($dynEval)) &lt; 1 "> -->';
const CATALOG_TEST_DP =
  '<xsl:if test="count(document($url_catalogo)/l/c[@id=string(($idCatalogo)[1])' +
  ' and @*[name()=$propiedad]=string(($valorPropiedad)[1])]) &lt; 1 ">\n' +
  '\t\n' +
  '    <!-- sunat-xsl: DataPower test restored -->';

const CATALOG_LOOKUP = '<xsl:if test="count($idCatalogo) &gt;= 1 and count(document($url_catalogo)/l/c[@id=$idCatalogo]) &lt; 1 ">';
/**
 * Same test through a JS set of the catalogue's ids (extensions.ts catalogHas): the linear scan compared every entry of a
 * catalogue (cat_25 has ~50,000) per call, ~0.1 s per invoice line. Node-sets and strings compare as strings
 * in XPath 1.0, as key() does; anything else (a number) keeps the original scan.
 */
const CATALOG_LOOKUP_INDEXED =
  '<xsl:if test="count($idCatalogo) &gt;= 1 and (if (every $v in $idCatalogo satisfies ($v instance of node() or $v instance of Q{http://www.w3.org/2001/XMLSchema}string))' +
  ' then not(some $v in $idCatalogo satisfies Q{http://saxonica.com/ns/globalJS}sunatRulesCatalogHas(string($url_catalogo), string($v)))' +
  ' else count(document($url_catalogo)/l/c[@id=$idCatalogo]) &lt; 1)">';

/** The same look-up as a function of the native engine (native/functions.ts catalog-has). */
const CATALOG_LOOKUP_NATIVE = `<xsl:if xmlns:sv-native="${NATIVE_NS}" test="count($idCatalogo) &gt;= 1 and not(sv-native:catalog-has($url_catalogo, $idCatalogo))">`;

/** The Java tool's one source patch (Patches.java), same anchor, same replacement; then a speed-up (same findings). */
export const PATCHES: Patch[] = [
  {
    file: 'commons/error/validate_utils.xsl',
    anchor: CATALOG_TEST_SFS,
    replacement: CATALOG_TEST_DP,
    reason:
      'findElementInCatalogProperty: the SFS copy tests the catalogue attribute @gre-r whatever $propiedad is;' +
      " restored DataPower's test (the commented dyn:evaluate: attribute named $propiedad, no guard)",
  },
  {
    file: 'commons/error/validate_utils.xsl',
    anchor: CATALOG_LOOKUP,
    replacement: CATALOG_LOOKUP_INDEXED,
    reason: 'findElementInCatalog: catalogue look-up in a JS set of ids instead of a scan (same result, cat_25 ~50,000 entries)',
  },
];

/** Modules whose call-templates are not rule locations (the Java tool skips their frames). */
const UTILITY_MODULES = new Set(['commons/error/validate_utils.xsl', 'commons/error/error_utils.xsl']);

const SFS = /^(?:.*[/\\])?sunat_archivos\/sfs\/VALI\/(.*)$/;
const EMPTY_STYLESHEET = '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"/>\n';

/** Reads a module as UTF-8; malformed bytes become U+FFFD (noted). */
function readModule(file: string, rel: string, notes: string[]): string {
  const bytes = readFileSync(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    const bad = (text.match(/\uFFFD/g) ?? []).length;
    notes.push(`malformed UTF-8 in ${rel}: ${bad} byte sequence(s) replaced by U+FFFD`);
    return text;
  }
}

/** [start, end) ranges of XML comments, CDATA sections and processing instructions. */
function opaqueRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const re = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) ranges.push([m.index, m.index + m[0].length]);
  return ranges;
}

function inside(ranges: Array<[number, number]>, at: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [s, e] = ranges[mid];
    if (at < s) hi = mid - 1;
    else if (at >= e) lo = mid + 1;
    else return true;
  }
  return false;
}

function applyPatch(text: string, p: Patch): string | null {
  const at = text.indexOf(p.anchor);
  if (at < 0 || text.indexOf(p.anchor, at + 1) >= 0) return null;
  return text.slice(0, at) + p.replacement + text.slice(at + p.anchor.length);
}

/** Target of an include href, relative to the tree ('/' separators); null when outside it. */
function resolveHref(href: string, fromRel: string): string | null {
  let rel: string;
  if (href.startsWith('local:///')) {
    rel = href.slice('local:///'.length);
  } else {
    const m = SFS.exec(href.replace(/\\/g, '/'));
    if (m) rel = m[1];
    else if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(href) || href.startsWith('/')) return null;
    else rel = path.posix.join(path.posix.dirname(fromRel), href);
  }
  rel = path.posix.normalize(rel);
  if (rel.startsWith('../') || rel === '..') return null;
  return rel;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/'/g, '&apos;');
}

/** Adds the sv:loc tunnel parameter to every xsl:call-template of a rule module. */
function addRuleLocations(text: string, rel: string, ranges: Array<[number, number]>): string {
  const re = /<xsl:call-template\b[^>]*?(\/?)>/g;
  let out = '';
  let last = 0;
  let line = 1;
  let counted = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (inside(ranges, m.index)) continue;
    const end = m.index + m[0].length; // just after '>' of the start tag: where a SAX locator reports it
    for (let i = counted; i < end; i++) if (text.charCodeAt(i) === 10) line++;
    counted = end;
    const param = `<xsl:with-param xmlns:sv="${SV_NS}" name="sv:loc" tunnel="yes" select="'${escapeAttr(`${rel}:${line}`)}'"/>`;
    if (m[1] === '/') {
      out += text.slice(last, end - 2) + '>' + param + '</xsl:call-template>';
    } else {
      out += text.slice(last, end) + param;
    }
    last = end;
  }
  return out + text.slice(last);
}

/** `matches(x, re, '!')` -> sv:java-find(x, re) (see the file comment). */
function replaceJavaMatches(text: string): { text: string; count: number } {
  let count = 0;
  const out = text.replace(/\bmatches\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*,\s*'!'\s*\)/g, (_all, a: string, b: string) => {
    count++;
    return `Q{${SV_NS}}java-find(${a}, ${b})`;
  });
  return { text: out, count };
}

/**
 * `concat(x)` with one argument -> `concat(x, '')`: XPath 1.0 processors and Saxon-Java accept it (= string(x)),
 * SaxonJS's compiler rejects it (XPST0017, concat needs two arguments in XPath 3.1).
 */
function fixSingleArgumentConcat(text: string, ranges: Array<[number, number]>): { text: string; count: number } {
  let count = 0;
  let out = '';
  let last = 0;
  const re = /(?<![\w.:-])concat\(/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (inside(ranges, m.index)) continue;
    let depth = 0;
    let quote: string | null = null;
    let commas = 0;
    let j = m.index + m[0].length - 1;
    for (; j < text.length; j++) {
      const ch = text[j];
      if (quote !== null) {
        if (text.startsWith(quote, j)) {
          j += quote.length - 1;
          quote = null;
        }
        continue;
      }
      if (ch === "'") quote = "'";
      else if (text.startsWith('&quot;', j)) {
        quote = '&quot;';
        j += 5;
      } else if (ch === '"' || ch === '<')
        break; // end of the attribute: give up
      else if (ch === '(') depth++;
      else if (ch === ')') {
        depth--;
        if (depth === 0) break;
      } else if (ch === ',' && depth === 1) commas++;
    }
    if (text[j] !== ')' || depth !== 0 || commas > 0) continue;
    out += text.slice(last, j) + ", ''";
    last = j;
    count++;
  }
  return { text: out + text.slice(last), count };
}

/**
 * Prepares the modules reachable from ruleFile (relative to xslRoot), in the order an XSLT compiler loads
 * them (depth first, document order), with the fixes above.
 */
export function prepareRules(xslRoot: string, ruleFile: string, engine: 'saxon' | 'native' = 'saxon'): PreparedRules {
  const saxon = engine === 'saxon';
  const notes: string[] = [];
  const modules: PreparedModule[] = [];
  const loaded = new Set<string>();
  let ignored = 0;

  const load = (rel: string, via: string): void => {
    loaded.add(rel);
    const file = path.join(xslRoot, ...rel.split('/'));
    let text: string;
    try {
      text = readModule(file, rel, notes);
    } catch (e) {
      throw new Error(`SUNAT rule module not found: ${rel} (included from ${via}): ${(e as Error).message}`, { cause: e });
    }
    for (const p0 of PATCHES.filter((x) => x.file === rel)) {
      const p = !saxon && p0.replacement === CATALOG_LOOKUP_INDEXED ? { ...p0, replacement: CATALOG_LOOKUP_NATIVE } : p0;
      const patched = applyPatch(text, p);
      if (patched === null) {
        throw new Error(`Compatibility patch no longer applies to ${rel} (anchor not there exactly once): ${p.reason}`);
      }
      text = patched;
      notes.push(`patched ${rel}: ${p.reason}`);
    }
    if (!saxon) {
      // the native engine implements XPath 1.0 semantics, Java regex matches and rule locations itself
      modules.push({ rel, text });
      const entry = modules[modules.length - 1];
      includes(entry, opaqueRanges(text));
      return;
    }
    {
      const r0 = opaqueRanges(text);
      const x = rewriteModuleXPath(text, (at) => inside(r0, at));
      text = x.text;
      if (x.rewritten > 0) notes.push(`${rel}: ${x.rewritten} XPath expressions given explicit XPath 1.0 semantics`);
      for (const f of x.failures) notes.push(`${rel}: XPath left as it is (not understood): ${f}`);
    }
    const jm = replaceJavaMatches(text);
    if (jm.count > 0) {
      text = jm.text;
      notes.push(`${rel}: ${jm.count} matches(…, '!') (Java regex flag) run with java.util.regex semantics`);
    }
    let ranges = opaqueRanges(text);
    const cc = fixSingleArgumentConcat(text, ranges);
    if (cc.count > 0) {
      text = cc.text;
      ranges = opaqueRanges(text);
      notes.push(`${rel}: ${cc.count} concat() with one argument given a second '' (SaxonJS requires two)`);
    }
    if (!UTILITY_MODULES.has(rel)) {
      text = addRuleLocations(text, rel, ranges);
      ranges = opaqueRanges(text);
    }
    const entry: PreparedModule = { rel, text };
    modules.push(entry);
    includes(entry, ranges);
  };

  /** Loads the modules entry includes or imports, in document order, depth first, and points its hrefs to them. */
  const includes = (entry: PreparedModule, ranges: Array<[number, number]>): void => {
    const { rel, text } = entry;
    // includes/imports in document order, depth first
    const inc = /<xsl:(include|import)\b([^>]*?)\bhref\s*=\s*(["'])(.*?)\3([^>]*?)\/?>/g;
    let out = '';
    let last = 0;
    let m: RegExpExecArray | null;
    while ((m = inc.exec(text)) !== null) {
      if (inside(ranges, m.index)) continue;
      const href = m[4];
      const target = resolveHref(href, rel);
      if (target === null) throw new Error(`${rel}: include outside the SUNAT xsl tree: ${href}`);
      let newHref: string;
      if (loaded.has(target)) {
        ignored++;
        const stub = `sunat-rules-ignored-${ignored}.xsl`;
        modules.push({ rel: stub, text: EMPTY_STYLESHEET });
        notes.push(`included twice, second copy ignored (dp:ignore-multiple): ${target}`);
        newHref = path.posix.relative(path.posix.dirname(rel), stub);
      } else {
        newHref = path.posix.relative(path.posix.dirname(rel), target);
        load(target, rel);
      }
      const hrefStart = m.index + m[0].indexOf(m[3] + href + m[3]);
      out += text.slice(last, hrefStart) + m[3] + escapeAttr(newHref) + m[3];
      last = hrefStart + href.length + 2;
    }
    entry.text = out + text.slice(last);
  };

  load(ruleFile, 'driver');
  return { ruleFile, modules, notes };
}
