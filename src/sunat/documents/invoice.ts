import type { Company, Customer, DocumentLine, DocumentTotals, Moneda } from './common';
import type { InvoicePayment } from './payment';
import type { InvoiceReferences, Prepayment } from './references';

/** Factura (01) or boleta de venta (03), UBL 2.1. */
export interface Invoice {
  tipo: '01' | '03';
  serie: string;
  correlativo: number;
  /** YYYY-MM-DD */
  fecha_emision: string;
  /** HH:mm:ss, America/Lima. */
  hora_emision?: string;
  moneda: Moneda;
  /** Catalog 51 operation type; '0101' (venta interna) when absent. */
  tipo_operacion?: string;
  company: Company;
  customer: Customer;
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** Payment terms; facturas always state them ('Contado' when absent). */
  forma_pago?: 'Contado';
  /** Issue 18: credit, instalments, detracción, percepción, retención; wins over forma_pago. */
  pago?: InvoicePayment;
  /** Issue 18 part B: guides, purchase order and other related documents. */
  referencias?: InvoiceReferences;
  /** Issue 18 part B: advance invoices this invoice deducts. */
  anticipos?: Prepayment[];
}
