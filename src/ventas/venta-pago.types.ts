/** Issue 18: the payment conditions as stored on the sale (jsonb columns; amounts as decimal strings). */
export type FormaPago = 'Contado' | 'Credito';

export interface CuotaGuardada {
  monto: string;
  fecha_vencimiento: string;
}

export interface DetraccionGuardada {
  /** Catálogo 54. */
  codigo: string;
  porcentaje: string;
  cuenta_banco_nacion: string;
  /** Catálogo 59. */
  medio_pago: string;
  /** The amount in PEN when the client sent it; null: computed from the total. */
  monto_enviado: string | null;
}

export interface PercepcionGuardada {
  codigo_regimen: string;
  porcentaje: string;
  /** In PEN. */
  base: string;
}

export interface RetencionGuardada {
  porcentaje: string;
  /** In tipo_moneda. */
  base: string;
}
