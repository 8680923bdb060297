#!/usr/bin/env bash
# A new user's first two commands, on a fresh clone in a mode-700 home directory with no ../shared
# beside it and no DATABASE_URL: `npm ci && npm test` must pass (see the selection below), and `npm start` must
# reach a login.
# Run by .ci/run (as root there, which is the harder case: the embedded PostgreSQL cannot run as root).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
home="$(mktemp -d "${FRESH_HOME_PARENT:-/tmp}/fresh-home.XXXXXX")"
chmod 700 "$home"
cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
  rm -rf "$home"
}
trap cleanup EXIT

git clone -q "$repo" "$home/clone"
cd "$home/clone"
test ! -e ../shared
# Only what a new machine has: no project variables, no test tool paths.
clean_env=(env -u DATABASE_URL -u SHARED_DIR -u SUNAT_SHARED_DIR -u SUNAT_XSL_VALIDATE -u SUNAT_XSL_DIR
  -u SUNAT_XML_DUMP_DIR -u TEST_DB_PREFIX -u EMBEDDED_PG_PORT -u NODE_ENV HOME="$home")

# The whole suite already ran in .ci/run's first step on this same commit (against the machine's PostgreSQL); here
# `npm test` runs what depends on the machine: every unit test (vendored data, checksums, rules engine) and the e2e
# files that exercise the embedded PostgreSQL as root, cold SUNAT rule compiles, signing, the simulator over HTTP
# and the service's own start. FRESH_CLONE_FULL=1 runs everything (about twice CI's time budget for this step).
e2e='test/e2e/(embedded-database|health|auth|ventas-envio|sunat-reglas|resumen-diario-montos|guias-envio|notas-credito|storage-postgres)\.e2e-spec\.ts'
# The SaxonJS cross-check (engines.spec: minutes of cold compiles) already ran in the first step.
selection=('src/' 'test/unit/' "$e2e" --testPathIgnorePatterns 'validation/native/engines\.spec\.ts')
[ "${FRESH_CLONE_FULL:-}" = 1 ] && selection=()
echo "fresh-clone: $home/clone (uid $(id -u)); npm ci && npm test -- --ci ${selection[*]:-}"
"${clean_env[@]}" npm ci --no-audit --no-fund >/dev/null
"${clean_env[@]}" npm test -- --ci "${selection[@]}"

echo "fresh-clone: npm start, then a login"
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
pg_port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
"${clean_env[@]}" PORT="$port" EMBEDDED_PG_PORT="$pg_port" npm start >"$home/start.log" 2>&1 &
server=$!
for _ in $(seq 1 180); do
  if curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then echo "fresh-clone: npm start exited"; tail -40 "$home/start.log"; exit 1; fi
  sleep 1
done
answer="$(curl -s -o /dev/stderr -w '%{http_code}' "http://127.0.0.1:$port/api/auth/login" \
  -H 'content-type: application/json' -d '{"user":"admin","password":"admin12345"}' 2>"$home/login.json" || true)"
if [ "$answer" != 200 ] || ! grep -q '"token"' "$home/login.json"; then
  echo "fresh-clone: login answered $answer"; cat "$home/login.json"; tail -40 "$home/start.log"; exit 1
fi
echo "fresh-clone: login 200 with a token"
kill -TERM "$server"
wait "$server" || true
server=
if grep -qiE 'unhandled|pg-boss.*error|LegacyRouteConverter' "$home/start.log"; then
  echo "fresh-clone: the start log has errors or warnings"; grep -iE 'unhandled|error|LegacyRouteConverter' "$home/start.log" | head; exit 1
fi
echo "fresh-clone: passed"
