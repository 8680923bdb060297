/**
 * Checks of an OpenAPI document that a reader of Swagger UI or a client generator relies on, shared by
 * test/e2e/openapi-calidad.e2e-spec.ts (the test app's document) and scripts/ci-extras/openapi-check.ts (the
 * document of the production build, where the @nestjs/swagger plugin adds the DTO property descriptions).
 * Each function returns one line per problem, so a failure lists them all.
 */

export type Json = Record<string, any>;

const METODOS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

export interface Operacion {
  id: string;
  metodo: string;
  ruta: string;
  op: Json;
}

export function operaciones(doc: Json): Operacion[] {
  const out: Operacion[] = [];
  for (const [ruta, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const metodo of METODOS) {
      if (item[metodo]) out.push({ id: `${metodo.toUpperCase()} ${ruta}`, metodo, ruta, op: item[metodo] as Json });
    }
  }
  return out;
}

/** Every `summary`, `description` and `title` of the document, with where it is. */
export function textos(doc: Json): Array<{ donde: string; texto: string }> {
  const out: Array<{ donde: string; texto: string }> = [];
  const recorrer = (valor: unknown, donde: string): void => {
    if (Array.isArray(valor)) valor.forEach((v, i) => recorrer(v, `${donde}/${i}`));
    else if (valor && typeof valor === 'object') {
      for (const [clave, v] of Object.entries(valor)) {
        // Examples are data the API answers (names, references), not documentation.
        if (clave === 'example' || clave === 'examples') continue;
        if ((clave === 'summary' || clave === 'description' || clave === 'title') && typeof v === 'string') out.push({ donde: `${donde}/${clave}`, texto: v });
        else recorrer(v, `${donde}/${clave}`);
      }
    }
  };
  recorrer(doc, '#');
  return out;
}

/** A tracker reference: the word issue, or a hash sign and a number. */
export const REFERENCIA_INTERNA = /issue|#\d+/i;

/**
 * English function words (and a few nouns the English descriptions used): any of them outside `code` marks a
 * text as English. Whole words only, letters with accents included, so "mayúsculas" is not "may".
 */
const PALABRAS_EN_INGLES = [
  ...'the of and with when unless only its is are per from without including includes default defaults never may must should'.split(' '),
  ...'or on to in by for as an be it this that which sent becomes carries related other documents reason rate tax percentage'.split(' '),
  ...['payment', 'percent', 'name', 'up to', 'at least', 'at most'],
];
const EN_INGLES = new RegExp(`(?<![\\p{L}\\p{N}_])(${PALABRAS_EN_INGLES.join('|')})(?![\\p{L}\\p{N}_])`, 'iu');

/** The English word that gives a text away, if any (code spans between backticks are left out). */
export function palabraEnIngles(texto: string): string | undefined {
  return texto.replace(/`[^`]*`/g, '').match(EN_INGLES)?.[1];
}

/** A text a user reads: Spanish, without tracker references. */
export function problemaDeTexto(texto: string): string | undefined {
  const referencia = texto.match(REFERENCIA_INTERNA)?.[0];
  if (referencia) return `mentions "${referencia}"`;
  const ingles = palabraEnIngles(texto);
  if (ingles) return `reads as English ("${ingles}")`;
  return undefined;
}

export function problemasDeTextos(doc: Json): string[] {
  return textos(doc).flatMap(({ donde, texto }) => {
    const problema = problemaDeTexto(texto);
    return problema ? [`${donde}: ${problema}: ${JSON.stringify(texto.slice(0, 120))}`] : [];
  });
}

/** Plain identifiers, unique: client generators turn them into method names. */
export function problemasDeOperationIds(doc: Json): string[] {
  const vistos = new Map<string, string>();
  const problemas: string[] = [];
  for (const { id, op } of operaciones(doc)) {
    const operationId = op.operationId as string | undefined;
    if (!operationId) problemas.push(`${id}: no operationId`);
    else if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(operationId)) problemas.push(`${id}: operationId ${operationId} is not a plain identifier`);
    else if (vistos.has(operationId)) problemas.push(`${id}: operationId ${operationId} repeats ${vistos.get(operationId)}`);
    if (operationId) vistos.set(operationId, id);
  }
  return problemas;
}

/**
 * IdempotencyInterceptor's rule: an authenticated POST, PUT, PATCH or DELETE whose body is not (only)
 * multipart/form-data. Public operations (`security: []`) have no user: the header is ignored there.
 */
export function tomaIdempotencyKey(metodo: string, op: Json): boolean {
  if (!['post', 'put', 'patch', 'delete'].includes(metodo) || !op.security?.length) return false;
  const tipos = Object.keys(op.requestBody?.content ?? {});
  return !(tipos.length && tipos.every((t) => t === 'multipart/form-data'));
}

function parametro(doc: Json, p: Json): Json {
  if (!p.$ref) return p;
  return doc.components?.parameters?.[String(p.$ref).replace('#/components/parameters/', '')] ?? {};
}

/** The header is documented exactly where the interceptor honours it. */
export function problemasDeIdempotencia(doc: Json): string[] {
  const problemas: string[] = [];
  for (const { id, metodo, op } of operaciones(doc)) {
    const cabecera = ((op.parameters ?? []) as Json[]).map((p) => parametro(doc, p)).find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    const toma = tomaIdempotencyKey(metodo, op);
    if (toma && !cabecera) problemas.push(`${id}: takes Idempotency-Key but does not document the header`);
    if (!toma && cabecera) problemas.push(`${id}: documents Idempotency-Key, which it ignores`);
    if (cabecera && (cabecera.required || !cabecera.schema || !cabecera.description))
      problemas.push(`${id}: Idempotency-Key needs a schema and a description, optional`);
  }
  return problemas;
}

/** Every operation says who may call it: a scheme, or `security: []` for a public one. */
export function problemasDeSeguridad(doc: Json): string[] {
  return operaciones(doc)
    .filter(({ op }) => !Array.isArray(op.security))
    .map(({ id }) => `${id}: no security (use [] for a public operation)`);
}

export function problemasDeCalidad(doc: Json): string[] {
  return [...problemasDeTextos(doc), ...problemasDeOperationIds(doc), ...problemasDeIdempotencia(doc), ...problemasDeSeguridad(doc)];
}
