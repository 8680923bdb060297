import { CONSULTA_VALIDEZ_CPE_URL } from '@/sunat/documents/consulta-validez';
import { EstadoNota, NOTA_ACEPTADA, NOTA_ANULADA, NOTA_PENDIENTE, NOTA_RECHAZADA } from '@/common/estados';
import type { NotaView } from '@/notas/nota.mapper';
import { MONEDA_NOMBRE, fecha, inWords, money, moneyWith, quantity } from '../layout/format';
import { Formato, PdfOptions } from '../layout/page';
import { EmisorImpreso, Par } from '../printable';
import { sunatQrPayload } from '../qr-payload';
import { LineaImpresa, renderComprobante } from './comprobante';
import { clienteCampos, lineaVenta, tipoDocCliente } from './venta.renderer';

export interface NotaImpresa {
  /** With its sale (client, lines) and reason, as NotaConsultaService.detalle returns it. */
  nota: NotaView;
  /** '07' crédito, '08' débito. */
  tipo: '07' | '08';
  emisor: EmisorImpreso;
}

const TITULO = { '07': 'NOTA DE CRÉDITO ELECTRÓNICA', '08': 'NOTA DE DÉBITO ELECTRÓNICA' };
const LEYENDA = { '07': 'nota de crédito electrónica', '08': 'nota de débito electrónica' };
const AFECTADO: Record<string, string> = { '01': 'FACTURA', '03': 'BOLETA' };

export function estadoSunatNota(estado: string): string {
  const impreso: Record<EstadoNota, string> = {
    [NOTA_PENDIENTE]: 'PENDIENTE DE ENVÍO',
    [NOTA_ACEPTADA]: 'ACEPTADO',
    [NOTA_RECHAZADA]: 'RECHAZADO',
    [NOTA_ANULADA]: 'ANULADO (DADO DE BAJA)',
  };
  return impreso[estado as EstadoNota] ?? estado.toUpperCase();
}

export function notaQrPayload(ruc: string, tipo: '07' | '08', n: NotaView): string {
  const cliente = n.venta?.cliente;
  return sunatQrPayload({
    ruc,
    tipo,
    serie: n.serie,
    numero: n.numero,
    igv: n.monto_igv,
    total: n.monto_total,
    fecha: n.fecha_emision,
    clienteTipoDoc: cliente ? tipoDocCliente(cliente.tipo_doc, cliente.documento) : '0',
    clienteNumDoc: cliente?.documento ?? '',
    hash: n.hash_cpe,
  });
}

/**
 * A whole-sale credit note prints the sale's lines (it reverses the whole sale); a debit note one line with its
 * reason text and the debited amount, as its XML carries.
 */
function lineas(tipo: '07' | '08', n: NotaView): LineaImpresa[] {
  // A partial credit note or a debit note with items prints its own lines.
  if (n.lineas) {
    return n.lineas.map((l) => ({
      cantidad: quantity(l.cantidad),
      unidad: l.unidad,
      codigo: l.codigo,
      descripcion: l.descripcion,
      precio: money(l.precio_unitario),
      importe: money(l.total),
    }));
  }
  if (tipo === '07' && n.venta) return n.venta.productosVentas.map(lineaVenta);
  return [{ cantidad: '1', unidad: 'ZZ', codigo: '', descripcion: n.descripcion_motivo, precio: money(n.monto_total), importe: money(n.monto_total) }];
}

export function renderNotaPdf({ nota: n, tipo, emisor }: NotaImpresa, formato: Formato, options: PdfOptions = {}): PDFKit.PDFDocument {
  const moneda = n.moneda || 'PEN';
  const campos: Par[] = [
    ...(n.venta ? clienteCampos(n.venta.cliente) : []),
    ['Documento que modifica', `${AFECTADO[n.tipo_doc_afectado] ?? n.tipo_doc_afectado} ${n.serie_num_afectado}`],
    ['Motivo', n.motivo ? `${n.motivo.codigo_sunat} - ${n.motivo.descripcion}` : ''],
    ['Sustento', n.descripcion_motivo],
    ['Fecha de emisión', `${fecha(n.fecha_emision)} ${n.hora_emision ?? ''}`.trim()],
    ['Moneda', MONEDA_NOMBRE[moneda] ?? moneda],
  ];
  return renderComprobante(
    {
      emisor,
      titulo: { titulo: TITULO[tipo], numero: `${n.serie}-${n.numero}` },
      campos,
      lineas: lineas(tipo, n),
      totales: [
        ['Op. gravadas', moneyWith(moneda, n.monto_subtotal)],
        ['IGV', moneyWith(moneda, n.monto_igv)],
        ['Importe total', moneyWith(moneda, n.monto_total)],
      ],
      enLetras: inWords(n.monto_total, moneda),
      observaciones: n.observaciones ?? [],
      pie: {
        qr: notaQrPayload(emisor.ruc, tipo, n),
        hash: n.hash_cpe,
        leyenda: `Representación impresa de la ${LEYENDA[tipo]}`,
        consulta: CONSULTA_VALIDEZ_CPE_URL,
        estado: estadoSunatNota(n.estado),
        mensaje: n.estado === NOTA_RECHAZADA ? n.mensaje_sunat : null,
      },
    },
    formato,
    options,
  );
}
