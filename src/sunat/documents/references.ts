import type { Money } from './common';

/** Issue 18 part B: what an invoice refers to, and the advance invoices it deducts. */
export interface InvoiceReferences {
  /** cac:OrderReference/cbc:ID: up to 20 characters without spaces. */
  orden_compra?: string;
  /** cac:DespatchDocumentReference: '09' remitente or '31' transportista, 'T001-123'. */
  guias: Array<{ tipo: '09' | '31'; numero: string }>;
  /** cac:AdditionalDocumentReference, catálogo 12 (not 02/03: those are `prepaid`). */
  documentos: Array<{ tipo: string; numero: string }>;
}

/**
 * A deducted advance invoice (Excel v7 model): the lines keep their full value; the header deducts the
 * advance's value without taxes with a catálogo 53 AllowanceCharge ('04' gravado, '05' exonerado, '06'
 * inafecto) from the tax bases, and LegalMonetaryTotal/PrepaidAmount (the sum of `monto`, taxes included)
 * from the payable amount.
 */
export interface Prepayment {
  /** Catálogo 12: '02' factura or '03' boleta emitted for an advance. */
  tipo: '02' | '03';
  /** 'F001-7' */
  numero: string;
  /** RUC of the advance's issuer (this company). */
  ruc_emisor: string;
  /** PaidAmount, taxes included. */
  monto: Money;
  /** Value without taxes (the AllowanceCharge amount). */
  base: Money;
  /** IGV the advance carried (monto - base; 0.00 for 05 / 06). */
  igv: Money;
  codigo: '04' | '05' | '06';
}
