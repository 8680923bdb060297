import 'reflect-metadata';
import type { Server } from 'node:http';
import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { setupApp } from './app.setup';
import { loadAppConfig } from './config/app.config';
import { loadEnvFile } from './config/env-file';
import { HttpDrain } from './common/http/http-drain';
import { EmbeddedPostgresError } from './database/embedded-postgres';
import { prepareRuntime, Runtime } from './runtime';

const logger = new Logger('Main');

/**
 * Boot order: .env, the embedded PostgreSQL when DATABASE_URL is unset, then Nest. Shutdown runs the
 * other way round on SIGINT/SIGTERM: the HTTP server drains (HttpDrain: no new connections, every request
 * in progress answered), then app.close() runs Nest's shutdown hooks (ticket poller's pg-boss stop, TypeORM
 * close) while the database is still up, and only then the embedded PostgreSQL stops. A second signal
 * during shutdown stops at once.
 */
async function bootstrap(): Promise<void> {
  loadEnvFile();
  let runtime: Runtime | undefined;
  let booting: Promise<Started | undefined> | undefined;
  let shuttingDown = false;
  let firstSignalAt = 0;

  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (shuttingDown) {
      // A terminal's Ctrl-C reaches npm and Node together and npm forwards it once more: only a signal
      // that comes later is someone insisting.
      if (Date.now() - firstSignalAt < 1000) return;
      logger.warn(`${signal} again: stopping now`);
      await runtime?.stop().catch(() => undefined);
      process.exit(1);
    }
    shuttingDown = true;
    firstSignalAt = Date.now();
    logger.log(`${signal}: closing the application`);
    let code = 0;
    try {
      const started = await booting?.catch(() => undefined);
      if (started) await closeWithin(started, loadAppConfig().shutdownTimeoutMs);
    } catch (error) {
      code = 1;
      logger.error(`Shutdown: ${error instanceof Error ? error.message : String(error)}`);
    }
    await runtime?.stop();
    logger.log('Stopped');
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (s) => void shutdown(s));

  runtime = await prepareRuntime((message) => {
    // The database went away under the service: nothing works without it.
    logger.error(message);
    if (!shuttingDown) process.exit(1);
  });
  booting = (async () => {
    // abortOnError false: a failing boot throws here instead of process.abort(); Nest has logged it.
    const app = await NestFactory.create(AppModule, { bufferLogs: true, abortOnError: false }).catch((error: unknown) => {
      throw new BootError(error);
    });
    setupApp(app);
    // Start-up hooks run here, so that only a failure to listen is reported as a port problem below.
    await app.init();
    const drain = new HttpDrain(app.getHttpServer() as Server);
    const { port, host } = loadAppConfig();
    await app.listen(port, host).catch((error: NodeJS.ErrnoException) => {
      throw new StartupError(`Could not listen on ${host}:${port}: ${error.code ?? error.message}; set PORT to a free port (HOST: the address)`);
    });
    return { app, drain };
  })();
  // On a failed boot the process exits at once (bootstrap's catch): the embedded PostgreSQL gets its
  // stop signal on exit, without waiting for providers still retrying their connections.
  const { app } = (await booting)!;
  if (shuttingDown) return;
  const address = app.getHttpServer().address() as { port: number } | string | null;
  const port = typeof address === 'object' && address ? address.port : loadAppConfig().port;
  const host = loadAppConfig().host;
  const url = `http://${['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
  logger.log(`Listening on ${url}${['0.0.0.0', '::'].includes(host) ? ` (every address, HOST=${host})` : ''} (Swagger UI: ${url}/api/docs)`);
}

interface Started {
  app: INestApplication;
  drain: HttpDrain;
}

/**
 * The drain, then app.close(), with bounds: requests in progress get `timeoutMs` to be answered (meanwhile
 * the database and every provider are still up), then their connections are closed; a close still hanging
 * (a provider's hook) after twice that gives up with an error.
 */
async function closeWithin({ app, drain }: Started, timeoutMs: number): Promise<void> {
  if (!(await drain.drain(timeoutMs))) {
    logger.warn(`Shutdown: requests still open after ${timeoutMs} ms: closing their connections`);
    (app.getHttpServer() as Server).closeAllConnections();
  }
  let stuck: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      app.close(),
      new Promise((_, reject) => {
        stuck = setTimeout(() => reject(new Error(`application close did not finish in ${2 * timeoutMs} ms`)), 2 * timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(stuck);
  }
}

/** A start-up failure whose message says it all (no stack). */
class StartupError extends Error {}

/** A failure inside NestFactory.create, which Nest's ExceptionHandler has already logged with its stack. */
class BootError extends Error {
  constructor(readonly original: unknown) {
    super(original instanceof Error ? original.message : String(original));
  }
}

bootstrap().catch((error: unknown) => {
  // bufferLogs: what Nest logged before failing is still held back; print it first.
  Logger.flush();
  if (error instanceof EmbeddedPostgresError || error instanceof StartupError) logger.error(error.message);
  else if (!(error instanceof BootError)) logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
