import { ProductoResponse } from '@/productos/dto/producto.dto';
import { ProveedorResponse } from '@/proveedores/dto/proveedor.dto';
import { Compra } from './entities/compra.entity';
import { CompraDetalle } from './entities/compra-detalle.entity';
import { CompraResponse, LineaCompraResponse } from './dto/compra.dto';

export function toCompraResponse(c: Compra, proveedor: ProveedorResponse | undefined): CompraResponse {
  return {
    id_compra: c.id_compra,
    id_empresa: c.id_empresa,
    id_proveedor: c.id_proveedor,
    proveedor: proveedor ? { id_proveedor: proveedor.id_proveedor, ruc: proveedor.ruc, razon_social: proveedor.razon_social } : null,
    id_usuario: c.id_usuario,
    fecha: c.fecha,
    tipo_documento: c.tipo_documento,
    serie: c.serie,
    numero: c.numero,
    numero_completo: `${c.serie}-${c.numero}`,
    subtotal: Number(c.subtotal),
    igv: Number(c.igv),
    total: Number(c.total),
    estado: c.estado,
    observaciones: c.observaciones,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export function toLineaCompraResponse(d: CompraDetalle, producto: ProductoResponse | undefined): LineaCompraResponse {
  return {
    id: d.id,
    id_producto: d.id_producto,
    producto: producto ? { codigo: producto.codigo, nombre: producto.nombre, unidad: producto.unidad } : null,
    cantidad: Number(d.cantidad),
    costo_unitario: Number(d.costo_unitario),
    importe: Number(d.importe),
  };
}
