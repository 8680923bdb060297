import type { CotizacionCompleta } from '@/cotizaciones/cotizacion.mapper';
import { MONEDA_NOMBRE, fecha, inWords, money, moneyWith, quantity } from '../layout/format';
import { Formato, PdfOptions } from '../layout/page';
import { EmisorImpreso, Par } from '../printable';
import { renderComprobante } from './comprobante';
import { clienteCampos } from './venta.renderer';

export interface CotizacionImpresa {
  cotizacion: CotizacionCompleta;
  emisor: EmisorImpreso;
}

/**
 * A quotation is not sent to SUNAT: no QR, no hash and no "Representación impresa" legend (printing a
 * SUNAT QR on it would pass it off as a tax document). Its own estado is printed instead.
 */
export function renderCotizacionPdf({ cotizacion: q, emisor }: CotizacionImpresa, formato: Formato, options: PdfOptions = {}): PDFKit.PDFDocument {
  const c = q.cotizacion;
  const moneda = c.moneda || 'PEN';
  const cliente: Par[] = q.cliente ? clienteCampos(q.cliente) : [['Cliente', c.cliente_nombre ?? '']];
  const totales: Par[] = [];
  if (Number(c.descuento)) totales.push(['Monto bruto', moneyWith(moneda, c.monto_bruto)], ['Descuento', moneyWith(moneda, c.descuento)]);
  totales.push(
    ['Subtotal', moneyWith(moneda, c.subtotal)],
    [c.aplicar_igv ? 'IGV' : 'IGV (no aplica)', moneyWith(moneda, c.igv)],
    ['Total', moneyWith(moneda, c.total)],
  );
  const cuotas = q.cuotas.map((k) => `${k.tipo === 'inicial' ? 'Inicial' : 'Cuota'}: ${moneyWith(moneda, k.monto)} - vence ${fecha(k.fecha_vencimiento)}`);
  return renderComprobante(
    {
      emisor,
      titulo: { titulo: 'COTIZACIÓN', numero: c.numero },
      campos: [
        ...cliente,
        ...(c.direccion ? ([['Dirección de entrega', c.direccion]] as Par[]) : []),
        ['Fecha', fecha(c.fecha)],
        ['Asunto', c.asunto ?? ''],
        ['Moneda', MONEDA_NOMBRE[moneda] ?? moneda],
        ...(c.tipo_cambio ? ([['Tipo de cambio', c.tipo_cambio]] as Par[]) : []),
        ['Condición de pago', c.dias_pago ?? ''],
        ['Estado', c.estado.toUpperCase()],
        ['Atendido por', q.user?.name ?? ''],
      ],
      lineas: q.lineas.map((l) => ({
        cantidad: quantity(l.cantidad),
        unidad: 'NIU',
        codigo: l.codigo ?? '',
        descripcion: l.nombre,
        precio: money(l.precio),
        importe: money(l.importe),
      })),
      totales,
      enLetras: inWords(c.total, moneda),
      notas: { titulo: 'Condiciones', lineas: [...cuotas, ...(c.observaciones ? [c.observaciones] : [])] },
      pie: null,
    },
    formato,
    options,
  );
}
