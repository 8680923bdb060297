#!/usr/bin/env bash
# Swagger UI in a real browser (issue 15): builds and starts the service like README's `npm start` (embedded
# PostgreSQL in a fresh temporary folder, embedded SUNAT simulator, free ports), then
# scripts/ci-extras/swagger-ui-check.ts drives Debian's Chromium through puppeteer-core: the login example,
# Authorize with its token, GET /api/clientes answering 200. Screenshot: artifacts/swagger-ui.png.
# Installs Chromium from Debian when root and missing; never downloads a browser of its own.
set -euo pipefail
cd "$(dirname "$0")/../.."
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "swagger-ui: installing chromium (Debian)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "swagger-ui: $chromium missing (apt-get install chromium, or set CHROMIUM)" >&2
    exit 1
  fi
fi

work="$(mktemp -d)"
cleanup() {
  if [ -n "${server:-}" ] && kill -0 "$server" 2>/dev/null; then
    kill -TERM "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
port="$(free_port)"
pg_port="$(free_port)"
echo "swagger-ui: npm start on port $port (embedded PostgreSQL on $pg_port in $work)"
env -u DATABASE_URL -u SUNAT_ENDPOINTS_BASE -u SUNAT_SIMULATOR -u NODE_ENV -u ADMIN_USER -u ADMIN_PASSWORD \
  PORT="$port" EMBEDDED_PG_PORT="$pg_port" EMBEDDED_PG_DIR="$work/pg" STORAGE_DIR="$work/storage" \
  npm start >"$work/start.log" 2>&1 &
server=$!
for _ in $(seq 1 240); do
  if curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then echo "swagger-ui: npm start exited"; tail -40 "$work/start.log"; exit 1; fi
  sleep 1
done
curl -fs "http://127.0.0.1:$port/api/health" >/dev/null || { echo "swagger-ui: the service did not start"; tail -40 "$work/start.log"; exit 1; }

status=0
CHROMIUM="$chromium" npx ts-node --transpile-only scripts/ci-extras/swagger-ui-check.ts "http://127.0.0.1:$port" artifacts/swagger-ui.png || status=$?
[ "$status" = 0 ] || tail -20 "$work/start.log"
exit "$status"
