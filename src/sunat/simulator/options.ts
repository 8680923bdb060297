import { VENDOR_XSD_DIR } from '../validation/xsd';
import type { CdrStyle } from './cdr/cdr-builder';

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
  /**
   * SUNAT's own XSL rules (validation/) and the checks no XSL makes (deadlines, RA targets, certificate) on every
   * document; `false` only for tests whose documents are intentionally partial (protocol tests).
   */
  rules?: boolean;
  /** YYYY-MM-DD the simulator takes as today (default: today in Lima). */
  today?: string;
  /** Certificates (PEM) communicated to SUNAT, per production RUC (see also POST /__control/certificate). */
  certificates?: Record<string, string>;
  /**
   * 'realistic' (default): CDRs as SUNAT writes them (ISO-8859-1, default namespace, datetime IssueDate, Notes after
   * the signature, unsigned minimal exception CDRs); 'clean': UTF-8 with the `ar:` prefix (see cdr/cdr-builder).
   */
  cdrStyle?: CdrStyle;
  greClientId?: string;
  greClientSecret?: string;
  tokenTtlSeconds?: number;
}

export type ResolvedOptions = Required<Omit<SunatSimulatorOptions, 'xsdDir' | 'today' | 'certificates'>> & {
  xsdDir?: string;
  today?: string;
  certificates: Record<string, string>;
};

export function resolveOptions(options: SunatSimulatorOptions = {}): ResolvedOptions {
  return {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    ticketPolls: options.ticketPolls ?? 1,
    xsdDir: options.xsdDir === false ? undefined : (options.xsdDir ?? VENDOR_XSD_DIR),
    rules: options.rules ?? true,
    cdrStyle: options.cdrStyle ?? 'realistic',
    today: options.today,
    certificates: options.certificates ?? {},
    greClientId: options.greClientId ?? 'simulador-client-id',
    greClientSecret: options.greClientSecret ?? 'simulador-client-secret',
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
  };
}
