/**
 * SUNAT's public page "Consulta de validez del comprobante de pago electrónico": anyone checks a factura,
 * boleta or note there with the issuer's RUC, type, series, number, date and amount, without a SOL key.
 * Printed on the representation of every comprobante SUNAT receives (not on guides, which carry the
 * CDR's QR link, nor on quotations). docs/API.md says why this address.
 */
export const CONSULTA_VALIDEZ_CPE_URL = 'https://e-consultaruc.sunat.gob.pe/cl-ti-itconsvalicpe/ConsValiCpe.htm';
