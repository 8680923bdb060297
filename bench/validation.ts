/*
 * Issue 16: what SUNAT's rules cost per created document. For each document type: build+sign+zip per second,
 * and the same with the pre-send validation (validateSunatRules on the signed XML), one thread, warm rules.
 */
import { performance } from 'node:perf_hooks';
import { createSelfSignedCert } from '@/sunat/simulator/crypto/self-signed';
import { validateSunatRules } from '@/sunat/validation';
import { zipDocument } from '@/sunat/zip/zip';
import { ownDocuments, signForTest } from '../test/support/sunat-rule-cases';

async function rate(seconds: number, task: () => unknown | Promise<unknown>): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const started = performance.now();
  while (performance.now() < end) {
    await task();
    n++;
  }
  return n / ((performance.now() - started) / 1000);
}

export async function runValidationBench({ seconds }: { seconds: number }): Promise<void> {
  const key = createSelfSignedCert('BENCH');
  const docs = ownDocuments(key);
  const unsigned = (xml: string) => xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
  console.log('\nSUNAT rules before sending (issue 16): documents/s, one thread, rules compiled and warm');
  const rows: string[][] = [];
  for (const d of docs) {
    const xml = unsigned(d.xml);
    const t0 = performance.now();
    await validateSunatRules(d.tipo, d.xml, { fileName: `${d.name}.xml` }); // compile / load once
    const warm = performance.now() - t0;
    const without = await rate(seconds, () => zipDocument(d.name, signForTest(key, xml)));
    const withRules = await rate(seconds, async () => {
      const signed = signForTest(key, xml);
      await validateSunatRules(d.tipo, signed, { fileName: `${d.name}.xml` });
      return zipDocument(d.name, signed);
    });
    rows.push([
      d.tipo,
      without.toFixed(0),
      withRules.toFixed(0),
      `${(1000 / withRules - 1000 / without).toFixed(1)} ms`,
      `${((withRules / without) * 100).toFixed(0)} %`,
      `${warm.toFixed(0)} ms`,
    ]);
  }
  const header = ['tipo', 'sign+zip/s', 'sign+rules+zip/s', 'rules per doc', 'kept', 'first (load)'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const r of [header, ...rows]) console.log(r.map((c, i) => c.padStart(widths[i])).join('  '));
}

if (require.main === module) {
  const i = process.argv.indexOf('--seconds');
  runValidationBench({ seconds: i >= 0 ? Number(process.argv[i + 1]) : 3 }).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
