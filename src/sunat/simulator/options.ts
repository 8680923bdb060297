import { VENDOR_XSD_DIR } from '../validation/xsd';

export interface SunatSimulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** How many times a ticket answers 98 before its final answer. */
  ticketPolls?: number;
  /**
   * A folder laid out like vendor/sunat/xsd (2.1/maindoc, 2.0/maindoc) that documents are XSD-validated
   * against; default vendor/sunat/xsd, `false` skips XSD validation.
   */
  xsdDir?: string | false;
  /** Clave SOL accepted for any RUC (SUNAT beta: MODDATOS / moddatos). */
  solUser?: string;
  solPassword?: string;
  greClientId?: string;
  greClientSecret?: string;
  tokenTtlSeconds?: number;
}

export type ResolvedOptions = Required<Omit<SunatSimulatorOptions, 'xsdDir'>> & { xsdDir?: string };

export function resolveOptions(options: SunatSimulatorOptions = {}): ResolvedOptions {
  return {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    ticketPolls: options.ticketPolls ?? 1,
    xsdDir: options.xsdDir === false ? undefined : (options.xsdDir ?? VENDOR_XSD_DIR),
    solUser: options.solUser ?? 'MODDATOS',
    solPassword: options.solPassword ?? 'moddatos',
    greClientId: options.greClientId ?? 'simulador-client-id',
    greClientSecret: options.greClientSecret ?? 'simulador-client-secret',
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
  };
}
