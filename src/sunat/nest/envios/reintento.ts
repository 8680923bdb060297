/**
 * The wait before attempt `intentos + 1` after a transient failure: base × 2^(intentos − 1), capped at `max`, then
 * "equal jitter" (half fixed, half random) so that a backlog does not come back all at once.
 */
export function esperaDeReintento(intentos: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exponente = Math.min(Math.max(intentos - 1, 0), 30);
  const tope = Math.min(maxMs, baseMs * 2 ** exponente);
  return Math.round(tope / 2 + random() * (tope / 2));
}
