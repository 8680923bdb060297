import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { invalidField } from '@/common/errors/http-errors';
import { ProductosService } from '@/productos/productos.service';
import { ProductoResponse } from '@/productos/dto/producto.dto';
import { esGratuita, IscInput } from '@/sunat/documents/sale-amounts';
import { codigoSunatConocido } from '@/sunat/documents/codigo-producto';
import { LineaVentaDto } from './dto/create-venta.dto';
import { LineaPrecio } from './venta-totales';

export interface LineaResuelta extends LineaPrecio {
  id_producto: number | null;
}

const str = (v: number | undefined): string | null => (v === undefined ? null : String(v));
const iscDe = (l: LineaVentaDto): IscInput | null =>
  l.isc ? { sistema: l.isc.sistema, tasa: str(l.isc.tasa), monto: str(l.isc.monto), precio_publico: str(l.isc.precio_publico) } : null;
const strOrNull = (v: number | null): string | null => (v === null ? null : String(v));

/**
 * A product's ISC and ICBPER apply to its line unless the line sends its own (`isc: null` / `icbper: false` drop them);
 * a line that changes the affectation away from the product's gravado (ISC) or to a free one (ICBPER) drops them too.
 */
function impuestosDelProducto(l: LineaVentaDto, p: ProductoResponse, afectacion: string): { isc: IscInput | null; icbper: boolean } {
  const isc =
    l.isc !== undefined
      ? iscDe(l)
      : p.isc && afectacion === '10'
        ? { sistema: p.isc.sistema, tasa: strOrNull(p.isc.tasa), monto: strOrNull(p.isc.monto), precio_publico: strOrNull(p.isc.precio_publico) }
        : null;
  return { isc, icbper: l.icbper ?? (p.icbper && !esGratuita(afectacion)) };
}

/** Turns the request's lines into complete lines: a catalogue product fills what the line leaves out. */
@Injectable()
export class VentaLineasService {
  constructor(private readonly productos: ProductosService) {}

  /** The complete lines, and the catalogue products they name (for the answer). */
  async resolve(
    manager: EntityManager,
    empresaId: number,
    lineas: LineaVentaDto[],
  ): Promise<{ lineas: LineaResuelta[]; productos: Map<number, ProductoResponse> }> {
    const ids = lineas.map((l) => l.id_producto).filter((id): id is number => id !== undefined);
    const productos = await this.productos.findForEmpresa(manager, empresaId, ids);
    return { lineas: this.completar(lineas, productos), productos };
  }

  private completar(lineas: LineaVentaDto[], productos: Map<number, ProductoResponse>): LineaResuelta[] {
    return lineas.map((l, i) => {
      const campo = `productos.${i}`;
      if (l.id_producto === undefined) {
        if (!l.descripcion) throw invalidField(`${campo}.descripcion`, 'Indique la descripción del producto.');
        if (l.precio_unitario === undefined) throw invalidField(`${campo}.precio_unitario`, 'Indique el precio unitario.');
        return {
          id_producto: null,
          codigo: l.codigo || null,
          codigo_sunat: l.codigo_sunat ?? null,
          descripcion: l.descripcion,
          unidad: l.unidad_medida ?? 'NIU',
          cantidad: String(l.cantidad),
          precio_unitario: String(l.precio_unitario),
          tipo_afectacion_igv: l.tipo_afectacion_igv ?? '10',
          descuento: String(l.descuento ?? 0),
          icbper: l.icbper ?? false,
          isc: iscDe(l),
        };
      }
      // Another company's product is indistinguishable from a missing one.
      const p = productos.get(l.id_producto);
      if (!p) throw invalidField(`${campo}.id_producto`, 'El producto no existe.');
      if (p.estado !== '1') throw invalidField(`${campo}.id_producto`, `El producto ${p.codigo} está inactivo.`);
      const afectacion = l.tipo_afectacion_igv ?? p.tipo_afectacion_igv;
      return {
        id_producto: p.id_producto,
        codigo: l.codigo || p.codigo,
        codigo_sunat: l.codigo_sunat ?? codigoSunatConocido(p.codigo_sunat) ?? null,
        descripcion: l.descripcion || p.nombre,
        unidad: l.unidad_medida ?? p.unidad,
        cantidad: String(l.cantidad),
        precio_unitario: String(l.precio_unitario ?? p.precio),
        tipo_afectacion_igv: afectacion,
        descuento: String(l.descuento ?? 0),
        ...impuestosDelProducto(l, p, afectacion),
      };
    });
  }
}
