/** Clave SOL of a company. SUNAT's username is RUC + usuario (beta: 20000000001 + MODDATOS / moddatos). */
export interface SolCredentials {
  ruc: string;
  usuario: string;
  clave: string;
}

/** GRE REST also needs the API client generated in Menú SOL. */
export interface GreApiCredentials {
  clientId: string;
  clientSecret: string;
}

/** Who is calling and against which SUNAT: passed on every call, the gateway keeps no credentials. */
export interface SunatContext {
  modo: string;
  sol: SolCredentials;
  gre?: GreApiCredentials;
}

export function solUsername(sol: SolCredentials): string {
  return `${sol.ruc}${sol.usuario}`;
}
