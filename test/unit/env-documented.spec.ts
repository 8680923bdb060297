import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, variablesRead } from '../support/env-variables';

/** The README and .env.example name every environment variable the code reads. */
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
