/**
 * SUNAT's answers that say "not now" rather than "no": the service is down, busy or failed inside. A send that got
 * one is tried again later; anything else SUNAT answered is final for that file.
 * 0100-0199 are SUNAT's own failures (0100 "El sistema no puede responder su solicitud", 0109 "El sistema no puede
 * responder su solicitud. (El servicio de autenticación no está disponible)", 0130-0138 "no se pudo...": the
 * services behind it); 0200 (and Server.200) "No se pudo procesar su solicitud. (Ocurrió un error en el batch)".
 */
const TRANSITORIOS = new Set(['0100', '0109', '0200', ...Array.from({ length: 9 }, (_, i) => `01${30 + i}`)]);

/** '109', '0109', 'Server.0109', 'soap-env:Server.200' → whether SUNAT's code is a transient one. */
export function esFalloTransitorio(codigo: string | null | undefined): boolean {
  if (!codigo) return false;
  const digits = /(\d{1,4})\s*$/.exec(codigo.trim());
  return !!digits && TRANSITORIOS.has(digits[1].padStart(4, '0'));
}
