import { CONSULTA_VALIDEZ_CPE_URL } from '@/sunat/documents/consulta-validez';
import { fecha, moneyWith } from '@/reportes/pdf/layout/format';

/** SUNAT catálogo 01 of what is mailed. */
export type TipoComprobante = '01' | '03' | '07' | '08';

const TITULO: Record<TipoComprobante, string> = {
  '01': 'FACTURA ELECTRÓNICA',
  '03': 'BOLETA DE VENTA ELECTRÓNICA',
  '07': 'NOTA DE CRÉDITO ELECTRÓNICA',
  '08': 'NOTA DE DÉBITO ELECTRÓNICA',
};
const NOMBRE: Record<TipoComprobante, string> = {
  '01': 'factura electrónica',
  '03': 'boleta de venta electrónica',
  '07': 'nota de crédito electrónica',
  '08': 'nota de débito electrónica',
};
const AFECTADO: Record<string, string> = { '01': 'la factura', '03': 'la boleta de venta' };

export interface DatosMensaje {
  tipo: TipoComprobante;
  /** 'F001-123' */
  numero: string;
  /** YYYY-MM-DD */
  fechaEmision: string;
  moneda: string;
  total: number;
  cliente: string;
  emisor: { razonSocial: string; ruc: string };
  /** Notes: the document they modify (catálogo 01 code and serie-número). */
  afectado?: { tipo: string; numero: string };
  adjuntos: { pdf: string; xml: string; cdr: string };
}

/** Subject and plain-text body, in Spanish, naming the document, its issuer and its total. */
export function mensajeCorreo(d: DatosMensaje): { asunto: string; texto: string } {
  const asunto = `${TITULO[d.tipo]} ${d.numero} - ${d.emisor.razonSocial}`;
  const modifica = d.afectado ? `, que modifica ${AFECTADO[d.afectado.tipo] ?? 'el comprobante'} ${d.afectado.numero},` : '';
  const texto = [
    `Estimado(a) ${d.cliente}:`,
    '',
    `${d.emisor.razonSocial} (RUC ${d.emisor.ruc}) le envía su ${NOMBRE[d.tipo]} ${d.numero}${modifica} emitida el ${fecha(d.fechaEmision)}, por un total de ${moneyWith(d.moneda || 'PEN', d.total)}.`,
    '',
    'Se adjuntan:',
    `- la representación impresa en PDF (${d.adjuntos.pdf});`,
    `- el XML firmado del comprobante (${d.adjuntos.xml});`,
    `- la constancia de recepción de SUNAT, CDR (${d.adjuntos.cdr}).`,
    '',
    `Puede verificar su validez en SUNAT: ${CONSULTA_VALIDEZ_CPE_URL}`,
    '',
    'Este mensaje se envió automáticamente; para cualquier consulta responda a este correo o comuníquese con el emisor.',
    '',
  ].join('\n');
  return { asunto, texto };
}
