import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from '../support/env-variables';

/** The README, docs/ and the READMEs beside the code: what a reader of a clone has. */
function documents(): string[] {
  const found = [join(ROOT, 'README.md')];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk(join(ROOT, 'docs'));
  walk(join(ROOT, 'src'));
  return found;
}

describe('the documentation stands alone', () => {
  const docs = documents();

  it('has the interface, the decisions and the layout in docs/', () => {
    for (const name of ['SPEC.md', 'API.md', 'ARCHITECTURE.md']) expect(existsSync(join(ROOT, 'docs', name))).toBe(true);
    expect(docs.length).toBeGreaterThan(4);
  });

  it.each(documents().map((path) => [relative(ROOT, path), path]))('%s names no file outside the repository', (_name, path) => {
    const text = readFileSync(path, 'utf8');
    expect(text.match(/(?:\.\.\/)+shared\b|\bshared\/(?:SPEC|API|ARCHITECTURE|sunat|tools)\b/g) ?? []).toEqual([]);
    // Relative Markdown links resolve to a file of the repository.
    const broken = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1])
      .filter((target) => !/^[a-z]+:/i.test(target))
      .filter((target) => {
        const file = resolve(dirname(path), target);
        return !file.startsWith(ROOT) || !existsSync(file);
      });
    expect(broken).toEqual([]);
  });
});
