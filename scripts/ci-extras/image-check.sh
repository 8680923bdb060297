#!/usr/bin/env bash
# The production image: the Dockerfile's runtime stage assembled without a daemon and its service run through the
# smoke (scripts/ci-extras/image-check.mjs, on the Node that runs this script: put another first on PATH to choose);
# then, where a Docker daemon answers, the real image built and run through the same smoke.
set -euo pipefail
cd "$(dirname "$0")/../.."
npm run build >/dev/null
node scripts/ci-extras/image-check.mjs

if ! docker info >/dev/null 2>&1; then
  echo "image-check: no Docker daemon here: the image itself was not built (its runtime stage was checked above)"
  exit 0
fi
tag="sunat-facturacion:ci-$$"
db="image_docker_$$"
url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
password="$(node -e 'console.log(require("crypto").randomBytes(12).toString("hex"))')"
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
docker build -t "$tag" .
psql "$url" -qc "CREATE DATABASE $db"
container="$(docker run -d --network host -e DATABASE_URL="${url%/*}/$db" -e APP_KEY="$password$password" \
  -e ADMIN_PASSWORD="$password" -e SUNAT_SIMULATOR=embedded -e WEB_CONCURRENCY=1 -e HOST=127.0.0.1 -e PORT="$port" "$tag")"
trap 'docker rm -f "$container" >/dev/null; psql "$url" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)"; docker rmi "$tag" >/dev/null' EXIT
node scripts/smoke/issue-factura.mjs "http://127.0.0.1:$port" admin "$password"
test "$(docker inspect -f '{{.Config.User}}' "$container")" != root
echo "image-check: the Docker image passed"
