/** Issue 18 part B: what a sale stores about its references and the advances it deducts. */

/** A related dispatch guide: '09' remitente, '31' transportista. */
export interface GuiaGuardada {
  tipo: string;
  serie: string;
  numero: number;
}

/** Another related document, catálogo 12. */
export interface DocumentoRelacionadoGuardado {
  tipo: string;
  numero: string;
}

/**
 * An advance this sale deducts: `monto` taxes included (PrepaidPayment/PaidAmount), `base` its value without
 * taxes (the catálogo 53 AllowanceCharge: '04' gravado, '05' exonerado, '06' inafecto), `igv` = monto - base.
 */
export interface AnticipoAplicado {
  id_venta: number;
  /** '01' factura, '03' boleta (catálogo 12: 02 / 03). */
  tipo_documento: string;
  numero_completo: string;
  monto: string;
  base: string;
  igv: string;
  codigo: '04' | '05' | '06';
}
