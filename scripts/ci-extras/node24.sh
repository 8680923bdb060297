#!/usr/bin/env bash
# Node 24 LTS (the Dockerfile's runtime), taken from the npm registry's `node` package: the unit tier, then the
# production image's check (its runtime stage assembled and its service started, a factura issued, sent and
# downloaded) on that Node. The full suite runs on the machine's Node in .ci/run's first step.
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
npm install --no-audit --no-fund --no-save --prefix "$prefix" node@24 >/dev/null
export PATH="$prefix/node_modules/.bin:$PATH"
version="$(node --version)"
case "$version" in v24.*) echo "node24: $version from the npm registry" ;; *) echo "node24: got $version"; exit 1 ;; esac
# The SaxonJS cross-check (engines.spec: minutes of cold compiles of a pure-JS engine) runs once, in the first step.
npx jest --selectProjects unit --ci --testPathIgnorePatterns 'validation/native/engines\.spec\.ts'
bash scripts/ci-extras/image-check.sh
