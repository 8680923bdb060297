import { fixed } from '@/common/money';

/** The fields of SUNAT's QR for invoices, boletas and notes, in the order API.md fixes. */
export interface QrComprobante {
  ruc: string;
  /** Catálogo 01: '01', '03', '07', '08'. */
  tipo: string;
  serie: string;
  numero: number;
  igv: number | string;
  total: number | string;
  /** YYYY-MM-DD */
  fecha: string;
  /** Catálogo 06 of the client ('6' RUC, '1' DNI, '0' none). */
  clienteTipoDoc: string;
  clienteNumDoc: string;
  /** DigestValue of the signed XML; empty while the XML has not been signed. */
  hash: string | null;
}

/**
 * 'RUC|tipo|serie|numero|igv|total|fecha|tipo doc cliente|num doc cliente|hash': numero without leading
 * zeros, amounts with two decimals, ISO date, no trailing separator.
 */
export function sunatQrPayload(q: QrComprobante): string {
  return [
    q.ruc,
    q.tipo,
    q.serie,
    String(q.numero),
    fixed(q.igv, 2),
    fixed(q.total, 2),
    q.fecha.slice(0, 10),
    q.clienteTipoDoc,
    q.clienteNumDoc,
    q.hash ?? '',
  ].join('|');
}
