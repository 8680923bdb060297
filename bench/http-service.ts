import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
/**
 * The bench's own build, under node_modules/.cache (gitignored, inside the repository so the service still finds
 * vendor/ and its migrations): `nest build` of the shared dist/ would delete it under anyone running it.
 */
const BUILD_DIR = join(ROOT, 'node_modules', '.cache', 'bench-http');
const DIST = join(BUILD_DIR, 'dist');
const STAMP = join(BUILD_DIR, 'built-at');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** `nest build` into BUILD_DIR unless the last build is newer than every file of src/, migrations/ and the build configs ('auto'). */
export function buildService(log: (line: string) => void, mode: 'auto' | 'always' | 'never' = 'auto'): string {
  const sources = ['src', 'migrations', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json', 'package-lock.json'].map((p) => newestMtime(join(ROOT, p)));
  const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  const main = join(DIST, 'src', 'main.js');
  if (mode === 'never' || (mode === 'auto' && existsSync(main) && builtAt > Math.max(...sources))) {
    if (!existsSync(main)) throw new Error(`--no-build: no build in ${DIST}`);
    log(mode === 'never' ? `reusing the last build (${DIST}), as asked` : `service build is fresh (${DIST})`);
    return main;
  }
  mkdirSync(BUILD_DIR, { recursive: true });
  writeFileSync(join(BUILD_DIR, 'tsconfig.json'), JSON.stringify({ extends: '../../../tsconfig.build.json', compilerOptions: { outDir: './dist' } }));
  log('building the service (nest build) ...');
  const started = Date.now();
  execFileSync(join(ROOT, 'node_modules', '.bin', 'nest'), ['build', '-p', relative(ROOT, join(BUILD_DIR, 'tsconfig.json'))], { cwd: ROOT, stdio: 'inherit' });
  writeFileSync(STAMP, new Date().toISOString());
  log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return main;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A child process whose last output lines are kept for the error message when it dies. */
export class Child {
  private readonly tail: string[] = [];
  private exited: Promise<number | null>;
  private done = false;

  constructor(
    readonly name: string,
    readonly process: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.tail.push(line);
      this.tail.splice(0, Math.max(0, this.tail.length - 30));
    };
    process.stdout?.on('data', keep);
    process.stderr?.on('data', keep);
    this.exited = new Promise((resolve) =>
      process.once('exit', (code) => {
        this.done = true;
        resolve(code);
      }),
    );
  }

  get running(): boolean {
    return !this.done;
  }

  output(): string {
    return this.tail.join('\n');
  }

  /** Sends `signal` and waits for the exit (SIGKILL: a crash, the process runs nothing on its way out). */
  async kill(signal: NodeJS.Signals): Promise<void> {
    if (this.done) return;
    this.process.kill(signal);
    await this.exited;
  }

  /** SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs = 20_000): Promise<void> {
    if (this.done) return;
    this.process.kill('SIGTERM');
    const timer = setTimeout(() => this.process.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** `node <args>` in the repository root. */
export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv): Child {
  // Own process group: a terminal's Ctrl-C reaches the bench only, which then stops the children in order.
  return new Child(name, spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
}

/** Polls `url` until it answers 2xx; throws with the child's output if it exits or `timeoutMs` passes. */
export async function waitUntilUp(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child.running) throw new Error(`${child.name} exited while starting:\n${child.output()}`);
    const ok = await fetch(url)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.output()}`);
}

/** A temporary folder the OS user 'postgres' can enter (the embedded PostgreSQL runs as that user under root). */
export function tempFolder(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'bench-http-'));
  chmodSync(path, 0o755);
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export { DIST };
