import { Emisor } from '@/empresas/emisor.service';
import { Customer, DocumentLine, DocumentTotals, Moneda, TipoDocIdentidad } from '@/sunat/documents/common';
import { documentFileName } from '@/sunat/documents/file-names';
import { Invoice } from '@/sunat/documents/invoice';
import { ClienteResponse } from '@/clientes/dto/cliente.dto';
import { ProductoResponse } from '@/productos/dto/producto.dto';
import { Venta } from './entities/venta.entity';
import { VentaDetalle } from './entities/venta-detalle.entity';
import { VentaClienteView, VentaLineaView, VentaView } from './dto/venta-view';
import { tipoDocumentoView } from './tipos-documento';
import { pagoDeFactura, vistaPago } from './venta-pago';
import { anticiposDeFactura } from './venta-anticipos.service';
import { referenciasDeFactura, vistaReferencias } from './venta-referencias';

const num = (v: string): number => Number(v);

export function toVentaClienteView(c: ClienteResponse): VentaClienteView {
  return { id_cliente: c.id_cliente, tipo_doc: c.tipo_doc, documento: c.documento, datos: c.datos, direccion: c.direccion };
}

export function toVentaLineaView(d: VentaDetalle, producto: ProductoResponse | undefined): VentaLineaView {
  return {
    id: d.id,
    id_producto: d.id_producto,
    codigo_producto: d.codigo_producto,
    descripcion: d.descripcion,
    unidad_medida: d.unidad_medida,
    cantidad: num(d.cantidad),
    precio_unitario: num(d.precio_unitario),
    tipo_afectacion_igv: d.tipo_afectacion_igv,
    descuento: num(d.descuento),
    isc_sistema: d.isc_sistema,
    isc_base: num(d.isc_base),
    isc_porcentaje: d.isc_porcentaje === null ? null : num(d.isc_porcentaje),
    isc: num(d.isc),
    valor_venta: num(d.valor_venta),
    igv: num(d.igv),
    total: num(d.total),
    producto: producto
      ? { id_producto: producto.id_producto, codigo: producto.codigo, nombre: producto.nombre, unidad: producto.unidad, codigo_sunat: producto.codigo_sunat }
      : null,
  };
}

export function toVentaView(v: Venta, cliente: ClienteResponse, detalles: VentaDetalle[], productos: Map<number, ProductoResponse>): VentaView {
  return {
    id_venta: v.id_venta,
    id_empresa: v.id_empresa,
    id_usuario: v.id_usuario,
    id_cliente: v.id_cliente,
    tipo_documento: v.tipo_documento,
    serie: v.serie,
    numero: v.numero,
    numero_completo: v.numero_completo,
    fecha_emision: v.fecha_emision,
    hora_emision: v.hora_emision,
    tipo_moneda: v.tipo_moneda || 'PEN',
    op_gravadas: num(v.op_gravadas),
    op_exoneradas: num(v.op_exoneradas),
    op_inafectas: num(v.op_inafectas),
    op_gratuitas: num(v.op_gratuitas),
    igv_gratuitas: num(v.igv_gratuitas),
    op_exportacion: num(v.op_exportacion),
    op_ivap: num(v.op_ivap),
    ivap: num(v.ivap),
    descuentos: num(v.descuentos),
    descuento_global: num(v.descuento_global),
    precios_incluyen_igv: v.precios_incluyen_igv,
    tipo_operacion: v.tipo_operacion,
    icbper: num(v.icbper),
    isc: num(v.isc),
    subtotal: num(v.subtotal),
    igv: num(v.igv),
    total: num(v.total),
    saldo: num(v.saldo),
    ...vistaPago(v),
    ...vistaReferencias(v),
    estado: v.estado,
    estado_sunat: v.estado_sunat,
    mensaje_sunat: v.mensaje_sunat,
    observaciones: v.observaciones ?? [],
    codigo_sunat: v.codigo_sunat,
    hash_cpe: v.hash_cpe,
    nombre_xml: v.nombre_xml,
    xml_url: v.xml_url,
    cdr_url: v.cdr_url,
    cotizacion_id: v.cotizacion_id,
    stock_descontado: v.stock_descontado,
    // The client's type as issued (stored on the sale), so notes, summaries and prints say what the XML said.
    cliente: { ...toVentaClienteView(cliente), tipo_doc: v.cliente_tipo_doc },
    tipoDocumento: tipoDocumentoView(v.tipo_documento),
    productosVentas: detalles.map((d) => toVentaLineaView(d, d.id_producto ? productos.get(d.id_producto) : undefined)),
    created_at: v.created_at,
    updated_at: v.updated_at,
  };
}

/** Storage name of a sale's XML, without '.xml': '{RUC}-01-F001-12'. Built from stored fields only. */
export function nombreDocumento(ruc: string, venta: Pick<Venta, 'tipo_documento' | 'serie' | 'numero'>): string {
  return documentFileName(ruc, venta.tipo_documento, venta.serie, venta.numero).replace(/\.xml$/, '');
}

export function customerOf(cliente: VentaClienteView): Customer {
  return {
    tipo_doc: cliente.tipo_doc as TipoDocIdentidad,
    numero: cliente.documento,
    nombre: cliente.datos,
    direccion: cliente.direccion ?? undefined,
  };
}

/** The sale as SUNAT's UBL 2.1 Invoice model, from the stored sale and its computed lines. */
export function toInvoice(emisor: Emisor, venta: Venta, cliente: VentaClienteView, lineas: DocumentLine[], totales: DocumentTotals): Invoice {
  return {
    tipo: venta.tipo_documento as Invoice['tipo'],
    serie: venta.serie,
    correlativo: venta.numero,
    fecha_emision: venta.fecha_emision,
    hora_emision: venta.hora_emision,
    moneda: venta.tipo_moneda as Moneda,
    company: emisor.company,
    customer: customerOf(cliente),
    lines: lineas,
    totals: totales,
    forma_pago: 'Contado',
    pago: pagoDeFactura(venta),
    referencias: referenciasDeFactura(venta),
    anticipos: anticiposDeFactura(venta.anticipos, emisor.ruc),
    tipo_operacion: venta.tipo_operacion,
  };
}
