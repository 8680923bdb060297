# Multi-stage production image: build with dev dependencies, run with production ones only.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY src ./src
COPY migrations ./migrations
RUN npm run build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production
# the container's port is published by Docker: listen on every address inside it (npm start listens on 127.0.0.1)
ENV HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/storage && chown -R node:node /app/storage
USER node
EXPOSE 3000
# One process per core (node:cluster, WEB_CONCURRENCY; set it when the container has a CPU quota): the primary runs
# the migrations (DB_MIGRATIONS_RUN=true by default) once before the workers start and replaces a worker that dies.
CMD ["node", "--enable-source-maps", "dist/src/cluster.js"]
