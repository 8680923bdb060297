import { ClienteResponse } from '@/clientes/dto/cliente.dto';
import { Cotizacion } from './entities/cotizacion.entity';
import { CotizacionCuota } from './entities/cotizacion-cuota.entity';
import { CotizacionDetalle } from './entities/cotizacion-detalle.entity';
import { CotizacionListado } from './entities/cotizacion-listado.entity';
import { CotizacionListadoResponse, CotizacionResponse } from './dto/cotizacion-response';

const num = (v: string) => Number(v);
const numOrNull = (v: string | null) => (v === null ? null : Number(v));

export interface CotizacionCompleta {
  cotizacion: Cotizacion;
  lineas: CotizacionDetalle[];
  cuotas: CotizacionCuota[];
  cliente: ClienteResponse | null;
  user: { id: number; name: string } | null;
}

export function toCotizacionResponse({ cotizacion: c, lineas, cuotas, cliente, user }: CotizacionCompleta): CotizacionResponse {
  return {
    id_cotizacion: c.id_cotizacion,
    id_empresa: c.id_empresa,
    numero: c.numero,
    fecha: c.fecha,
    moneda: c.moneda,
    tipo_cambio: numOrNull(c.tipo_cambio),
    aplicar_igv: c.aplicar_igv,
    descuento: num(c.descuento),
    monto_bruto: num(c.monto_bruto),
    subtotal: num(c.subtotal),
    igv: num(c.igv),
    total: num(c.total),
    asunto: c.asunto,
    observaciones: c.observaciones,
    dias_pago: c.dias_pago,
    direccion: c.direccion,
    estado: c.estado,
    id_cliente: c.id_cliente,
    cliente_nombre: c.cliente_nombre,
    cliente: cliente
      ? {
          id_cliente: cliente.id_cliente,
          tipo_doc: cliente.tipo_doc,
          documento: cliente.documento,
          datos: cliente.datos,
          direccion: cliente.direccion,
          email: cliente.email,
          telefono: cliente.telefono,
        }
      : null,
    user,
    productos: lineas.map((l) => ({
      id: l.id,
      producto_id: l.id_producto,
      codigo: l.codigo,
      nombre: l.nombre,
      cantidad: num(l.cantidad),
      precio_unitario: num(l.precio_unitario),
      precio_especial: numOrNull(l.precio_especial),
      precio: num(l.precio),
      importe: num(l.importe),
    })),
    cuotas: cuotas.map((q) => ({ id: q.id, tipo: q.tipo, monto: num(q.monto), fecha_vencimiento: q.fecha_vencimiento })),
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export function toCotizacionListadoResponse(v: CotizacionListado): CotizacionListadoResponse {
  return {
    id_cotizacion: v.id_cotizacion,
    numero: v.numero,
    fecha: v.fecha,
    id_cliente: v.id_cliente,
    cliente_documento: v.cliente_documento,
    cliente_datos: v.cliente_datos,
    moneda: v.moneda,
    tipo_cambio: numOrNull(v.tipo_cambio),
    aplicar_igv: v.aplicar_igv,
    descuento: num(v.descuento),
    monto_bruto: num(v.monto_bruto),
    subtotal: num(v.subtotal),
    igv: num(v.igv),
    total: num(v.total),
    asunto: v.asunto,
    estado: v.estado,
    id_usuario: v.id_usuario,
    usuario: v.usuario,
    created_at: v.created_at,
    updated_at: v.updated_at,
  };
}
