import { Producto } from './entities/producto.entity';
import { MovimientoStock } from './entities/movimiento-stock.entity';
import { ProductoResponse } from './dto/producto.dto';
import { IscProductoResponse } from './dto/isc-producto.dto';
import { MovimientoStockResponse } from './dto/movimiento-stock.dto';

export function toProductoResponse(p: Producto): ProductoResponse {
  return {
    id_producto: p.id_producto,
    id_empresa: p.id_empresa,
    codigo: p.codigo,
    nombre: p.nombre,
    descripcion: p.descripcion,
    unidad: p.unidad,
    precio: Number(p.precio),
    costo: Number(p.costo),
    stock: Number(p.stock),
    codigo_sunat: p.codigo_sunat,
    tipo_afectacion_igv: p.tipo_afectacion_igv,
    icbper: p.icbper,
    isc: iscDe(p),
    estado: p.estado,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

const numOrNull = (v: string | null): number | null => (v === null ? null : Number(v));

function iscDe(p: Producto): IscProductoResponse | null {
  if (!p.isc_sistema) return null;
  return { sistema: p.isc_sistema, tasa: numOrNull(p.isc_tasa), monto: numOrNull(p.isc_monto), precio_publico: numOrNull(p.isc_precio_publico) };
}

export function toMovimientoStockResponse(m: MovimientoStock): MovimientoStockResponse {
  return {
    id: Number(m.id),
    id_producto: m.id_producto,
    producto: m.producto ? { codigo: m.producto.codigo, nombre: m.producto.nombre, unidad: m.producto.unidad } : null,
    tipo: m.tipo,
    cantidad: Number(m.cantidad),
    stock_resultante: Number(m.stock_resultante),
    motivo: m.motivo,
    referencia: m.referencia,
    id_usuario: m.id_usuario,
    created_at: m.created_at,
  };
}
