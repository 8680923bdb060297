import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnvFile } from './env-file';

describe('.env loading', () => {
  const dir = mkdtempSync(join(tmpdir(), 'facturacion-envfile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fills only what the environment does not set', () => {
    const file = join(dir, '.env');
    writeFileSync(file, '# comment\nH3_FROM_FILE=file value\nH3_ALREADY=from file\nH3_QUOTED="a # b"\n');
    process.env.H3_ALREADY = 'from environment';
    try {
      expect(loadEnvFile(file)).toEqual(['H3_FROM_FILE', 'H3_QUOTED']);
      expect(process.env.H3_FROM_FILE).toBe('file value');
      expect(process.env.H3_QUOTED).toBe('a # b');
      expect(process.env.H3_ALREADY).toBe('from environment');
    } finally {
      delete process.env.H3_FROM_FILE;
      delete process.env.H3_QUOTED;
      delete process.env.H3_ALREADY;
    }
  });

  it('does nothing without a file', () => {
    expect(loadEnvFile(join(dir, 'missing.env'))).toEqual([]);
  });
});
