/**
 * SUNAT's "Consulta Integrada de Comprobante de Pago" (the validity check of a CPE, REST with an API token):
 * `estadoCp` of the document asked about. Texts as SUNAT's manual of the service and its web page show them.
 */
export const ESTADO_CP = {
  '0': 'NO EXISTE (Comprobante no informado)',
  '1': 'ACEPTADO (Comprobante aceptado)',
  '2': 'ANULADO (Comunicado en una baja)',
  '3': 'AUTORIZADO (con autorización de imprenta)',
  '4': 'NO AUTORIZADO (no autorizado por imprenta)',
} as const;

export type EstadoCp = keyof typeof ESTADO_CP;

/** What the validity check says of a document: registered and valid, voided, unknown to SUNAT, or a printed one. */
export type ValidityState = 'not-found' | 'accepted' | 'voided' | 'authorized' | 'not-authorized';

export function validityState(estadoCp: string): ValidityState | undefined {
  switch (estadoCp.trim()) {
    case '0':
      return 'not-found';
    case '1':
      return 'accepted';
    case '2':
      return 'voided';
    case '3':
      return 'authorized';
    case '4':
      return 'not-authorized';
    default:
      return undefined;
  }
}

/** OAuth scope of SUNAT's contributor APIs (client_credentials grant), the validity check among them. */
export const VALIDEZ_SCOPE = 'https://api.sunat.gob.pe/v1/contribuyente/contribuyentes';

/** dd/mm/yyyy, as the service takes fechaEmision, from YYYY-MM-DD. */
export function fechaValidez(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
