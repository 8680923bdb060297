import { registerAs } from '@nestjs/config';
import { envOptional, isProduction } from './env';
import { DECIMAL_RULE, int, oneOf, optional, readEnv, str, URL_RULE } from './schema';

export interface SunatConfig {
  /**
   * 'embedded': a local SUNAT simulator starts inside the service (default in development when no
   * endpoint is configured); 'off': real SUNAT URLs by company modo, or SUNAT_ENDPOINTS_BASE.
   */
  simulator: 'embedded' | 'off';
  /** One base URL for every SUNAT service of both modos (e.g. a standalone simulator). */
  endpointsBase: string | undefined;
  betaRuc: string;
  betaUser: string;
  betaPassword: string;
  greClientId: string | undefined;
  greClientSecret: string | undefined;
  timeoutMs: number;
  signatureAlgorithm: 'sha1' | 'sha256';
  /** Default tax rate (percent) when a company has none. */
  igvDefault: string;
}

/** The variables of the 'sunat' namespace; the simulator's default depends on whether an endpoint is set. */
export const sunatSchema = () => ({
  SUNAT_ENDPOINTS_BASE: optional(URL_RULE),
  SUNAT_SIMULATOR: oneOf(['embedded', 'off'], !isProduction() && !envOptional('SUNAT_ENDPOINTS_BASE') ? 'embedded' : 'off'),
  SUNAT_SIGNATURE_ALG: oneOf(['sha1', 'sha256'], 'sha1'),
  SUNAT_BETA_RUC: str('20000000001', { pattern: /^\d{11}$/, describe: 'un RUC de 11 dígitos' }),
  SUNAT_BETA_USER: str('MODDATOS'),
  SUNAT_BETA_PASSWORD: str('moddatos'),
  SUNAT_GRE_CLIENT_ID: optional(),
  SUNAT_GRE_CLIENT_SECRET: optional(),
  SUNAT_TIMEOUT_MS: int(60_000, { min: 1, max: 600_000 }),
  IGV_DEFAULT: str('18.00', DECIMAL_RULE),
});

export function loadSunatConfig(): SunatConfig {
  const env = readEnv('sunat', sunatSchema());
  const simulator = env.SUNAT_SIMULATOR;
  return {
    simulator,
    endpointsBase: env.SUNAT_ENDPOINTS_BASE,
    betaRuc: env.SUNAT_BETA_RUC,
    betaUser: env.SUNAT_BETA_USER,
    betaPassword: env.SUNAT_BETA_PASSWORD,
    greClientId: env.SUNAT_GRE_CLIENT_ID ?? (simulator === 'embedded' ? 'simulador-client-id' : undefined),
    greClientSecret: env.SUNAT_GRE_CLIENT_SECRET ?? (simulator === 'embedded' ? 'simulador-client-secret' : undefined),
    timeoutMs: env.SUNAT_TIMEOUT_MS,
    signatureAlgorithm: env.SUNAT_SIGNATURE_ALG,
    igvDefault: env.IGV_DEFAULT,
  };
}

export const sunatConfig = registerAs('sunat', loadSunatConfig);
