import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { setupApp } from '../../src/app.setup';
import { createTestDatabase } from './database';

export const ADMIN = { user: 'admin', password: 'admin-test-1234' };

export interface TestApp {
  app: INestApplication;
  http: ReturnType<INestApplication['getHttpServer']>;
  dataSource: DataSource;
  close(): Promise<void>;
}

/**
 * The production module and setup on a fresh database cloned from the migrated template; only what
 * crosses the process boundary (database URL, storage folder, SUNAT endpoints) is pointed elsewhere.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { databaseUrl?: string } = {}): Promise<TestApp> {
  // Unless a test chooses its own folder, the documents stored by this app live in a temporary one removed on close.
  const storageDir = env.STORAGE_DIR ? undefined : mkdtempSync(join(tmpdir(), 'facturacion-storage-'));
  Object.assign(process.env, {
    NODE_ENV: 'test',
    ADMIN_USER: ADMIN.user,
    ADMIN_PASSWORD: ADMIN.password,
    BCRYPT_ROUNDS: '4',
    ...(storageDir ? { STORAGE_DIR: storageDir } : {}),
    DB_MIGRATIONS_RUN: 'false',
    DB_POOL_SIZE: '20',
    // No SUNAT unless a test asks for the simulator (test/support/sunat.ts).
    SUNAT_SIMULATOR: 'off',
    SUNAT_ENDPOINTS_BASE: 'http://127.0.0.1:9',
    ...env,
  });
  // a restart: the same database as an app closed before
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = databaseUrl;
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  process.env.DATABASE_URL = previousUrl;
  const app = moduleRef.createNestApplication({ bufferLogs: true });
  setupApp(app);
  await app.init();
  return {
    app,
    http: app.getHttpServer(),
    dataSource: app.get(DataSource),
    close: async () => {
      try {
        await app.close();
      } finally {
        if (storageDir) rmSync(storageDir, { recursive: true, force: true });
      }
    },
  };
}
