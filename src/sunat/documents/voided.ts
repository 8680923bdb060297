import type { Company } from './common';

export interface VoidedLine {
  /** '01' factura, '07'/'08' notes. */
  tipo_doc: '01' | '07' | '08';
  serie: string;
  correlativo: number;
  motivo: string;
}

/** Comunicación de baja (RA), UBL 2.0, CustomizationID 1.0. */
export interface Voided {
  company: Company;
  /** YYYY-MM-DD */
  fecha_generacion: string;
  /** YYYY-MM-DD, issue day of the voided documents. */
  fecha_referencia: string;
  correlativo: number;
  lines: VoidedLine[];
}
