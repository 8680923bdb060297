import { CONSULTA_VALIDEZ_CPE_URL } from '@/sunat/documents/consulta-validez';
import { EstadoSunat, SUNAT_ACEPTADA, SUNAT_EN_PROCESO, SUNAT_PENDIENTE, SUNAT_RECHAZADA, VENTA_ANULADA } from '@/common/estados';
import type { VentaView } from '@/ventas/dto/venta-view';
import { MONEDA_NOMBRE, TIPO_DOC_IDENTIDAD, fecha, inWords, money, moneyWith, quantity } from '../layout/format';
import { Formato, PdfOptions } from '../layout/page';
import { EmisorImpreso, Par } from '../printable';
import { sunatQrPayload } from '../qr-payload';
import { LineaImpresa, renderComprobante } from './comprobante';
import { camposPago, leyendasPago, totalesPago } from './venta-pago.impreso';
import { camposReferencias } from './venta-referencias';

export interface VentaImpresa {
  venta: VentaView;
  emisor: EmisorImpreso;
}

const TITULO: Record<string, string> = { '01': 'FACTURA ELECTRÓNICA', '03': 'BOLETA DE VENTA ELECTRÓNICA' };
const LEYENDA: Record<string, string> = { '01': 'factura electrónica', '03': 'boleta de venta electrónica' };

/** estado '2' (anulada) wins; otherwise estado_sunat: '0' pendiente, '1' aceptada, '2' rechazada, '3' ticket. */
const ESTADO_IMPRESO: Record<EstadoSunat, string> = {
  [SUNAT_PENDIENTE]: 'PENDIENTE DE ENVÍO',
  [SUNAT_ACEPTADA]: 'ACEPTADO',
  [SUNAT_RECHAZADA]: 'RECHAZADO',
  [SUNAT_EN_PROCESO]: 'EN PROCESO',
};

export function estadoSunatVenta(estado: string, estadoSunat: string): string {
  if (estado === VENTA_ANULADA) return 'ANULADO';
  return ESTADO_IMPRESO[estadoSunat as EstadoSunat] ?? estadoSunat;
}

/** Catálogo 06 of the client: the stored tipo_doc, or the length rule (11 digits RUC, 8 DNI). */
export function tipoDocCliente(tipoDoc: string | null | undefined, documento: string): string {
  if (tipoDoc) return tipoDoc;
  if (/^\d{11}$/.test(documento)) return '6';
  if (/^\d{8}$/.test(documento)) return '1';
  return '0';
}

export function ventaQrPayload(ruc: string, v: VentaView): string {
  return sunatQrPayload({
    ruc,
    tipo: v.tipo_documento,
    serie: v.serie,
    numero: v.numero,
    igv: v.igv,
    total: v.total,
    fecha: v.fecha_emision,
    clienteTipoDoc: tipoDocCliente(v.cliente.tipo_doc, v.cliente.documento),
    clienteNumDoc: v.cliente.documento,
    hash: v.hash_cpe,
  });
}

export function lineaVenta(l: VentaView['productosVentas'][number]): LineaImpresa {
  return {
    cantidad: quantity(l.cantidad),
    unidad: l.unidad_medida,
    codigo: l.codigo_producto ?? l.producto?.codigo ?? '',
    descripcion: l.descripcion,
    precio: money(l.precio_unitario),
    importe: money(l.total),
  };
}

type MontosImpresos = 'op_gravadas' | 'op_exoneradas' | 'op_inafectas' | 'igv' | 'total';
type MontosReales = 'op_exportacion' | 'op_gratuitas' | 'op_ivap' | 'ivap' | 'descuentos' | 'isc' | 'icbper';

/**
 * Op. gravadas (always), then those not zero: exoneradas, inafectas, exportación, gratuitas, IVAP base,
 * descuentos, ISC; IGV (always), IVAP, ICBPER; the total.
 */
export function totalesVenta(moneda: string, v: Pick<VentaView, MontosImpresos> & Partial<Pick<VentaView, MontosReales>>): Par[] {
  const pares: Par[] = [['Op. gravadas', moneyWith(moneda, v.op_gravadas)]];
  const siNoCero = (label: string, value: number | undefined) => {
    if (Number(value ?? 0)) pares.push([label, moneyWith(moneda, value!)]);
  };
  siNoCero('Op. exoneradas', v.op_exoneradas);
  siNoCero('Op. inafectas', v.op_inafectas);
  siNoCero('Op. exportación', v.op_exportacion);
  siNoCero('Op. gratuitas', v.op_gratuitas);
  siNoCero('Op. IVAP', v.op_ivap);
  siNoCero('Descuentos', v.descuentos);
  siNoCero('ISC', v.isc);
  pares.push(['IGV', moneyWith(moneda, v.igv)]);
  siNoCero('IVAP', v.ivap);
  siNoCero('ICBPER', v.icbper);
  pares.push(['Importe total', moneyWith(moneda, v.total)]);
  return pares;
}

/** Catálogo 52 legends the sale carries besides the amount in words: 1002 (free lines), 2007 (IVAP). */
export function leyendasVenta(v: Partial<Pick<VentaView, 'op_gratuitas' | 'op_ivap'>>): string[] {
  const leyendas: string[] = [];
  if (Number(v.op_gratuitas ?? 0)) leyendas.push('TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE');
  if (Number(v.op_ivap ?? 0)) leyendas.push('Operación sujeta a IVAP');
  return leyendas;
}

export function clienteCampos(cliente: { tipo_doc?: string | null; documento: string; datos: string; direccion?: string | null }): Par[] {
  const tipo = tipoDocCliente(cliente.tipo_doc, cliente.documento);
  return [
    ['Cliente', cliente.datos],
    [TIPO_DOC_IDENTIDAD[tipo] ?? 'Documento', cliente.documento],
    ['Dirección', cliente.direccion ?? ''],
  ];
}

/** Invoice or boleta in A4 or 80 mm. */
export function renderVentaPdf({ venta: v, emisor }: VentaImpresa, formato: Formato, options: PdfOptions = {}): PDFKit.PDFDocument {
  const moneda = v.tipo_moneda || 'PEN';
  const leyendas = [...leyendasVenta(v), ...leyendasPago(v)];
  return renderComprobante(
    {
      emisor,
      titulo: { titulo: TITULO[v.tipo_documento] ?? v.tipoDocumento.descripcion, numero: `${v.serie}-${v.numero}` },
      campos: [
        ...clienteCampos(v.cliente),
        ['Fecha de emisión', `${fecha(v.fecha_emision)} ${v.hora_emision ?? ''}`.trim()],
        ['Moneda', MONEDA_NOMBRE[moneda] ?? moneda],
        ...camposPago(moneda, v),
        ...camposReferencias(moneda, v),
      ],
      lineas: v.productosVentas.map(lineaVenta),
      totales: [...totalesVenta(moneda, v), ...totalesPago(moneda, v)],
      enLetras: inWords(v.total, moneda),
      ...(leyendas.length ? { notas: { titulo: 'Leyendas', lineas: leyendas } } : {}),
      observaciones: v.observaciones ?? [],
      pie: {
        qr: ventaQrPayload(emisor.ruc, v),
        hash: v.hash_cpe,
        leyenda: `Representación impresa de la ${LEYENDA[v.tipo_documento] ?? 'factura electrónica'}`,
        consulta: CONSULTA_VALIDEZ_CPE_URL,
        estado: estadoSunatVenta(v.estado, v.estado_sunat),
        mensaje: v.estado_sunat === SUNAT_RECHAZADA && v.estado !== VENTA_ANULADA ? v.mensaje_sunat : null,
      },
    },
    formato,
    options,
  );
}
