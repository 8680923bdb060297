/**
 * Compiles a SUNAT rule file (behind the driver) to a SaxonJS SEF with xslt3, once: the SEF is kept in memory
 * for the process and on disk (cacheDir()/<sha of the inputs>.sef.json + .meta.json, written to a temporary
 * name then renamed, so parallel jest workers never read a partial file).
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { DRIVER_FILE, driverText, standInValue } from './driver';
import { cacheDir, xslRoot } from './paths';
import { prepareRules } from './prepare';

/** Bump when the preparation or the way findings are read changes in a way the inputs' hash cannot see. */
const ENGINE_VERSION = 'sunat-rules-1';
const COMPILE_TIMEOUT_MS = 300_000;
const MAX_STAND_INS = 30;

export interface CompiledRules {
  ruleFile: string;
  key: string;
  /** The SEF (stylesheetInternal for SaxonJS). */
  sef: unknown;
  /** Folder the modules were compiled from: relative document() URIs of the SEF resolve against it. */
  workDir: string;
  standIns: string[];
  notes: string[];
  /** Milliseconds spent compiling (0 when loaded from the disk cache). */
  compileMs: number;
}

interface Meta {
  ruleFile: string;
  key: string;
  workDir: string;
  standIns: string[];
  notes: string[];
  compileMs: number;
}

function packageVersion(name: string): string {
  try {
    const file = require.resolve(`${name}/package.json`);
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

function xslt3Script(): string {
  return require.resolve('xslt3/xslt3.js');
}

function writeAtomic(file: string, data: string): void {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

function runXslt3(cwd: string, driver: string, out: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [xslt3Script(), `-xsl:${driver}`, `-export:${out}`, '-nogo'],
      { cwd, timeout: COMPILE_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`.trim();
        resolve({ ok: !error && existsSync(out), output: error && !output ? String(error) : output });
      },
    );
  });
}

const UNDECLARED = /No binding for variable Q\{\}([A-Za-z_][\w.-]*)/;

async function compileFresh(ruleFile: string, key: string, modules: { rel: string; text: string }[], notes: string[]): Promise<Meta> {
  const dir = cacheDir();
  const workDir = path.join(dir, `work-${key.slice(0, 16)}-${process.pid}-${randomBytes(4).toString('hex')}`);
  const started = Date.now();
  try {
    for (const m of modules) {
      const f = path.join(workDir, ...m.rel.split('/'));
      mkdirSync(path.dirname(f), { recursive: true });
      writeFileSync(f, m.text);
    }
    const standIns: string[] = [];
    const standInNotes: string[] = [];
    const sefTmp = path.join(workDir, 'compiled.sef.json');
    for (;;) {
      writeFileSync(path.join(workDir, DRIVER_FILE), driverText(ruleFile, standIns));
      const r = await runXslt3(workDir, DRIVER_FILE, sefTmp);
      if (r.ok) break;
      const m = UNDECLARED.exec(r.output);
      if (m && !standIns.includes(m[1]) && standIns.length < MAX_STAND_INS) {
        standIns.push(m[1]);
        const where = /on line (\d+) in (?:\S*\/)?(\S+?\.xsl)/.exec(r.output);
        standInNotes.push(`undeclared variable $${m[1]}${where ? ` (first use ${where[2]}:${where[1]})` : ''} declared globally as ${standInValue(m[1])}`);
        continue;
      }
      throw new Error(`SUNAT rule file ${ruleFile} does not compile under SaxonJS ${packageVersion('xslt3')}:\n${r.output}`);
    }
    const meta: Meta = {
      ruleFile,
      key,
      workDir,
      standIns,
      notes: [...notes, ...standInNotes],
      compileMs: Date.now() - started,
    };
    // SEF first, meta last: a meta file on disk means its SEF is complete
    renameSync(sefTmp, path.join(dir, `${key}.sef.json`));
    writeAtomic(path.join(dir, `${key}.meta.json`), JSON.stringify(meta, null, 2));
    return meta;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function load(ruleFile: string): Promise<CompiledRules> {
  const prepared = prepareRules(xslRoot(), ruleFile);
  const hash = createHash('sha256');
  hash.update(JSON.stringify([ENGINE_VERSION, packageVersion('saxon-js'), packageVersion('xslt3'), ruleFile]));
  for (const m of prepared.modules) hash.update(`\0${m.rel}\0${m.text}`);
  hash.update(`\0${driverText(ruleFile, [])}`);
  const key = hash.digest('hex');
  const dir = cacheDir();
  const metaFile = path.join(dir, `${key}.meta.json`);
  let meta: Meta | null = null;
  let sef: unknown;
  if (existsSync(metaFile)) {
    try {
      meta = JSON.parse(readFileSync(metaFile, 'utf8')) as Meta;
      sef = JSON.parse(readFileSync(path.join(dir, `${key}.sef.json`), 'utf8'));
      meta.compileMs = 0;
    } catch {
      meta = null; // damaged cache entry: compile again
    }
  }
  if (meta === null) {
    meta = await compileFresh(ruleFile, key, prepared.modules, prepared.notes);
    sef = JSON.parse(readFileSync(path.join(dir, `${key}.sef.json`), 'utf8'));
  }
  return { ...meta, sef };
}

const compiled = new Map<string, Promise<CompiledRules>>();

/** The compiled rule file (relative to the xsl tree), compiling it at most once per process. */
export function compiledRules(ruleFile: string): Promise<CompiledRules> {
  let p = compiled.get(ruleFile);
  if (!p) {
    p = load(ruleFile);
    compiled.set(ruleFile, p);
    p.catch(() => compiled.delete(ruleFile));
  }
  return p;
}
