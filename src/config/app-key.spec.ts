import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveAppKey } from './app-key';

describe('resolveAppKey', () => {
  const saved = { ...process.env };
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'app-key-'));
    delete process.env.APP_KEY;
  });
  afterEach(() => {
    process.env = { ...saved };
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses APP_KEY when set', () => {
    process.env.APP_KEY = 'clave-del-entorno';
    expect(resolveAppKey()).toBe('clave-del-entorno');
  });

  it('refuses to start in production without APP_KEY', () => {
    process.env.NODE_ENV = 'production';
    expect(() => resolveAppKey()).toThrow(/APP_KEY/);
  });

  it('development: generates a random key once, stores it mode 600 outside the sources, reads it back', () => {
    process.env.NODE_ENV = 'development';
    process.env.APP_KEY_FILE = join(dir, 'sub', 'app-key');
    const first = resolveAppKey();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(process.env.APP_KEY_FILE, 'utf8').trim()).toBe(first);
    expect(statSync(process.env.APP_KEY_FILE).mode & 0o777).toBe(0o600);
    expect(resolveAppKey()).toBe(first);
    process.env.APP_KEY_FILE = join(dir, 'otra');
    expect(resolveAppKey()).not.toBe(first);
  });

  it('tests get a random key per process, never a constant', () => {
    process.env.NODE_ENV = 'test';
    const key = resolveAppKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(resolveAppKey()).toBe(key);
  });
});
