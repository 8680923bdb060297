import { SunatContext } from './credentials';

/** SUNAT beta credentials (public test values), as a caller would pass them. */
export const BETA_RUC = '20000000001';

export function betaContext(overrides: Partial<SunatContext['sol']> = {}): SunatContext {
  return {
    modo: 'beta',
    sol: { ruc: BETA_RUC, usuario: 'MODDATOS', clave: 'moddatos', ...overrides },
    gre: { clientId: 'simulador-client-id', clientSecret: 'simulador-client-secret' },
  };
}
