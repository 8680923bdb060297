import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { setupApp } from './app.setup';
import { loadAppConfig } from './config/app.config';
import { prepareRuntime } from './runtime';

async function bootstrap(): Promise<void> {
  await prepareRuntime();
  const app = await NestFactory.create(AppModule, { bufferLogs: true });
  setupApp(app);
  await app.listen(loadAppConfig().port);
}

void bootstrap();
