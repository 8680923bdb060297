# Multi-stage production image: build with dev dependencies, run with production ones only.
# CI assembles the runtime stage below without a Docker daemon (scripts/ci-extras/image-check.sh reads this file's
# runtime stage: its COPY, RUN, ENV, WORKDIR and CMD) and issues, sends and downloads a factura with it.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY src ./src
COPY migrations ./migrations
RUN npm run build

FROM node:24-bookworm-slim AS runtime
# HOST: listen on every interface of the container (the service's default is 127.0.0.1).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 STORAGE_DIR=/app/storage
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only: no compiler, no test tools, no embedded PostgreSQL (a development dependency).
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# SUNAT's rule files (XSL), schemas (XSD), return codes and ubigeos, read at run time.
COPY vendor/sunat ./vendor/sunat
RUN mkdir -p /app/storage && chown node:node /app/storage
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# One process per core (node:cluster, WEB_CONCURRENCY; set it when the container has a CPU quota): the primary runs
# the migrations (DB_MIGRATIONS_RUN=true by default) once before the workers start and replaces a worker that dies.
CMD ["node", "--enable-source-maps", "dist/src/cluster.js"]
