import type { Company, Money, Moneda, TipoDocIdentidad } from './common';

/** '1' addition, '2' modification, '3' annulment. */
export type SummaryLineStatus = '1' | '2' | '3';

export interface SummaryLine {
  estado: SummaryLineStatus;
  /** '03' boleta, '07'/'08' notes of boletas. */
  tipo_doc: '03' | '07' | '08';
  /** 'serie-numero', e.g. 'B001-15'. */
  numero: string;
  cliente: { tipo_doc: TipoDocIdentidad; numero: string };
  /** Affected boleta, for notes only. */
  documento_afectado?: { tipo: '03'; numero: string };
  moneda: Moneda;
  total: Money;
  gravadas: Money;
  exoneradas: Money;
  inafectas: Money;
  igv: Money;
  /** IGV percentage, e.g. '18.00'. */
  porcentaje_igv: Money;
}

/** Resumen diario de boletas (RC), UBL 2.0, CustomizationID 1.1. */
export interface Summary {
  company: Company;
  /** YYYY-MM-DD, day the summary is generated. */
  fecha_generacion: string;
  /** YYYY-MM-DD, issue day of the boletas. */
  fecha_referencia: string;
  correlativo: number;
  lines: SummaryLine[];
}
