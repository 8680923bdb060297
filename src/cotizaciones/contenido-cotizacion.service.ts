import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ClientesService } from '@/clientes/clientes.service';
import { invalidField } from '@/common/errors/http-errors';
import { dec, fixed } from '@/common/money';
import { ProductosService } from '@/productos/productos.service';
import { opcionCliente } from './cliente-cotizacion';
import { CreateCotizacionDto } from './dto/cotizacion-body.dto';
import { Cotizacion } from './entities/cotizacion.entity';
import { CotizacionCuota } from './entities/cotizacion-cuota.entity';
import { CotizacionDetalle } from './entities/cotizacion-detalle.entity';
import { calcularTotales, DescuentoExcesivo, Totales } from './totales';

type Cabecera = Pick<
  Cotizacion,
  | 'id_cliente'
  | 'cliente_nombre'
  | 'fecha'
  | 'moneda'
  | 'tipo_cambio'
  | 'aplicar_igv'
  | 'descuento'
  | 'monto_bruto'
  | 'subtotal'
  | 'igv'
  | 'total'
  | 'asunto'
  | 'observaciones'
  | 'dias_pago'
  | 'direccion'
>;
type Linea = Omit<CotizacionDetalle, 'id' | 'id_cotizacion'>;
type Cuota = Omit<CotizacionCuota, 'id' | 'id_cotizacion'>;

/** What a create or a PUT body becomes once checked against the company's data: header, lines, instalments. */
export interface ContenidoCotizacion {
  cabecera: Cabecera;
  lineas: Linea[];
  cuotas: Cuota[];
}

/** Turns a body into stored rows inside the caller's transaction (shared by create and PUT). */
@Injectable()
export class ContenidoCotizacionService {
  constructor(
    private readonly clientes: ClientesService,
    private readonly productos: ProductosService,
  ) {}

  async preparar(manager: EntityManager, empresaId: number, dto: CreateCotizacionDto): Promise<ContenidoCotizacion> {
    const opcion = opcionCliente(dto);
    const totales = totalesDe(dto);
    const lineas = await this.lineas(manager, empresaId, dto, totales);
    let cliente: Pick<Cabecera, 'id_cliente' | 'cliente_nombre'>;
    if (opcion.tipo === 'libre') {
      cliente = { id_cliente: null, cliente_nombre: opcion.nombre };
    } else if (opcion.tipo === 'existente') {
      const found = await this.clientes.findForEmpresa(manager, empresaId, opcion.id_cliente);
      if (!found) throw invalidField('id_cliente', 'El cliente no existe en la empresa.');
      cliente = { id_cliente: found.id_cliente, cliente_nombre: null };
    } else {
      const { documento, datos, direccion } = opcion;
      const found = await this.clientes.findOrCreateByDocumento(manager, empresaId, { documento, datos, direccion });
      cliente = { id_cliente: found.id_cliente, cliente_nombre: null };
    }
    return {
      cabecera: {
        ...cliente,
        fecha: dto.fecha,
        moneda: dto.moneda,
        tipo_cambio: dto.tipo_cambio == null ? null : fixed(dto.tipo_cambio, 3),
        aplicar_igv: dto.aplicar_igv,
        descuento: totales.descuento,
        monto_bruto: totales.monto_bruto,
        subtotal: totales.subtotal,
        igv: totales.igv,
        total: totales.total,
        asunto: dto.asunto ?? null,
        observaciones: dto.observaciones ?? null,
        dias_pago: dto.dias_pago ?? null,
        direccion: dto.direccion ?? null,
      },
      lineas,
      cuotas: (dto.cuotas ?? []).map((c) => ({ tipo: c.tipo, monto: fixed(c.monto), fecha_vencimiento: c.fecha_vencimiento })),
    };
  }

  /** Replaces the quotation's lines and instalments with the prepared ones. */
  async guardarDetalle(manager: EntityManager, cotizacionId: number, contenido: ContenidoCotizacion): Promise<void> {
    await manager.delete(CotizacionDetalle, { id_cotizacion: cotizacionId });
    await manager.delete(CotizacionCuota, { id_cotizacion: cotizacionId });
    await manager.insert(
      CotizacionDetalle,
      contenido.lineas.map((l) => ({ ...l, id_cotizacion: cotizacionId })),
    );
    if (contenido.cuotas.length) {
      await manager.insert(
        CotizacionCuota,
        contenido.cuotas.map((c) => ({ ...c, id_cotizacion: cotizacionId })),
      );
    }
  }

  /** A line's producto_id must be one of the company's products; its codigo and nombre fill what the line omits. */
  private async lineas(manager: EntityManager, empresaId: number, dto: CreateCotizacionDto, totales: Totales): Promise<Linea[]> {
    const ids = dto.productos.map((p) => p.producto_id).filter((id): id is number => id != null);
    const productos = await this.productos.findForEmpresa(manager, empresaId, ids);
    return dto.productos.map((p, i) => {
      const producto = p.producto_id == null ? null : productos.get(p.producto_id);
      if (producto === undefined) throw invalidField(`productos.${i}.producto_id`, 'El producto no existe en la empresa.');
      return {
        id_producto: producto?.id_producto ?? null,
        codigo: p.codigo || producto?.codigo || null,
        nombre: p.nombre ?? producto!.nombre,
        cantidad: fixed(p.cantidad, 3),
        precio_unitario: fixed(p.precio_unitario),
        precio_especial: p.precio_especial == null ? null : fixed(p.precio_especial),
        precio: totales.lineas[i].precio,
        importe: totales.lineas[i].importe,
      };
    });
  }
}

/** Ceiling of the numeric(16,2) amount columns: a larger quotation is a 422, not a database error. */
const MAX_MONTO = dec('99999999999999.99');

function totalesDe(dto: CreateCotizacionDto): Totales {
  let totales: Totales;
  try {
    totales = calcularTotales(dto.productos, dto.descuento ?? 0, dto.aplicar_igv);
  } catch (e) {
    if (e instanceof DescuentoExcesivo) throw invalidField('descuento', e.message);
    throw e;
  }
  if (dec(totales.monto_bruto).greaterThan(MAX_MONTO)) throw invalidField('productos', 'El monto de la cotización excede el máximo permitido.');
  return totales;
}
