/**
 * Regenerates src/guias-remision/data/ubigeos.json (every district of Peru: INEI code, distrito,
 * provincia, departamento) from the vendored list
 * (vendor/sunat/ubigeo/ubigeo_distrito.csv, jmcastagnetto/ubigeo-peru-aumentado, MIT). Run by hand:
 *   npx ts-node scripts/generate-ubigeos.ts [path/to/ubigeo_distrito.csv]
 * The service only ever reads the generated JSON.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCsv } from './csv';

const source = resolve(process.argv[2] ?? resolve(__dirname, '../vendor/sunat/ubigeo/ubigeo_distrito.csv'));
const target = resolve(__dirname, '../src/guias-remision/data/ubigeos.json');

const [header, ...rows] = parseCsv(readFileSync(source, 'utf8'));
const col = (name: string) => {
  const index = header.indexOf(name);
  if (index < 0) throw new Error(`La columna ${name} no está en ${source}`);
  return index;
};
const [inei, distrito, provincia, departamento] = ['inei', 'distrito', 'provincia', 'departamento'].map(col);

const seen = new Set<string>();
const ubigeos = rows
  .map((r) => ({ code: r[inei].trim(), distrito: r[distrito].trim(), provincia: r[provincia].trim(), departamento: r[departamento].trim() }))
  .filter((u) => {
    if (!/^\d{6}$/.test(u.code) || seen.has(u.code)) return false;
    seen.add(u.code);
    return true;
  })
  .sort((a, b) => a.code.localeCompare(b.code));

if (ubigeos.length < 1800) throw new Error(`Solo ${ubigeos.length} distritos: ¿archivo equivocado?`);
writeFileSync(target, `${JSON.stringify(ubigeos, null, 0).replace(/\},\{/g, '},\n{')}\n`);
console.log(`${ubigeos.length} distritos -> ${target}`);
