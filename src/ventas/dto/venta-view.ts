import type { EstadoSunat, EstadoVenta } from '@/common/estados';
import type { VentaPagoView } from './venta-pago-view';
import type { VentaReferenciasView } from './venta-referencias-view';

/** A sale as other modules and the API see it (SPEC "Sale (Venta)"); amounts are numbers with 2 decimals. */
export interface VentaClienteView {
  id_cliente: number;
  tipo_doc: string;
  documento: string;
  datos: string;
  direccion: string | null;
}

export interface TipoDocumentoView {
  cod_sunat: string;
  abreviatura: string;
  descripcion: string;
}

export interface VentaProductoView {
  id_producto: number;
  codigo: string;
  nombre: string;
  unidad: string;
  codigo_sunat: string;
}

export interface VentaLineaView {
  id: number;
  id_producto: number | null;
  codigo_producto: string | null;
  descripcion: string;
  unidad_medida: string;
  cantidad: number;
  /** As sent: with IGV unless the sale's precios_incluyen_igv is false; a free line's referential value. */
  precio_unitario: number;
  tipo_afectacion_igv: string;
  /** Line discount (catalog 53 code 00) in the prices' terms. */
  descuento: number;
  /** ISC (catálogo 08) of the line: system, base, Percent and amount (null / 0 without ISC); `total` includes it. */
  isc_sistema: string | null;
  isc_base: number;
  isc_porcentaje: number | null;
  isc: number;
  valor_venta: number;
  igv: number;
  total: number;
  /** The catalogue product, or null for a free-text line. */
  producto: VentaProductoView | null;
}

/** Issue 18: with the payment conditions (VentaPagoView), the references and advances (VentaReferenciasView). */
export interface VentaView extends VentaPagoView, VentaReferenciasView {
  id_venta: number;
  id_empresa: number;
  id_usuario: number | null;
  id_cliente: number;
  tipo_documento: string;
  serie: string;
  numero: number;
  numero_completo: string;
  fecha_emision: string;
  hora_emision: string;
  tipo_moneda: string;
  op_gravadas: number;
  op_exoneradas: number;
  op_inafectas: number;
  /** Issue 17: free lines' value (9996) and the IGV they would carry (never charged). */
  op_gratuitas: number;
  igv_gratuitas: number;
  op_exportacion: number;
  /** IVAP (affectation 17): base and tax. */
  op_ivap: number;
  ivap: number;
  /** Line discounts + the global discount's base, without IGV. */
  descuentos: number;
  /** As sent, in the prices' terms. */
  descuento_global: number;
  precios_incluyen_igv: boolean;
  /** Catálogo 51. */
  tipo_operacion: string;
  icbper: number;
  isc: number;
  subtotal: number;
  igv: number;
  total: number;
  /** Issue 19: total - accepted credit notes + accepted debit notes (what the sale is still worth). */
  saldo: number;
  /** '1' vigente, '2' anulada (EstadoVenta). */
  estado: EstadoVenta;
  /** '0' pendiente, '1' aceptada, '2' rechazada/anulada, '3' ticket en proceso (EstadoSunat). */
  estado_sunat: EstadoSunat;
  mensaje_sunat: string | null;
  /** SUNAT's observations (4000+) as 'codigo - mensaje': its rules when signed, its CDR's notes when accepted. */
  observaciones: string[];
  codigo_sunat: string | null;
  hash_cpe: string | null;
  nombre_xml: string | null;
  xml_url: string | null;
  cdr_url: string | null;
  cotizacion_id: number | null;
  stock_descontado: boolean;
  cliente: VentaClienteView;
  tipoDocumento: TipoDocumentoView;
  productosVentas: VentaLineaView[];
  created_at: Date;
  updated_at: Date;
}

/** What a send or ticket flow writes on the sale (see VentasService.setSunatState). */
export interface SunatStatePatch {
  estado?: EstadoVenta;
  estado_sunat: EstadoSunat;
  mensaje_sunat?: string | null;
  codigo_sunat?: string | null;
  cdr_url?: string | null;
}
