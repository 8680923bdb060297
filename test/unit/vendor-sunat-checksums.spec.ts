import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { VENDOR_SUNAT_DIR } from '../../src/sunat/xml/testing/paths';

/** `cd vendor/sunat && sha256sum -c SHA256SUMS.txt`, in Node: the vendored SUNAT/OASIS files cannot drift silently. */
describe('vendor/sunat checksums', () => {
  const listed = new Map(
    readFileSync(join(VENDOR_SUNAT_DIR, 'SHA256SUMS.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => {
        const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
        if (!match) throw new Error(`Línea inválida en SHA256SUMS.txt: ${line}`);
        return [match[2].replace(/^\.\//, ''), match[1]] as const;
      }),
  );
  const onDisk = (function walk(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(VENDOR_SUNAT_DIR, join(dir, entry.name)).split(sep).join('/')],
    );
  })(VENDOR_SUNAT_DIR).filter((file) => file !== 'SHA256SUMS.txt' && file !== 'PROVENANCE.md');

  it('lists exactly the files in the folder', () => {
    expect(listed.size).toBeGreaterThan(100);
    expect([...listed.keys()].sort()).toEqual(onDisk.sort());
  });

  it('every file has its listed SHA-256', () => {
    const mismatches = [...listed].filter(
      ([file, sum]) =>
        createHash('sha256')
          .update(readFileSync(join(VENDOR_SUNAT_DIR, file)))
          .digest('hex') !== sum,
    );
    expect(mismatches.map(([file]) => file)).toEqual([]);
  });
});
