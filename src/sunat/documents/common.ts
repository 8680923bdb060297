/**
 * Shared pieces of the plain document models.
 *
 * Amounts: every money field is a decimal STRING with exactly two decimals ('118.00', '0.50').
 * Callers compute amounts with decimal arithmetic (common/money or note-amounts.ts) and pass the
 * rounded result; the XML builders only check the format and write the string as is. Strings keep
 * what PostgreSQL decimal columns return, never go through a binary float, and cost nothing to write.
 * Quantities and weights are decimal strings too ('10', '0.5', '2.125').
 */
export type Money = string;
export type Quantity = string;

export type { Moneda } from './monedas';

/** Catalog 06 identity document type: '6' RUC, '1' DNI, '4' carnet de extranjería, '7' pasaporte, '0' sin documento. */
export type TipoDocIdentidad = '0' | '1' | '4' | '6' | '7' | 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

/** The issuing company (emisor). */
export interface Company {
  ruc: string;
  razon_social: string;
  comercial?: string;
  direccion: string;
  ubigeo: string;
  distrito: string;
  provincia: string;
  departamento: string;
  /** Establishment code registered with SUNAT; '0000' is the fiscal address. */
  codigo_local?: string;
}

export interface Customer {
  tipo_doc: TipoDocIdentidad;
  numero: string;
  nombre: string;
  direccion?: string;
}

/**
 * Catalog 07 affectation: '10' gravado, '11'-'16' gravado free, '17' IVAP, '20' exonerado, '21' exonerado
 * free, '30' inafecto, '31'-'37' inafecto free, '40' export. Notes use 10, 20 and 30.
 */
export type TipoAfectacionIgv = string;

/** A catalog 53 discount: amount, the amount it applies to, and amount / base (5 decimals). */
export interface Discount {
  monto: Money;
  base: Money;
  factor: string;
}

/** A sold item as it appears in invoices and notes. */
export interface DocumentLine {
  codigo: string;
  /** Catalog 25 product code (UNSPSC), e.g. '10000000'. */
  codigo_sunat?: string;
  descripcion: string;
  /** UN/ECE rec 20 unit, e.g. 'NIU', 'ZZ', 'KGM'. */
  unidad: string;
  cantidad: Quantity;
  /** Unit value without IGV (cac:Price; '0.00' on free lines); up to 10 decimals. */
  valor_unitario: Money;
  /** Unit price with IGV (catalog 16 type 01), or the referential unit value of a free line (type 02); up to 10 decimals. */
  precio_unitario: Money;
  tipo_afectacion_igv: TipoAfectacionIgv;
  /** Line value without IGV (valor venta). */
  valor_venta: Money;
  /** IGV of the line; '0.00' for 20 and 30. */
  igv: Money;
  /** IGV percentage, e.g. '18.00'. */
  porcentaje_igv: Money;
  /** Line discount that reduces the line value (catalog 53 code 00), without IGV. */
  descuento?: Discount;
  /** ICBPER (tax 7152): bags counted by `cantidad`, rate per bag, amount = cantidad x tasa. */
  icbper?: { monto: Money; tasa: Money };
  /** ISC (tax 2000, catalog 08 system in TierRange): base, amount and Percent (amount ≈ base × Percent / 100). */
  isc?: { sistema: string; base: Money; monto: Money; porcentaje: string };
}

export interface DocumentTotals {
  gravadas: Money;
  exoneradas: Money;
  inafectas: Money;
  igv: Money;
  /** Amount payable, IGV included. */
  total: Money;
  /** Invoices (issue 17); absent means 0. Free lines' value and the IGV they would carry (subtotal 9996). */
  gratuitas?: Money;
  igv_gratuitas?: Money;
  /** Export lines (40, subtotal 9995). */
  exportacion?: Money;
  /** IVAP lines (17, subtotal 1016): base and tax. */
  ivap_base?: Money;
  ivap?: Money;
  /** ICBPER of the lines (subtotal 7152), charged on top. */
  icbper?: Money;
  /** ISC of the lines (subtotal 2000): base and tax. */
  isc_base?: Money;
  isc?: Money;
  /** Global discount on the gravado base (catalog 53 code 02); `gravadas` is already net of it. */
  descuento_global?: Discount;
}
