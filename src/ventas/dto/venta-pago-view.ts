/** Issue 18: a sale's payment conditions as GET /api/ventas/{id} shows them; amounts are numbers with 2 decimals. */
export interface VentaPagoView {
  /** 'Contado' | 'Credito'. */
  forma_pago: string;
  fecha_vencimiento: string | null;
  /** PEN per unit of tipo_moneda. */
  tipo_cambio: number | null;
  /** Cuota001.. in order. */
  cuotas: Array<{ numero: number; monto: number; fecha_vencimiento: string }>;
  detraccion: { codigo: string; descripcion: string | null; porcentaje: number; cuenta_banco_nacion: string; medio_pago: string; monto: number } | null;
  percepcion: { codigo_regimen: string; porcentaje: number; base: number; monto: number; total: number } | null;
  retencion: { porcentaje: number; base: number; monto: number } | null;
  /** In PEN. */
  monto_detraccion: number;
  /** In PEN. */
  monto_percepcion: number;
  monto_retencion: number;
  /** total - detracción - retención, in tipo_moneda: what the client owes the issuer. */
  monto_neto_pendiente: number;
}

/** The conditions of a plain Contado sale (fixtures and benches that build a view by hand). */
export function vistaContado(total: number): VentaPagoView {
  return {
    forma_pago: 'Contado',
    fecha_vencimiento: null,
    tipo_cambio: null,
    cuotas: [],
    detraccion: null,
    percepcion: null,
    retencion: null,
    monto_detraccion: 0,
    monto_percepcion: 0,
    monto_retencion: 0,
    monto_neto_pendiente: total,
  };
}
