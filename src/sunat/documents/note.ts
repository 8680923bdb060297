import type { Company, Customer, DocumentLine, DocumentTotals, Moneda, Money } from './common';

/** Nota de crédito (07) or nota de débito (08), UBL 2.1. */
export interface Note {
  tipo: '07' | '08';
  serie: string;
  correlativo: number;
  /** YYYY-MM-DD */
  fecha_emision: string;
  /** HH:mm:ss, America/Lima. */
  hora_emision?: string;
  moneda: Moneda;
  /** Catalog 09 (credit) or 10 (debit) reason code and its free-text support. */
  motivo: { codigo: string; descripcion: string };
  /** The affected factura or boleta: tipo '01'/'03' and 'serie-numero' ('F001-25'). */
  documento_afectado: { tipo: '01' | '03'; numero: string };
  company: Company;
  customer: Customer;
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** Credit note reason 13: the new instalments (FormaPago Credito, pending amount = their sum). */
  cuotas?: Array<{ monto: Money; fecha_vencimiento: string }>;
}
