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
  /** Export value (BillingPayment 04). */
  exportacion?: Money;
  /** Free lines' value (BillingPayment 05); not part of the total. */
  gratuitas?: Money;
  /** Taxes besides IGV, each its own TaxTotal when above 0: ISC 2000, ICBPER 7152, IVAP 1016 (its base goes in gravadas). */
  isc?: Money;
  icbper?: Money;
  ivap?: Money;
  /** Boletas with percepción (catálogo 22), additions only; amounts always in PEN. */
  percepcion?: SummaryPerception;
}

export interface SummaryPerception {
  /** Catálogo 22: '01' 2 %, '02' 1 %, '03' 0.5 %. */
  regimen: '01' | '02' | '03';
  /** Rate as a percentage, e.g. '2.00'. */
  porcentaje: string;
  base: Money;
  monto: Money;
  /** Sale total + percepción. */
  total_cobrado: Money;
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
