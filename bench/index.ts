/*
 * npm run bench: docs/s for build, sign and build+sign+zip of the issue #3 documents, next to the raw
 * RSA-2048 signature rate of node:crypto with the same key in the same run (the ceiling: every
 * document costs one signature). Target: build+sign+zip >= 50 % of raw.
 * Options: --seconds N (per figure, default 3), --rounds N (default 5), --algorithm sha1|sha256,
 * --zip-candidates (also compare zip writers), --no-pdf, --no-rules.
 * Last (issue 20), unless --no-sends: sends/s and GET p99 with SUNAT answering in 1 s, with and without the send
 * load, over HTTP against the service (bench/sends.ts; --sends-only runs just that; --sends-seconds N, default 5,
 * --readers N, --senders N, --sunat-latency-ms N, --rebuild / --no-build as in bench:http).
 * Then, unless --no-drain: how fast the background sender drains a backlog of facturas once SUNAT is back from an
 * outage, against cap / latency (bench/drain.ts; --drain-only runs just that; --drain-backlog N, default 200,
 * --drain-cap N, default 4, --drain-latency-ms N, default 200, --drain-probe-ms N, default 200).
 */
import { sign } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { generateTestCertificate } from '@/sunat/signing/certificates/generate-test-certificate';
import type { SignatureAlgorithm } from '@/sunat/signing/signature-algorithms';
import { verifyWithXmlCrypto } from '@/sunat/signing/testing/verify-signature';
import { XmlSigner } from '@/sunat/signing/xml-signer';
import { zipDocument } from '@/sunat/zip/zip';
import { benchCases } from './cases';
import { bestRates, formatRate } from './measure';
import { assertRoundTrip, ZIP_CANDIDATES } from './zip-candidates';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

async function main(): Promise<void> {
  const seconds = Number(option('seconds', '3'));
  const rounds = Number(option('rounds', '5'));
  const algorithm = option('algorithm', 'sha1') as SignatureAlgorithm;
  if (!(seconds > 0) || !(rounds >= 1) || !['sha1', 'sha256'].includes(algorithm)) {
    throw new Error('uso: --seconds N --rounds N --algorithm sha1|sha256 [--zip-candidates]');
  }

  if (process.argv.includes('--sends-only')) return sendsBench();
  if (process.argv.includes('--drain-only')) return drainBench();
  const { loaded, certificatePem } = await generateTestCertificate({ ruc: '20000000001' });
  const signer = new XmlSigner(loaded, { algorithm });
  // A payload the size of a canonical SignedInfo: the raw figure is one signature and nothing else.
  const signedInfoSized = Buffer.alloc(1500, 'a');

  const cases = benchCases().map((c) => {
    const xml = c.build();
    const signed = signer.sign(xml).xml;
    // Never time something broken: the signed document must verify before it is measured.
    const check = verifyWithXmlCrypto(signed, certificatePem);
    if (!check.ok) throw new Error(`${c.label}: the signature does not verify (${check.detail})`);
    return { ...c, xml, signed };
  });

  const tasks: Record<string, () => unknown> = { raw: () => sign(algorithm, signedInfoSized, loaded.privateKey) };
  for (const c of cases) {
    tasks[`${c.label}|build`] = c.build;
    tasks[`${c.label}|sign`] = () => signer.sign(c.xml);
    tasks[`${c.label}|zip`] = () => zipDocument(c.name, c.signed);
    tasks[`${c.label}|pipeline`] = () => zipDocument(c.name, signer.sign(c.build()).xml);
  }
  const perFigure = seconds;
  console.log(
    `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores, load ${loadavg()[0].toFixed(1)}), ` +
      `RSA-2048 ${algorithm}, one thread, best of ${rounds} rounds, ${perFigure}s per figure`,
  );
  const best = bestRates(tasks, perFigure, rounds);
  const raw = best.raw;

  const body = cases.map((c) => [
    c.label,
    Buffer.byteLength(c.signed).toLocaleString('en-US'),
    formatRate(best[`${c.label}|build`]),
    formatRate(best[`${c.label}|sign`]),
    formatRate(best[`${c.label}|zip`]),
    formatRate(best[`${c.label}|pipeline`]),
    `${((best[`${c.label}|pipeline`] / raw) * 100).toFixed(1)} %`,
  ]);
  body.push([`raw crypto.sign RSA-2048 ${algorithm}`, '', '', formatRate(raw), '', '', '100.0 %']);
  printTable(['Document', 'signed bytes', 'build/s', 'sign/s', 'zip/s', 'build+sign+zip/s', 'vs raw sign'], body);

  const worst = Math.min(...cases.map((c) => best[`${c.label}|pipeline`] / raw));
  console.log(`target build+sign+zip >= 50 % of raw: ${worst >= 0.5 ? 'met' : 'NOT met'} (worst ${(worst * 100).toFixed(1)} %)`);

  if (process.argv.includes('--zip-candidates')) compareZips(cases[0], seconds, rounds);
  if (!process.argv.includes('--no-pdf')) await (require('./pdf') as typeof import('./pdf')).runPdfBench({ seconds, rounds }); // issue 10: PDFs/s and 50,000-sale exports
  if (!process.argv.includes('--no-rules')) await (require('./validation') as typeof import('./validation')).runValidationBench({ seconds }); // issue 16: SUNAT rules per document type
  if (!process.argv.includes('--no-sends')) await sendsBench();
  if (!process.argv.includes('--no-drain')) await drainBench();
}

function build(): 'auto' | 'always' | 'never' {
  return process.argv.includes('--rebuild') ? 'always' : process.argv.includes('--no-build') ? 'never' : 'auto';
}

function number(name: string, fallback: string): number {
  const value = Number(option(name, fallback));
  if (!(value >= 0)) throw new Error(`--${name} debe ser un número: ${option(name, fallback)}`);
  return value;
}

/** Issue 20: sends/s and GET p99 with SUNAT answering in 1 s, with and without the send load (needs the service: bench/sends.ts). */
async function sendsBench(): Promise<void> {
  await (require('./sends') as typeof import('./sends')).runSendsBench({
    seconds: number('sends-seconds', '5') || 5,
    readers: number('readers', '4') || 4,
    senders: number('senders', '32') || 32,
    latencyMs: number('sunat-latency-ms', '1000'),
    build: build(),
  });
}

/** The autopilot's drain after an outage: facturas/s against SUNAT_MAX_CONCURRENT_SENDS / latency (bench/drain.ts). */
async function drainBench(): Promise<void> {
  await (require('./drain') as typeof import('./drain')).runDrainBench({
    backlog: number('drain-backlog', '200') || 200,
    cap: number('drain-cap', '4') || 4,
    latencyMs: number('drain-latency-ms', '200') || 200,
    probeMs: number('drain-probe-ms', '200') || 200,
    build: build(),
  });
}

/** The zip can cost as much as the signature: compare writers on the largest signed document. */
function compareZips(c: { label: string; name: string; signed: string }, seconds: number, rounds: number): void {
  const tasks: Record<string, () => unknown> = { 'src/sunat/zip zipDocument': () => zipDocument(c.name, c.signed) };
  for (const candidate of ZIP_CANDIDATES) {
    assertRoundTrip(candidate, c.name, c.signed);
    tasks[candidate.label] = () => candidate.zip(c.name, c.signed);
  }
  const best = bestRates(tasks, seconds, rounds);
  console.log(`\nzip writers on the signed ${c.label} (${Buffer.byteLength(c.signed).toLocaleString('en-US')} bytes):`);
  printTable(
    ['Zip writer', 'zips/s', 'zip bytes'],
    Object.keys(tasks).map((label) => [label, formatRate(best[label]), String((tasks[label]() as Uint8Array).length)]),
  );
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  rows.forEach((r) => console.log(line(r)));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
