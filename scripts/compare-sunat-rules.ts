/**
 * Compares the Node engine for SUNAT's XSL rules (src/sunat/validation) with the Java reference tool
 * (shared/tools/sunat-xsl) on UBL documents.
 *
 *   npx ts-node -r tsconfig-paths/register --transpile-only scripts/compare-sunat-rules.ts \
 *       [--record] [--today YYYY-MM-DD] [--nodes] [--first] <files or folders>...
 *
 * For every XML file (folders are walked; cdr/ and soap/ are skipped) the tipo is inferred from the root element
 * (Invoice: 01 or 03 from InvoiceTypeCode; SummaryDocuments RC, VoidedDocuments RA). Both engines run with the
 * same date and the same file name (the file's own name when it follows SUNAT's naming, else built from the XML).
 * Prints a table (file, tipo, Node codes, Java codes, agree) and exits 1 on any disagreement in codes, counts,
 * order or severities (--nodes: also in the node column; --first: both stop at the first error, as SUNAT). --record writes the Java results of the files under
 * vendor/sunat/samples to vendor/sunat/samples/expected-codes.json.
 *
 * Java tool: $SUNAT_XSL_VALIDATE (required: the path of the tool's `validate`; CI builds it), run on the
 * same vendored tree.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { runSunatRules, isSunatFileName, type SunatRulesTipo } from '../src/sunat/validation';
import { NS } from '../src/sunat/validation/tipos';
import { repoRoot, xslRoot } from '../src/sunat/validation/paths';

interface Item {
  code: string;
  error: boolean;
  node: string;
}

interface Outcome {
  items: Item[];
  failure?: string;
}

const SKIP_DIRS = new Set(['cdr', 'soap']);

function walk(p: string, out: string[]): void {
  const st = statSync(p);
  if (st.isDirectory()) {
    for (const name of readdirSync(p).sort()) {
      const child = path.join(p, name);
      if (statSync(child).isDirectory()) {
        if (!SKIP_DIRS.has(name)) walk(child, out);
      } else if (name.toLowerCase().endsWith('.xml')) out.push(child);
    }
  } else out.push(p);
}

/** Tipo of a document from its root element (and InvoiceTypeCode / cbc:ID); null when not one of the 7. */
function inferTipo(file: string): SunatRulesTipo | null {
  const text = readFileSync(file, 'latin1');
  const body = text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  const m = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)\b([^>]*)>/.exec(body);
  if (!m) return null;
  const prefix = m[1] ? m[1].slice(0, -1) : '';
  const ns = new RegExp(`xmlns${prefix ? ':' + prefix : ''}\\s*=\\s*["']([^"']*)["']`).exec(m[3])?.[1] ?? '';
  const local = m[2];
  const idPrefix = /<(?:\w+:)?ID\b[^>]*>\s*(R[ACR])-/.exec(body)?.[1];
  if (local === 'Invoice' && ns === NS.invoice) {
    const code = /<(?:\w+:)?InvoiceTypeCode\b[^>]*>\s*([0-9]{2})\s*</.exec(body)?.[1];
    if (code === '03') return '03';
    if (code === '01') return '01';
    return /-03-/.test(path.basename(file)) ? '03' : '01';
  }
  if (local === 'CreditNote' && ns === NS.creditNote) return '07';
  if (local === 'DebitNote' && ns === NS.debitNote) return '08';
  if (local === 'DespatchAdvice' && ns === NS.despatch) return '09';
  if (local === 'SummaryDocuments' && ns === NS.summary) return 'RC';
  if (local === 'VoidedDocuments' && ns === NS.voided) return idPrefix === 'RR' ? null : 'RA';
  return null;
}

function todayInLima(): string {
  return new Date(Date.now() - 5 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The Java reference validator: $SUNAT_XSL_VALIDATE (this repository does not carry it). */
function javaTool(): string {
  const tool = process.env.SUNAT_XSL_VALIDATE;
  if (!tool) throw new Error('SUNAT_XSL_VALIDATE must name the Java tool (sunat-xsl/validate) to compare with');
  return tool;
}

/** Runs the Java tool on several files of one tipo (one JVM, rules compiled once). */
function runJava(tipo: SunatRulesTipo, files: string[], today: string, first: boolean): Promise<Map<string, Outcome>> {
  const validate = javaTool();
  return new Promise((resolve) => {
    execFile(
      validate,
      ['-v', '--today', today, ...(first ? ['--first'] : []), tipo, ...files],
      { env: { ...process.env, SUNAT_XSL_DIR: xslRoot() }, maxBuffer: 64 * 1024 * 1024, timeout: 600_000 },
      (error, stdout, stderr) => {
        const results = new Map<string, Outcome>();
        let current: Outcome | null = files.length === 1 ? { items: [] } : null;
        if (current) results.set(files[0], current);
        for (const line of stdout.split('\n')) {
          if (line.startsWith('== ')) {
            current = { items: [] };
            results.set(line.slice(3), current);
            continue;
          }
          const cols = line.split('\t');
          if (current && cols.length >= 4) {
            current.items.push({ code: cols[0], error: cols[3] === 'error' || cols[0] === '0306', node: cols[2] });
          } else if (current && cols.length === 3 && cols[0] === '0306') {
            current.items.push({ code: '0306', error: true, node: cols[2] });
          }
        }
        for (const line of stderr.split('\n')) {
          const m = /^sunat-xsl: (.*?): (.*)$/.exec(line);
          if (m && results.has(m[1])) results.get(m[1])!.failure = m[2];
          else if (/^sunat-xsl: /.test(line)) {
            for (const f of files) {
              const r = results.get(f) ?? { items: [] };
              r.failure ??= line.replace(/^sunat-xsl: /, '');
              results.set(f, r);
            }
          }
        }
        for (const f of files) {
          if (!results.has(f)) results.set(f, { items: [], failure: `no output from the Java tool (${error?.message ?? 'no block'})` });
        }
        resolve(results);
      },
    );
  });
}

async function runNode(tipo: SunatRulesTipo, file: string, today: string, first: boolean): Promise<Outcome> {
  const own = path.basename(file);
  try {
    const r = await runSunatRules(tipo, readFileSync(file), { today, fileName: isSunatFileName(own, tipo) ? own : undefined, stopAtFirst: first });
    return { items: r.findings.map((f) => ({ code: f.codigo, error: f.severidad === 'error', node: f.ubicacion })) };
  } catch (e) {
    return { items: [], failure: (e as Error).message };
  }
}

/** "1008 1037 3103×2 …" in order of first appearance, as the Java tool's results tables. */
function summary(items: Item[], error: boolean): string {
  const counts = new Map<string, number>();
  for (const i of items.filter((x) => x.error === error)) counts.set(i.code, (counts.get(i.code) ?? 0) + 1);
  return [...counts].map(([c, n]) => (n > 1 ? `${c}×${n}` : c)).join(' ') || '-';
}

function describe(o: Outcome): string {
  if (o.failure) return `could not run: ${o.failure}`;
  return `E: ${summary(o.items, true)} / O: ${summary(o.items, false)}`;
}

/** Same codes, counts, order and severities; or both engines refused to run (e.g. sum() of a non-numeric amount). */
function sameCodes(a: Outcome, b: Outcome): boolean {
  if (a.failure && b.failure) return true;
  if (a.failure || b.failure) return false;
  const seq = (o: Outcome, error: boolean) =>
    o.items
      .filter((i) => i.error === error)
      .map((i) => i.code)
      .join(' ');
  return seq(a, true) === seq(b, true) && seq(a, false) === seq(b, false);
}

function sameNodes(a: Outcome, b: Outcome): boolean {
  if (a.failure && b.failure) return true;
  const seq = (o: Outcome) => o.items.map((i) => `${i.code}|${i.error}|${i.node}`).join('\n');
  return seq(a) === seq(b);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  let record = false;
  let checkNodes = false;
  let first = false;
  let today = todayInLima();
  const inputs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--record') record = true;
    else if (args[i] === '--nodes') checkNodes = true;
    else if (args[i] === '--first') first = true;
    else if (args[i] === '--today') today = args[++i];
    else inputs.push(args[i]);
  }
  if (inputs.length === 0) {
    console.error('usage: compare-sunat-rules.ts [--record] [--today YYYY-MM-DD] [--nodes] [--first] <files or folders>...');
    return 2;
  }
  const files: string[] = [];
  for (const p of inputs) {
    if (!existsSync(p)) {
      console.error(`compare-sunat-rules: no such file or folder: ${p}`);
      return 2;
    }
    walk(path.resolve(p), files);
  }
  const byTipo = new Map<SunatRulesTipo, string[]>();
  const skipped: string[] = [];
  for (const f of files) {
    const tipo = inferTipo(f);
    if (tipo === null) skipped.push(f);
    else byTipo.set(tipo, [...(byTipo.get(tipo) ?? []), f]);
  }
  const samplesDir = path.join(repoRoot(), 'vendor', 'sunat', 'samples');
  const rows: string[] = [];
  const recorded: Record<string, { tipo: SunatRulesTipo; errors: string[]; observaciones: string[] }> = {};
  let disagreements = 0;
  let nodeDisagreements = 0;
  let total = 0;
  const rel = (f: string) => path.relative(process.cwd(), f);
  for (const [tipo, list] of byTipo) {
    const java = await runJava(tipo, list, today, first);
    for (const f of list) {
      total++;
      const n = await runNode(tipo, f, today, first);
      const j = java.get(f)!;
      const agree = sameCodes(n, j);
      const nodesAgree = agree && sameNodes(n, j);
      if (!agree) disagreements++;
      if (agree && !nodesAgree) nodeDisagreements++;
      const verdict = !agree ? '**NO**' : n.failure ? 'yes (both could not run)' : nodesAgree ? 'yes' : checkNodes ? '**NO** (nodes)' : 'yes (nodes differ)';
      rows.push(`| \`${rel(f)}\` | ${tipo} | ${describe(n)} | ${describe(j)} | ${verdict} |`);
      if (agree && !nodesAgree) {
        const jn = j.items.map((i) => `${i.code} ${i.node}`);
        const nn = n.items.map((i) => `${i.code} ${i.node}`);
        for (let k = 0; k < Math.max(jn.length, nn.length); k++) {
          if (jn[k] !== nn[k]) console.error(`  node differs in ${rel(f)}: node "${nn[k]}" java "${jn[k]}"`);
        }
      }
      const r = path.relative(samplesDir, f);
      if (record && !r.startsWith('..') && !path.isAbsolute(r) && !j.failure) {
        recorded[r.split(path.sep).join('/')] = {
          tipo,
          errors: j.items.filter((i) => i.error).map((i) => i.code),
          observaciones: j.items.filter((i) => !i.error).map((i) => i.code),
        };
      }
    }
  }
  console.log(`today ${today}; Java tool ${javaTool()}`);
  console.log('| File | Tipo | Node (E: errors / O: observaciones) | Java | Agree |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  for (const s of skipped) console.log(`skipped (not a UBL document of tipo 01/03/07/08/09/RC/RA): ${rel(s)}`);
  console.log(
    `${total - disagreements} of ${total} agree on codes and severities` +
      (nodeDisagreements ? `; ${nodeDisagreements} of those differ in the node column` : '; node column identical'),
  );
  if (record && first) {
    console.error('compare-sunat-rules: --record ignored with --first');
  } else if (record) {
    const target = path.join(samplesDir, 'expected-codes.json');
    // merge: entries of files not run this time are kept
    const previous = existsSync(target) ? (JSON.parse(readFileSync(target, 'utf8')) as typeof recorded) : {};
    const merged = { ...previous, ...recorded };
    const sorted = Object.fromEntries(
      Object.keys(merged)
        .sort()
        .map((k) => [k, merged[k]]),
    );
    writeFileSync(target, JSON.stringify(sorted, null, 2) + '\n');
    console.log(`recorded ${Object.keys(recorded).length} Java results in ${rel(target)} (${Object.keys(sorted).length} entries)`);
  }
  return disagreements > 0 || (checkNodes && nodeDisagreements > 0) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(2);
  },
);
