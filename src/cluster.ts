import 'reflect-metadata';
import cluster from 'node:cluster';
import { extname, join } from 'node:path';
import { Logger } from '@nestjs/common';
import { loadClusterConfig } from './cluster/cluster.config';
import { runMigrationsOnce, SharedSimulator, startSharedSimulator } from './cluster/once-only';
import { WorkerSupervisor } from './cluster/supervisor';
import { loadAppConfig } from './config/app.config';
import { loadEnvFile } from './config/env-file';
import { EmbeddedPostgresError } from './database/embedded-postgres';
import { prepareRuntime, Runtime } from './runtime';

const logger = new Logger('Cluster');
/** Each worker runs the single-process entry (main.ts / main.js beside this file) with what the primary decided. */
const WORKER_ENTRY = join(__dirname, `main${extname(__filename)}`);

/**
 * `npm run start:prod`: a node:cluster primary and WEB_CONCURRENCY workers (default one per CPU) sharing the HTTP
 * port. The primary does what must happen once, before any worker starts: the embedded PostgreSQL when
 * DATABASE_URL is unset (development), the migrations (workers get DB_MIGRATIONS_RUN=false) and, with
 * SUNAT_SIMULATOR=embedded, one simulator for all. It replaces a worker that dies. On SIGTERM/SIGINT every worker
 * drains within SHUTDOWN_TIMEOUT_MS (main.ts), then the simulator and the embedded PostgreSQL stop.
 */
async function primary(): Promise<void> {
  loadEnvFile();
  const { workers } = loadClusterConfig();
  // validates the app namespace (and APP_KEY) once, before forking; in development the key file is written here
  const { shutdownTimeoutMs } = loadAppConfig();
  let runtime: Runtime | undefined;
  let simulator: SharedSimulator | null = null;
  let supervisor: WorkerSupervisor | undefined;
  let stopping: Promise<void> | undefined;
  let firstSignalAt = 0;

  const stopAll = (code: number): Promise<void> =>
    (stopping ??= (async () => {
      let exitCode = code;
      if (supervisor && !(await supervisor.stop(2 * shutdownTimeoutMs + 5000))) exitCode = 1;
      await simulator?.close().catch(() => undefined);
      await runtime?.stop().catch(() => undefined);
      logger.log('Detenido');
      process.exit(exitCode);
    })());

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        // a terminal's Ctrl-C reaches every process of the group at once: only a later signal is someone insisting
        if (Date.now() - firstSignalAt < 1000) return;
        logger.warn(`${signal} otra vez: se detiene ahora`);
        supervisor?.kill();
        void (runtime?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
        return;
      }
      firstSignalAt = Date.now();
      logger.log(`${signal}: deteniendo los workers`);
      void stopAll(0);
    });
  }

  runtime = await prepareRuntime((message) => {
    logger.error(message);
    supervisor?.kill();
    void stopAll(1);
  });
  await runMigrationsOnce(logger);
  simulator = await startSharedSimulator(logger);
  if (stopping) return;
  // execArgv is inherited: --enable-source-maps in production, ts-node's hooks in development and tests
  cluster.setupPrimary({ exec: WORKER_ENTRY });
  supervisor = new WorkerSupervisor(workers, { DB_MIGRATIONS_RUN: 'false', ...simulator?.env }, logger, () => void stopAll(1));
  supervisor.start();
  logger.log(`Primario ${process.pid}: ${workers} worker(s)`);
}

primary().catch((error: unknown) => {
  logger.error(error instanceof EmbeddedPostgresError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
