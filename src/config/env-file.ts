import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Reads KEY=value lines from a .env file (default ./.env) into process.env when the file exists.
 * A variable already set in the environment always wins: the file only fills what is missing.
 * Returns the names it set. (process.loadEnvFile would do, but its precedence differs across Node
 * versions; util.parseEnv only parses.)
 */
export function loadEnvFile(path = resolve(process.cwd(), '.env')): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const set: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (process.env[name] !== undefined) continue;
    process.env[name] = value;
    set.push(name);
  }
  return set;
}
