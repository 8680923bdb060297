/**
 * The simulator's Clave SOL check, for SOAP (WS-Security UsernameToken) and the GRE token alike. SUNAT's username is
 * the RUC followed by the SOL user. The simulator cannot know a company's real clave SOL, so it accepts any pair
 * whose user and password are both present: beta's MODDATOS / moddatos, and the user_sol / clave_sol a production
 * company stores. An empty or blank user or password is refused, as SUNAT refuses it: 0102 "Usuario o contrasena
 * incorrectos" over SOAP (SUNAT does not tell a missing user from a wrong one; 0103 / 0104 are not what billService
 * answers), 401 access_denied on the token endpoint.
 *
 * Returns the RUC the caller logs in for, or undefined when the pair is refused.
 */
export function rucAutenticado(username: string | null | undefined, password: string | null | undefined): string | undefined {
  const match = /^(\d{11})(.*)$/s.exec(username ?? '');
  if (!match || !match[2].trim() || !(password ?? '').trim()) return undefined;
  return match[1];
}
