import 'reflect-metadata';
import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { setupApp } from './app.setup';
import { loadAppConfig } from './config/app.config';
import { loadEnvFile } from './config/env-file';
import { EmbeddedPostgresError } from './database/embedded-postgres';
import { prepareRuntime, Runtime } from './runtime';

const logger = new Logger('Main');

/**
 * Boot order: .env, the embedded PostgreSQL when DATABASE_URL is unset, then Nest. Shutdown runs the
 * other way round on SIGINT/SIGTERM: app.close() runs Nest's shutdown hooks (ticket poller's pg-boss
 * stop, TypeORM close, HTTP server close) while the database is still up, and only then the embedded
 * PostgreSQL stops. A second signal during shutdown stops at once.
 */
async function bootstrap(): Promise<void> {
  loadEnvFile();
  let runtime: Runtime | undefined;
  let booting: Promise<INestApplication | undefined> | undefined;
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
      const app = await booting?.catch(() => undefined);
      await app?.close();
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
    // abortOnError false: a failing boot throws here (and the database is stopped) instead of process.abort().
    const app = await NestFactory.create(AppModule, { bufferLogs: true, abortOnError: false });
    setupApp(app);
    await app.listen(loadAppConfig().port);
    return app;
  })();
  let app: INestApplication;
  try {
    app = (await booting)!;
  } catch (error) {
    await runtime.stop().catch(() => undefined);
    throw error;
  }
  if (shuttingDown) return;
  const address = app.getHttpServer().address() as { port: number } | string | null;
  const port = typeof address === 'object' && address ? address.port : loadAppConfig().port;
  const url = `http://127.0.0.1:${port}`;
  logger.log(`Listening on ${url} (Swagger UI: ${url}/api/docs)`);
}

bootstrap().catch((error: unknown) => {
  if (error instanceof EmbeddedPostgresError) logger.error(error.message);
  else logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
