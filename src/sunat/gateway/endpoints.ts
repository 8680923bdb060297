export type SunatModo = 'beta' | 'produccion';

export interface SunatEndpoints {
  /** SOAP billService: sendBill, sendSummary, getStatus. */
  billService: string;
  /** SOAP billConsultService: getStatusCdr. */
  consultService: string;
  /** GRE OAuth base; the token path `/v1/clientessol/{client_id}/oauth2/token/` is appended. */
  greAuth: string;
  /** GRE API base; `/v1/contribuyente/gem/comprobantes/...` is appended. */
  greCpe: string;
  /** OAuth base of SUNAT's contributor APIs; `/v1/clientesextranet/{client_id}/oauth2/token/` is appended. */
  validezAuth: string;
  /** Validity check base; `/v1/contribuyente/contribuyentes/{ruc}/validarcomprobante` is appended. */
  validez: string;
}

export type SunatEndpointsConfig = Partial<Record<SunatModo, Partial<SunatEndpoints>>>;

/**
 * SUNAT's own URLs, as Greenter's SunatEndpoints and SUNAT's WSDLs give them. SUNAT has no public GRE
 * beta: the beta GRE default is the community test server most Peruvian issuers use (Nubefact's).
 */
export const DEFAULT_SUNAT_ENDPOINTS: Readonly<Record<SunatModo, Readonly<SunatEndpoints>>> = Object.freeze({
  beta: Object.freeze({
    billService: 'https://e-beta.sunat.gob.pe/ol-ti-itcpfegem-beta/billService',
    consultService: 'https://e-beta.sunat.gob.pe/ol-it-wsconscpegem-beta/billConsultService',
    greAuth: 'https://gre-test.nubefact.com',
    greCpe: 'https://gre-test.nubefact.com',
    // the validity check has no beta: SUNAT's own service (it does not know beta documents)
    validezAuth: 'https://api-seguridad.sunat.gob.pe',
    validez: 'https://api.sunat.gob.pe',
  }),
  produccion: Object.freeze({
    billService: 'https://e-factura.sunat.gob.pe/ol-ti-itcpfegem/billService',
    consultService: 'https://e-factura.sunat.gob.pe/ol-it-wsconscpegem/billConsultService',
    greAuth: 'https://api-seguridad.sunat.gob.pe',
    greCpe: 'https://api-cpe.sunat.gob.pe',
    validezAuth: 'https://api-seguridad.sunat.gob.pe',
    validez: 'https://api.sunat.gob.pe',
  }),
});

export function normalizeModo(modo: string): SunatModo {
  const value = modo.trim().toLowerCase();
  if (value === 'beta') return 'beta';
  if (value === 'produccion' || value === 'producción' || value === 'production' || value === 'prod') return 'produccion';
  throw new Error(`Modo SUNAT desconocido: '${modo}' (use 'beta' o 'produccion')`);
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');

/** Defaults for the company's modo, overridden field by field by configuration. */
export function resolveEndpoints(modo: string, config: SunatEndpointsConfig = {}): SunatEndpoints {
  const key = normalizeModo(modo);
  const merged = { ...DEFAULT_SUNAT_ENDPOINTS[key], ...stripUndefined(config[key] ?? {}) };
  return {
    billService: stripSlash(merged.billService),
    consultService: stripSlash(merged.consultService),
    greAuth: stripSlash(merged.greAuth),
    greCpe: stripSlash(merged.greCpe),
    validezAuth: stripSlash(merged.validezAuth),
    validez: stripSlash(merged.validez),
  };
}

/** The same paths SUNAT uses, on the local simulator's base URL (for both modos). */
export function simulatorEndpoints(baseUrl: string): SunatEndpointsConfig {
  const base = stripSlash(baseUrl);
  const endpoints: SunatEndpoints = {
    billService: `${base}/ol-ti-itcpfegem-beta/billService`,
    consultService: `${base}/ol-it-wsconscpegem-beta/billConsultService`,
    greAuth: base,
    greCpe: base,
    validezAuth: base,
    validez: base,
  };
  return { beta: endpoints, produccion: endpoints };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}
