/*
 * Issue 16: what SUNAT's rules cost per created document. For each document type: build+sign+zip per second,
 * the same with the pre-send validation in this thread (validateSunatRules inline), and with the validation in
 * the worker pool (what the service does: the event loop signs and zips while workers validate; several
 * documents in flight). The event loop's worst delay during the pool run is what a request waits at most.
 */
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createSelfSignedCert } from '@/sunat/simulator/crypto/self-signed';
import { runSunatRules, SunatRulesPool, useSunatRulesPool, validateSunatRules } from '@/sunat/validation';
import { rulesEngine } from '@/sunat/validation/engine';
import { DOC_TYPES, ruleFileFor, TIPOS } from '@/sunat/validation/tipos';
import { zipDocument } from '@/sunat/zip/zip';
import { ownDocuments, signForTest } from '../test/support/sunat-rule-cases';

/** Documents per second of `task` with `concurrency` of them in flight. */
async function rate(seconds: number, task: () => unknown | Promise<unknown>, concurrency = 1): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await task();
        n++;
      }
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export async function runValidationBench({ seconds }: { seconds: number }): Promise<void> {
  const key = createSelfSignedCert('BENCH');
  const docs = ownDocuments(key);
  const unsigned = (xml: string) => xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
  const size = Number(option('rules-workers') ?? 0) || undefined;
  // --saxon: also the SaxonJS engine inline (SUNAT_RULES_ENGINE=saxon; compiles its rules first, minutes when cold)
  const withSaxon = process.argv.includes('--saxon');
  const ruleFiles = [...new Set([...TIPOS.map((t) => DOC_TYPES[t].rules), ruleFileFor('RC', '1.0')])];
  const pool = new SunatRulesPool({ size, warmRuleFiles: ruleFiles });
  const t0 = performance.now();
  await pool.ready();
  const poolReady = performance.now() - t0;
  const inFlight = pool.size * 2 + 1;
  console.log(
    `\nSUNAT rules before sending (issue 16), ${rulesEngine()} engine: documents/s; inline = validation on the event loop, pool = ${pool.size} worker thread(s) ` +
      `(${availableParallelism()} CPUs), ${inFlight} documents in flight; first pool worker warm in ${poolReady.toFixed(0)} ms`,
  );
  const rows: string[][] = [];
  for (const d of docs) {
    const xml = unsigned(d.xml);
    const opts = { fileName: `${d.name}.xml` };
    const w0 = performance.now();
    await runSunatRules(d.tipo, d.xml, opts); // compile / load once in this thread
    if (withSaxon) await runSunatRules(d.tipo, d.xml, { ...opts, engine: 'saxon' });
    const warm = performance.now() - w0;
    const without = await rate(seconds, () => zipDocument(d.name, signForTest(key, xml)));
    const inline = await rate(seconds, async () => {
      const signed = signForTest(key, xml);
      await validateSunatRules(d.tipo, signed, opts);
      return zipDocument(d.name, signed);
    });
    useSunatRulesPool(pool);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const pooled = await rate(
      seconds,
      async () => {
        const signed = signForTest(key, xml);
        await validateSunatRules(d.tipo, signed, opts);
        return zipDocument(d.name, signed);
      },
      inFlight,
    );
    delay.disable();
    useSunatRulesPool(null);
    const saxon = withSaxon
      ? await rate(seconds, async () => {
          const signed = signForTest(key, xml);
          await validateSunatRules(d.tipo, signed, { ...opts, engine: 'saxon' });
          return zipDocument(d.name, signed);
        })
      : NaN;
    rows.push([
      d.tipo,
      without.toFixed(0),
      inline.toFixed(0),
      `${(1000 / inline - 1000 / without).toFixed(1)} ms`,
      `${((inline / without) * 100).toFixed(0)} %`,
      pooled.toFixed(0),
      `${((pooled / without) * 100).toFixed(0)} %`,
      `${(delay.max / 1e6).toFixed(0)} ms`,
      `${warm.toFixed(0)} ms`,
      ...(withSaxon ? [saxon.toFixed(1)] : []),
    ]);
  }
  await pool.close();
  const header = [
    'tipo',
    'sign+zip/s',
    'inline/s',
    'rules per doc',
    'kept',
    'pool/s',
    'kept',
    'loop max delay',
    'first (load)',
    ...(withSaxon ? ['saxon inline/s'] : []),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const r of [header, ...rows]) console.log(r.map((c, i) => c.padStart(widths[i])).join('  '));
}

if (require.main === module) {
  const s = option('seconds');
  runValidationBench({ seconds: s ? Number(s) : 3 }).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
