#!/usr/bin/env bash
# The OpenAPI document exactly as shipped: `npm run build` (nest build, whose @nestjs/swagger plugin adds the DTO
# schemas and their descriptions), then dist/src/openapi-json.js writes it without a database or a server
# (artifacts/openapi.json). Checked twice: Redocly's recommended rules (redocly.yaml; any error fails) and the
# project's own rules (Spanish texts without tracker references, plain operationIds, Idempotency-Key where the
# interceptor takes it, security on every operation) from test/support/openapi-checks.ts.
set -euo pipefail
cd "$(dirname "$0")/../.."
npm run build >/dev/null
mkdir -p artifacts
node dist/src/openapi-json.js artifacts/openapi.json
npx --no --package=@redocly/cli -- redocly lint --config redocly.yaml artifacts/openapi.json
npx ts-node --transpile-only scripts/ci-extras/openapi-check.ts artifacts/openapi.json
