import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Every environment variable the service reads: process.env.X, process.env['X'], the env* readers, and the config schemas' keys. */
function variablesRead(): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /process\.env\.([A-Z][A-Z0-9_]+)/g,
    /process\.env\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
    /\benv(?:Int|String|Optional|Bool|Number|Url|Enum)?\(\s*['"]([A-Z][A-Z0-9_]+)['"]/g,
    /^\s+([A-Z][A-Z0-9_]+): (?:int|str|bool|optional|oneOf)\(/gm,
  ];
  for (const file of sources(join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.add(m[1]);
  }
  return found;
}

/** Issue 13: the README and .env.example name every environment variable the code reads. */
describe('environment variables are documented', () => {
  const read = variablesRead();
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const example = readFileSync(join(ROOT, '.env.example'), 'utf8');

  it('finds the variables the code reads', () => {
    expect(read.size).toBeGreaterThan(20);
    expect(read).toContain('DATABASE_URL');
  });

  it('README.md has a row for each', () => {
    expect([...read].filter((name) => !readme.includes(`\`${name}\``)).sort()).toEqual([]);
  });

  it('.env.example names each', () => {
    expect([...read].filter((name) => !new RegExp(`^#?\\s*${name}=`, 'm').test(example)).sort()).toEqual([]);
  });
});
