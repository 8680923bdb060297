/**
 * billConsultService getStatus answers (statusCode, statusMessage): the "consulta de validez" of an 01/07/08
 * whose serie starts with F. The texts are SUNAT's (as its consult service and tools built on it, e.g.
 * JBillStatus, show them); vendor/sunat/codes/codigos_retorno.csv's 'consulta' rows 0001-0015 are another
 * catalogue (the SFS/OSE getStatusCdr validations) whose numbers mean other things, so they are not used here.
 */
export const CONSULT_STATUS = {
  '0001': 'El comprobante existe y está aceptado.',
  '0002': 'El comprobante existe pero está rechazado.',
  '0003': 'El comprobante existe pero está de baja.',
  '0004': 'Formato de RUC no es válido (debe de contener 11 caracteres numéricos).',
  '0005': 'Formato del tipo de comprobante no es válido (debe de contener 2 caracteres).',
  '0006': 'Formato de serie inválido (debe de contener 4 caracteres).',
  '0007': 'El numero de comprobante debe de ser mayor que cero.',
  '0008': 'El número de RUC no está inscrito en los registros de la SUNAT.',
  '0009': 'EL tipo de comprobante debe de ser (01, 07 o 08).',
  '0010': 'Sólo se puede consultar facturas, notas de crédito y debito electrónicas, cuya serie empieza con "F"',
  '0011': 'El comprobante de pago electrónico no existe.',
  '0012': 'El comprobante de pago electrónico no le pertenece.',
} as const;

export type ConsultStatusCode = keyof typeof CONSULT_STATUS;

/** What getStatus says about the document: 0001-0003 it exists (accepted, rejected, voided), 0011 not found, else a query error. */
export type ConsultState = 'accepted' | 'rejected' | 'voided' | 'not-found' | 'invalid-query';

export function consultState(code: string): ConsultState {
  switch (code.trim().padStart(4, '0')) {
    case '0001':
      return 'accepted';
    case '0002':
      return 'rejected';
    case '0003':
      return 'voided';
    case '0011':
      return 'not-found';
    default:
      return 'invalid-query';
  }
}
