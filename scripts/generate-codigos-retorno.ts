/**
 * Regenerates src/sunat/codes/codigos-retorno.json from SUNAT's return-code list vendored in this repository
 * (vendor/sunat/codes/codigos_retorno.csv). Run by hand when the list changes:
 *   npx ts-node scripts/generate-codigos-retorno.ts [path/to/codigos_retorno.csv]
 * The service only ever reads the generated JSON.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCsv } from './csv';

const source = resolve(process.argv[2] ?? resolve(__dirname, '../vendor/sunat/codes/codigos_retorno.csv'));
const target = resolve(__dirname, '../src/sunat/codes/codigos-retorno.json');

/** Descriptions that say "this same document or file already reached SUNAT". */
const ALREADY_REGISTERED_PATTERNS = [
  /ya fue presentado/i,
  /registrado previamente/i,
  /ya se encuentra registrado/i,
  /ya ha sido enviado/i,
  /ya esta informado/i,
  /ya fue informado/i,
  /informado anteriormente/i,
  /igual en proceso/i,
];
/** They match the wording but speak of a related payment document, not of the one sent. */
const NOT_ALREADY_REGISTERED = new Set(['2614', '2627']);

type Tipo = 'consulta' | 'excepcion' | 'rechazo' | 'observacion';

const [header, ...rows] = parseCsv(readFileSync(source, 'utf8'));
const col = (name: string) => {
  const index = header.indexOf(name);
  if (index < 0) throw new Error(`columna '${name}' ausente en ${source}`);
  return index;
};
const [iCodigo, iDescripcion, iTipo] = [col('codigo'), col('descripcion'), col('tipo')];

const codes: Record<string, { descripcion: string; tipo: Tipo }> = {};
for (const row of rows) {
  const codigo = row[iCodigo].trim().padStart(4, '0');
  if (!/^\d{4}$/.test(codigo)) throw new Error(`código inválido: '${row[iCodigo]}'`);
  codes[codigo] = { descripcion: row[iDescripcion].trim(), tipo: row[iTipo].trim() as Tipo };
}

const alreadyRegistered = Object.entries(codes)
  .filter(
    ([codigo, { descripcion, tipo }]) =>
      (tipo === 'excepcion' || tipo === 'rechazo') &&
      !NOT_ALREADY_REGISTERED.has(codigo) &&
      ALREADY_REGISTERED_PATTERNS.some((pattern) => pattern.test(descripcion)),
  )
  .map(([codigo]) => codigo)
  .sort();

// One code per line, in code order, so a regenerated file diffs line by line.
const lines = Object.entries(codes)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([codigo, { descripcion, tipo }]) => '  ' + JSON.stringify({ codigo, descripcion, tipo }));
writeFileSync(
  target,
  `{\n "source": "vendor/sunat/codes/codigos_retorno.csv",\n "alreadyRegistered": ${JSON.stringify(alreadyRegistered)},\n` +
    ` "codes": [\n${lines.join(',\n')}\n ]\n}\n`,
);
console.log(`${lines.length} códigos, ya registrados: ${alreadyRegistered.join(', ')} -> ${target}`);
