const OCULTO = '[oculto]';

/**
 * What could be a credential in an error text: a URL's user and password, an Authorization value, a `clave=…`
 * style pair, and any long opaque run (tokens, keys, hashes, base64). SUNAT's fault texts carry none of them, but
 * the stored errors also hold transport and library messages, so they are cleaned before anyone reads them.
 */
const SECRETOS: Array<[RegExp, string]> = [
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, `$1${OCULTO}@`],
  [/\b(bearer|basic)\s+[^\s,;]+/gi, `$1 ${OCULTO}`],
  [
    /\b(password|passwd|contrase(?:ñ|n)a|clave(?:_sol)?|secret|client_secret|token|access_token|refresh_token|api[_-]?key|authorization|usuario_sol|user_sol)(["']?\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s,;&]+)/gi,
    `$1$2${OCULTO}`,
  ],
  // a run of 32 or more token characters with a digit in it (a URL's path has no such run)
  [/(?=[A-Za-z_+=-]*\d)[A-Za-z0-9+_=-]{32,}/g, OCULTO],
  [/(?=[A-Za-z+/]*\d)[A-Za-z0-9+/]{40,}={0,2}/g, OCULTO],
];

/**
 * What in a text names a company's documents or people: serie-número ('F001-12'), RUC and DNI (8 digits or more).
 * A SUNAT service's last error is shared by every company (one company's send took the service down), so it shows
 * SUNAT's words without them.
 */
const DE_UNA_EMPRESA: Array<[RegExp, string]> = [
  [/\b[A-Z0-9]{4}-\d{1,8}\b/g, '[comprobante]'],
  [/\d{8,}/g, '[número]'],
];

const aplicar = (texto: string, reglas: Array<[RegExp, string]>) => reglas.reduce((t, [patron, reemplazo]) => t.replace(patron, reemplazo), texto);

/** An error of the company's own document, as the company may read it: without anything like a credential. */
export function errorSinSecretos(texto: string | null): string | null {
  return texto === null ? null : aplicar(texto, SECRETOS);
}

/** A SUNAT service's error, as any company may read it: without credentials nor another company's data. */
export function errorDeServicio(texto: string | null): string | null {
  return texto === null ? null : aplicar(aplicar(texto, SECRETOS), DE_UNA_EMPRESA);
}
