/** Issue 18 part B: a sale's references, advances and currency as GET /api/ventas/{id} shows them. */
export interface VentaReferenciasView {
  guias: Array<{ tipo: string; serie: string; numero: number }>;
  orden_compra: string | null;
  documentos_relacionados: Array<{ tipo: string; numero: string }>;
  /** An advance invoice later sales of the same client may deduct. */
  es_anticipo: boolean;
  /** Advances this sale deducts: monto with taxes, base without; codigo catálogo 53 (04 gravado, 05 exonerado, 06 inafecto). */
  anticipos: Array<{ id_venta: number; tipo_documento: string; numero_completo: string; monto: number; base: number; igv: number; codigo: string }>;
  /** Sum of the advances' monto (PrepaidAmount); `total` is already net of it. */
  total_anticipos: number;
  /** On an advance: what later sales (not annulled) have deducted of it, taxes included; 0 otherwise. */
  anticipo_deducido: number;
}

/** A sale without references nor advances (fixtures, benchmarks). */
export const SIN_REFERENCIAS: VentaReferenciasView = {
  guias: [],
  orden_compra: null,
  documentos_relacionados: [],
  es_anticipo: false,
  anticipos: [],
  total_anticipos: 0,
  anticipo_deducido: 0,
};
