import { registerAs } from '@nestjs/config';
import { envInt, envOptional, envString, isProduction } from './env';

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

export function loadSunatConfig(): SunatConfig {
  const endpointsBase = envOptional('SUNAT_ENDPOINTS_BASE');
  const defaultSimulator = !isProduction() && !endpointsBase ? 'embedded' : 'off';
  const simulator = envString('SUNAT_SIMULATOR', defaultSimulator);
  if (simulator !== 'embedded' && simulator !== 'off') throw new Error(`SUNAT_SIMULATOR debe ser 'embedded' u 'off': '${simulator}'`);
  const algorithm = envString('SUNAT_SIGNATURE_ALG', 'sha1');
  if (algorithm !== 'sha1' && algorithm !== 'sha256') throw new Error(`SUNAT_SIGNATURE_ALG debe ser sha1 o sha256: '${algorithm}'`);
  return {
    simulator,
    endpointsBase,
    betaRuc: envString('SUNAT_BETA_RUC', '20000000001'),
    betaUser: envString('SUNAT_BETA_USER', 'MODDATOS'),
    betaPassword: envString('SUNAT_BETA_PASSWORD', 'moddatos'),
    greClientId: envOptional('SUNAT_GRE_CLIENT_ID') ?? (simulator === 'embedded' ? 'simulador-client-id' : undefined),
    greClientSecret: envOptional('SUNAT_GRE_CLIENT_SECRET') ?? (simulator === 'embedded' ? 'simulador-client-secret' : undefined),
    timeoutMs: envInt('SUNAT_TIMEOUT_MS', 60_000),
    signatureAlgorithm: algorithm,
    igvDefault: envString('IGV_DEFAULT', '18.00'),
  };
}

export const sunatConfig = registerAs('sunat', loadSunatConfig);
