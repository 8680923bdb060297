import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Every environment variable the service reads: process.env.X, process.env['X'], the env* readers, and the config schemas' keys. */
export function variablesRead(): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /process\.env\.([A-Z][A-Z0-9_]+)/g,
    /process\.env\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
    /\benv(?:Int|String|Optional|Bool|Number|Url|Enum)?\(\s*['"]([A-Z][A-Z0-9_]+)['"]/g,
    /\benv\.([A-Z][A-Z0-9_]+)\b/g,
    /\b([A-Z][A-Z0-9_]+): (?:[^\n,]*\? )?(?:int|str|bool|optional|oneOf)\(/g,
  ];
  for (const file of sources(join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.add(m[1]);
  }
  // Facts of the process, not settings: set by jest, and cleared for a child process.
  for (const name of ['JEST_WORKER_ID', 'LC_ALL']) found.delete(name);
  return found;
}
