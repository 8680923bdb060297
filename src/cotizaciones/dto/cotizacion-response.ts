import { ClienteResponse } from '@/clientes/dto/cliente.dto';

/** Amounts are JSON numbers with at most 2 decimals (computed with decimal.js, stored as numeric). */
export interface CotizacionListadoResponse {
  id_cotizacion: number;
  numero: string;
  fecha: string;
  id_cliente: number | null;
  cliente_documento: string | null;
  /** The stored client's name, or the free-text name. */
  cliente_datos: string;
  moneda: string;
  tipo_cambio: number | null;
  aplicar_igv: boolean;
  descuento: number;
  monto_bruto: number;
  subtotal: number;
  igv: number;
  total: number;
  asunto: string | null;
  estado: string;
  id_usuario: number | null;
  usuario: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface CotizacionLineaResponse {
  id: number;
  producto_id: number | null;
  codigo: string | null;
  nombre: string;
  cantidad: number;
  precio_unitario: number;
  precio_especial: number | null;
  /** Price applied (precio_especial when given). */
  precio: number;
  importe: number;
}

export interface CotizacionCuotaResponse {
  id: number;
  tipo: string;
  monto: number;
  fecha_vencimiento: string;
}

export interface CotizacionResponse {
  id_cotizacion: number;
  id_empresa: number;
  numero: string;
  fecha: string;
  moneda: string;
  tipo_cambio: number | null;
  aplicar_igv: boolean;
  descuento: number;
  monto_bruto: number;
  subtotal: number;
  igv: number;
  total: number;
  asunto: string | null;
  observaciones: string | null;
  dias_pago: string | null;
  direccion: string | null;
  estado: string;
  id_cliente: number | null;
  /** Free-text client; null when the quotation has a stored client. */
  cliente_nombre: string | null;
  cliente: Omit<ClienteResponse, 'id_empresa' | 'created_at' | 'updated_at'> | null;
  user: { id: number; name: string } | null;
  productos: CotizacionLineaResponse[];
  cuotas: CotizacionCuotaResponse[];
  created_at: Date;
  updated_at: Date;
}
