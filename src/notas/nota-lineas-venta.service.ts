import { Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { EntityManager } from 'typeorm';
import { NOTA_ACEPTADA, NOTA_PENDIENTE } from '@/common/estados';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { documentNameOf } from '@/sunat/nest/storage-keys';
import { codigoSunatConocido } from '@/sunat/documents/codigo-producto';
import { LineCredited, NOTHING_CREDITED, spreadCents, StoredSaleLine } from '@/sunat/documents/note-line-amounts';
import { InvoiceLineTaxes, invoiceLineTaxes } from '@/sunat/xml/invoice-line-taxes';
import { VentaView } from '@/ventas/dto/venta-view';
import { NotaLinea } from './entities/nota-linea.entity';
import { TipoNota } from './entities/motivo-nota.entity';

/** A stored sale line as notes read it, with its row id and product. */
export interface LineaVentaNota extends StoredSaleLine {
  id_detalle: number;
  id_producto: number | null;
}

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/**
 * The sale's lines for a note (issue 19): the stored amounts of each line, its ISC and ICBPER read back from
 * the sale's signed XML (the rows keep only line totals), and, on a sale with a global discount, each gravado
 * line net of its share of it (shares by value, to the cent), so the lines add up to the sale's header.
 */
@Injectable()
export class NotaLineasVentaService {
  constructor(private readonly issuer: DocumentIssuer) {}

  async lineas(venta: VentaView, rate: string): Promise<LineaVentaNota[]> {
    const taxes = await this.impuestosDeLineas(venta);
    const percent = new D(rate).times(100).toFixed(2);
    const lineas: LineaVentaNota[] = venta.productosVentas.map((l, i) => {
      const codigo = l.tipo_afectacion_igv || '10';
      const t = taxes[i] ?? {};
      return {
        id_detalle: l.id,
        id_producto: l.id_producto,
        codigo: l.codigo_producto || 'P001',
        codigo_sunat: codigoSunatConocido(l.producto?.codigo_sunat),
        descripcion: l.descripcion || 'Producto',
        unidad: l.unidad_medida || 'NIU',
        cantidad: new D(l.cantidad).toFixed(),
        tipo_afectacion_igv: codigo,
        valor_venta: new D(l.valor_venta).toFixed(2),
        igv: new D(l.igv).toFixed(2),
        porcentaje_igv: porcentajeEnNota(codigo, percent),
        ...(t.isc ? { isc: t.isc } : {}),
        ...(t.icbper ? { icbper: t.icbper } : {}),
      };
    });
    return netasDeDescuentoGlobal(venta, lineas);
  }

  /** What the sale's live partial credit notes (pendiente or aceptado) already took, by sale line. */
  async acreditado(manager: EntityManager, tipo: TipoNota, idVenta: number): Promise<Map<number, LineCredited>> {
    const table = tipo === 'NC' ? 'notas_credito' : 'notas_debito';
    const rows = await manager
      .createQueryBuilder(NotaLinea, 'l')
      .innerJoin(table, 'n', 'n.id = l.id_nota')
      .select('l.id_detalle', 'id_detalle')
      .addSelect('SUM(l.cantidad)', 'cantidad')
      .addSelect('SUM(l.valor_venta)', 'valor_venta')
      .addSelect('SUM(l.igv)', 'igv')
      .addSelect('SUM(l.isc)', 'isc')
      .addSelect('SUM(l.isc_base)', 'isc_base')
      .addSelect('SUM(l.icbper)', 'icbper')
      .addSelect('SUM(l.total)', 'total')
      .where('l.id_venta = :idVenta AND l.tipo = :tipo AND l.id_detalle IS NOT NULL AND n.estado IN (:...estados)', {
        idVenta,
        tipo,
        estados: [NOTA_PENDIENTE, NOTA_ACEPTADA],
      })
      .groupBy('l.id_detalle')
      .getRawMany<Record<keyof LineCredited | 'id_detalle', string>>();
    const map = new Map<number, LineCredited>();
    for (const r of rows) {
      map.set(Number(r.id_detalle), {
        cantidad: new D(r.cantidad).toFixed(),
        valor_venta: r.valor_venta,
        igv: r.igv,
        isc: r.isc,
        isc_base: r.isc_base,
        icbper: r.icbper,
        total: r.total,
      });
    }
    return map;
  }

  static credited(map: Map<number, LineCredited>, idDetalle: number): LineCredited {
    return map.get(idDetalle) ?? NOTHING_CREDITED;
  }

  private async impuestosDeLineas(venta: VentaView): Promise<InvoiceLineTaxes[]> {
    if (!(Number(venta.isc) > 0) && !(Number(venta.icbper) > 0)) return [];
    const name = venta.nombre_xml ? documentNameOf(venta.nombre_xml) : null;
    const xml = name ? await this.issuer.readXml(venta.id_empresa, name) : null;
    if (!xml) throw new Error(`Venta ${venta.id_venta}: XML ausente; no se pueden leer su ISC e ICBPER por línea`);
    return invoiceLineTaxes(xml.toString('utf8'));
  }
}

/**
 * The line's tax percent in a note: the IGV rate on gravado lines (10, 11-16), 4 on IVAP (17), 0 on the others
 * (SUNAT's debit note rule 3101 demands it for exonerado, inafecto and export lines; credit notes accept it).
 */
export function porcentajeEnNota(codigo: string, percentIgv: string): string {
  if (codigo === '10' || /^1[1-6]$/.test(codigo)) return percentIgv;
  return codigo === '17' ? '4.00' : '0.00';
}

/**
 * The sale's global discount (base and IGV parts, catálogo 53 code 02) spread over its gravado (10) lines by
 * value; the lines then add up to op_gravadas and igv as stored.
 */
function netasDeDescuentoGlobal(venta: VentaView, lineas: LineaVentaNota[]): LineaVentaNota[] {
  const gravadas = lineas.filter((l) => l.tipo_afectacion_igv === '10');
  if (!gravadas.length) return lineas;
  const sumaValor = gravadas.reduce((a, l) => a.plus(l.valor_venta), new D(0));
  const sumaIgv = gravadas.reduce((a, l) => a.plus(l.igv), new D(0));
  const base = sumaValor.minus(venta.op_gravadas);
  const tax = sumaIgv.minus(venta.igv);
  if (base.lte(0) && tax.lte(0)) return lineas;
  const pesos = gravadas.map((l) => l.valor_venta);
  const partesBase = spreadCents(base.toFixed(2), pesos);
  const partesTax = spreadCents(tax.toFixed(2), pesos);
  gravadas.forEach((l, i) => {
    l.valor_venta = new D(l.valor_venta).minus(partesBase[i]).toFixed(2);
    l.igv = new D(l.igv).minus(partesTax[i]).toFixed(2);
  });
  return lineas;
}
