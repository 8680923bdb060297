import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, variablesRead } from '../support/env-variables';

// js-yaml comes with @nestjs/swagger; no Docker daemon is needed to read what a deployment would start.
const yaml = require('js-yaml') as { load(text: string): unknown };

interface Service {
  build?: string;
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
}

const compose = yaml.load(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const app = compose.services.app;
const db = compose.services.db;
/** The ENV of the Dockerfile's last (runtime) stage. */
const runtimeEnv = (): Record<string, string> => {
  const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const runtime = text.slice(text.lastIndexOf('\nFROM '));
  const vars: Record<string, string> = {};
  for (const line of runtime.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const m of line.slice(4).matchAll(/([A-Z_][A-Z0-9_]*)=(\S*)/g)) vars[m[1]] = m[2];
  }
  return vars;
};

describe('docker-compose.yml: the service and its PostgreSQL', () => {
  it('builds this repository and waits for a healthy database', () => {
    expect(app.build).toBe('.');
    expect(db.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(app.depends_on).toEqual({ db: { condition: 'service_healthy' } });
  });

  it('sets only variables the service reads, and requires the secrets instead of defaulting them', () => {
    const read = variablesRead();
    expect(Object.keys(app.environment!).filter((name) => !read.has(name))).toEqual([]);
    expect(app.environment!.APP_KEY).toMatch(/^\$\{APP_KEY:\?/);
    expect(app.environment!.ADMIN_PASSWORD).toMatch(/^\$\{ADMIN_PASSWORD:\?/);
    expect(new URL(app.environment!.DATABASE_URL.replace(/\$\{[^}]+\}/g, 'x')).hostname).toBe('db');
  });

  it('keeps documents and the database in named volumes, documents where the image stores them', () => {
    const storage = app.environment!.STORAGE_DIR;
    expect(storage).toBe(runtimeEnv().STORAGE_DIR);
    expect(app.volumes).toEqual([`documentos:${storage}`]);
    expect(db.volumes).toEqual(['pgdata:/var/lib/postgresql']);
    expect(Object.keys(compose.volumes).sort()).toEqual(['documentos', 'pgdata']);
  });

  it('publishes the port the image listens on, on every interface of the container', () => {
    expect(runtimeEnv()).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '3000' });
    expect(app.ports).toEqual(['${PORT:-3000}:3000']);
  });
});
