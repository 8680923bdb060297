import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { createSelfSignedCert } from '@/sunat/simulator/crypto/self-signed';
import { ownDocuments } from '../../../../test/support/sunat-rule-cases';
import { runSunatRules } from '../run';
import { repoRoot } from '../paths';
import { DOC_TYPES, isSunatFileName, ruleFileFor, TIPOS } from '../tipos';
import { warmSunatRules } from '../engine';
import type { SunatRulesTipo } from '../types';

// The native engine is checked against SaxonJS (the previous engine, itself checked against SUNAT's Java tool;
// CI also compares the native engine with the Java tool on every document the e2e tests sign). SaxonJS compiles
// each rule file once, minutes on a loaded machine when its disk cache is cold.
const SLOW = 600_000;
const TODAY = '2026-01-15';

function tipoOf(xml: string): SunatRulesTipo {
  if (/<(\w+:)?SummaryDocuments[\s>]/.test(xml)) return 'RC';
  if (/<(\w+:)?VoidedDocuments[\s>]/.test(xml)) return 'RA';
  if (/<(\w+:)?DespatchAdvice[\s>]/.test(xml)) return '09';
  if (/<(\w+:)?CreditNote[\s>]/.test(xml)) return '07';
  if (/<(\w+:)?DebitNote[\s>]/.test(xml)) return '08';
  return /InvoiceTypeCode[^>]*>\s*03/.test(xml) ? '03' : '01';
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    if (statSync(p).isDirectory()) return n === 'cdr' || n === 'soap' ? [] : walk(p);
    return n.endsWith('.xml') ? [p] : [];
  });
}

const files = [...walk(path.join(repoRoot(), 'vendor', 'sunat', 'samples')), ...walk(path.join(__dirname, '..', 'testing'))];
const key = createSelfSignedCert('ENGINES');
const docs = [
  ...files.map((f) => {
    const xml = readFileSync(f);
    const tipo = tipoOf(xml.toString('latin1'));
    return { name: path.relative(repoRoot(), f), tipo, xml, fileName: isSunatFileName(path.basename(f), tipo) ? path.basename(f) : undefined };
  }),
  ...ownDocuments(key).map((d) => ({ name: `own ${d.name}`, tipo: d.tipo, xml: Buffer.from(d.xml), fileName: `${d.name}.xml` })),
];

async function outcome(engine: 'native' | 'saxon', d: (typeof docs)[number], stopAtFirst: boolean) {
  try {
    const r = await runSunatRules(d.tipo, d.xml, { today: TODAY, fileName: d.fileName, stopAtFirst, engine });
    return { ruleFile: r.ruleFile, fileName: r.fileName, findings: r.findings };
  } catch (e) {
    // both cannot evaluate a rule (sum() over a non-number): each words and places it its own way; the native
    // engine names the rule the Java tool names (sunat-rules.spec.ts)
    return { failed: /^SUNAT rules: rule evaluation failed/.test((e as Error).message) };
  }
}

describe('SUNAT rules: the native engine gives exactly what SaxonJS gives', () => {
  beforeAll(async () => {
    await warmSunatRules([...new Set([...TIPOS.map((t) => DOC_TYPES[t].rules), ruleFileFor('RC', '1.0')])], 'saxon');
  }, SLOW);

  it('has documents of every tipo to compare', () => {
    expect(new Set(docs.map((d) => d.tipo))).toEqual(new Set(TIPOS));
    expect(docs.length).toBeGreaterThanOrEqual(40);
  });

  for (const d of docs) {
    it(
      `${d.name} (${d.tipo}): same findings, node column, value and rule location`,
      async () => {
        const native = await outcome('native', d, false);
        expect(native).toEqual(await outcome('saxon', d, false));
        expect(await outcome('native', d, true)).toEqual(await outcome('saxon', d, true));
      },
      SLOW,
    );
  }
});
