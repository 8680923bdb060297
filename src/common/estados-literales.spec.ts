import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Lint-style guard for issue 15: states and deadlines live in common/estados.ts and common/plazos.ts. The raw
 * literals they replaced must not come back anywhere else in src/ (tests and OpenAPI examples excepted: they
 * spell out the JSON a client sees). Comments are not checked.
 */
const SRC = join(__dirname, '..');
const ALLOWED = new Set(['common/estados.ts', 'common/plazos.ts']);
const ESTADOS_TEXTO = 'pendiente|enviado|aceptado|rechazado|anulado|aprobada|rechazada|vencida|preparado';

const PATTERNS: Array<[string, RegExp]> = [
  ['estado_sunat compared or written as a raw literal', /estado_sunat\s*(===|!==|=|:)\s*'[0-3]'/],
  ['RC/RA line status as a raw literal', /estado_linea\s*(===|!==|=|:)\s*'[0-3]'/],
  ["a sale's estado '2' as a raw literal", /\bestado\s*(===|!==|:)\s*'2'/],
  ['a document state as a raw literal', new RegExp(`\\bestado\\s*(===|!==|=|:)\\s*'(${ESTADOS_TEXTO})'`)],
  ['a document state chosen between raw literals', new RegExp(`\\bestado\\s*:[^,;'{}]*\\?\\s*'(${ESTADOS_TEXTO})'`)],
  ["a note's baja as a raw literal", /\bbaja\s*(===|!==|=|:)\s*'(en_proceso|aceptada)'/],
  ['a list of states spelt out in a DTO', new RegExp(`IsIn\\(\\[\\s*'(0',\\s*'1',\\s*'2|${ESTADOS_TEXTO})'`)],
  ['a deadline constant outside common/plazos.ts', /\bconst\s+(PLAZO|DIAS)_\w*\s*=\s*(\d|\{)/],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') && !e.name.endsWith('.openapi.ts') ? [path] : [];
  });
}

/** The code of a line, without // comments and /** … *\/ comment lines. */
function code(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*') || trimmed.startsWith('//')) return '';
  return line.replace(/\s\/\/.*$/, '');
}

function findRawLiterals(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [what, pattern] of PATTERNS) if (pattern.test(code(line))) found.push(`${i + 1}: ${what}: ${line.trim()}`);
  });
  return found;
}

describe('states and deadlines have one home', () => {
  it('the patterns catch what they are meant to catch', () => {
    const bad = [
      "if (venta.estado_sunat === '1') return;",
      "await repo.update({ id }, { estado_sunat: '3' });",
      ".where(`g.estado = 'enviado'`)",
      "{ estado: accepted ? 'aceptado' : 'rechazado' }",
      "{ estado: 'aceptado' }",
      "if (v.estado !== '2') {",
      "if (nota.baja === 'en_proceso') return;",
      "@IsIn(['0', '1', '2', '3']) estado_sunat?: string;",
      'export const PLAZO_DIAS = 7;',
      "const lineas = [{ estado_linea: '3' }];",
    ];
    for (const line of bad) expect(findRawLiterals(line)).toHaveLength(1);
    const fine = [
      'if (venta.estado_sunat === SUNAT_ACEPTADA) return;',
      "/** estado_sunat '0' pendiente */",
      "if (empresa.estado !== '1') throw x; // active flag, not a document state",
      "return outcome === 'aceptado';",
    ];
    for (const line of fine) expect(findRawLiterals(line)).toEqual([]);
  });

  it('src/ uses common/estados.ts and common/plazos.ts instead of raw literals', () => {
    const files = sourceFiles(SRC).filter((f) => !ALLOWED.has(relative(SRC, f).split('\\').join('/')));
    expect(files.length).toBeGreaterThan(100);
    const offences = files.flatMap((f) => findRawLiterals(readFileSync(f, 'utf8')).map((o) => `${relative(SRC, f)}:${o}`));
    expect(offences).toEqual([]);
  });
});
