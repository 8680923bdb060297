import { readFileSync } from 'node:fs';
import { problemasDeCalidad } from '../../test/support/openapi-checks';

/** Usage: openapi-check.ts <openapi.json>. Prints one line per problem; exits 1 when there is any. */
const archivo = process.argv[2];
if (!archivo) {
  console.error('usage: openapi-check.ts <openapi.json>');
  process.exit(2);
}
const problemas = problemasDeCalidad(JSON.parse(readFileSync(archivo, 'utf8')) as Record<string, unknown>);
for (const problema of problemas) console.error(problema);
console.log(`openapi-check: ${problemas.length} problem(s) in ${archivo}`);
process.exit(problemas.length ? 1 : 0);
