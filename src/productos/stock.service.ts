import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { invalidField } from '@/common/errors/http-errors';
import { Amount, dec, Dec } from '@/common/money';
import { PageMeta, likePattern, pageMeta, pageOf } from '@/common/pagination';
import { MovimientoStock, TipoMovimiento } from './entities/movimiento-stock.entity';
import { Producto } from './entities/producto.entity';
import { MovimientoStockQueryDto } from './dto/movimiento-stock.dto';

/** Services (unidad 'ZZ') have no stock: moving them records nothing. */
export const UNIDAD_SERVICIO = 'ZZ';
/** As sale quantities (numeric(22,10) columns): decimal.js arithmetic, never floats. */
export const DECIMALES_CANTIDAD = 10;
/** Ceiling of numeric(22,10): a movement past it is a 422, not a database error. */
const STOCK_MAXIMO = '999999999999.9999999999';

export interface MovimientoInput {
  empresaId: number;
  productoId: number;
  tipo: TipoMovimiento;
  /** > 0, at most 10 decimals. */
  cantidad: Amount;
  motivo: string;
  referencia?: string | null;
  userId?: number | null;
  /** Field path blamed in a 422 (e.g. 'productos.2.cantidad'); defaults to 'cantidad'. */
  campo?: string;
}

export interface MovimientoResult {
  id_movimiento: number;
  id_producto: number;
  codigo: string;
  tipo: TipoMovimiento;
  cantidad: string;
  stock_resultante: string;
}

export interface AjusteInput {
  empresaId: number;
  productoId: number;
  stock: Amount;
  motivo: string;
  referencia?: string | null;
  userId?: number | null;
}

@Injectable()
export class StockService {
  constructor(@InjectRepository(MovimientoStock) private readonly movimientos: Repository<MovimientoStock>) {}

  /**
   * Adds or removes stock inside the caller's transaction: locks the product row, refuses to go below
   * zero (422 'Stock insuficiente para <codigo>'), writes the new stock and the movement row.
   * Returns null for services (unidad 'ZZ'), which carry no stock.
   */
  async move(manager: EntityManager, input: MovimientoInput): Promise<MovimientoResult | null> {
    const campo = input.campo ?? 'cantidad';
    const cantidad = dec(input.cantidad);
    if (!cantidad.isFinite() || cantidad.lte(0)) throw invalidField(campo, 'La cantidad debe ser mayor que 0.');
    if (cantidad.decimalPlaces() > DECIMALES_CANTIDAD) throw invalidField(campo, `La cantidad admite hasta ${DECIMALES_CANTIDAD} decimales.`);
    const producto = await this.lock(manager, input.empresaId, input.productoId);
    if (!producto) throw invalidField(campo, 'El producto no existe.');
    if (producto.unidad === UNIDAD_SERVICIO) return null;
    const stock = input.tipo === 'ingreso' ? dec(producto.stock).plus(cantidad) : dec(producto.stock).minus(cantidad);
    if (stock.isNegative()) throw invalidField(campo, `Stock insuficiente para ${producto.codigo}`);
    if (stock.gt(STOCK_MAXIMO)) throw invalidField(campo, `El stock de ${producto.codigo} superaría el máximo admitido.`);
    return this.write(manager, producto, input.tipo, cantidad, stock, input);
  }

  /**
   * Several moves in ascending product id order: every caller locks rows in the same order, so two
   * documents touching the same products never deadlock.
   */
  async moveMany(manager: EntityManager, inputs: MovimientoInput[]): Promise<Array<MovimientoResult | null>> {
    const order = inputs.map((input, i) => ({ input, i })).sort((a, b) => a.input.productoId - b.input.productoId || a.i - b.i);
    const results = new Array<MovimientoResult | null>(inputs.length);
    for (const { input, i } of order) results[i] = await this.move(manager, input);
    return results;
  }

  /** Sets the stock to a counted value (inventory adjustment) with one movement for the difference. */
  async ajustar(manager: EntityManager, input: AjusteInput): Promise<MovimientoResult | null> {
    const producto = await this.lock(manager, input.empresaId, input.productoId);
    if (!producto) throw invalidField('id_producto', 'El producto no existe.');
    const stock = dec(input.stock);
    const diff = stock.minus(producto.stock);
    if (diff.isZero()) return null;
    return this.write(manager, producto, diff.isPositive() ? 'ingreso' : 'salida', diff.abs(), stock, input);
  }

  async list(empresaId: number, query: MovimientoStockQueryDto): Promise<{ rows: MovimientoStock[]; meta: PageMeta }> {
    const { page, perPage, skip } = pageOf(query);
    const qb = this.movimientos.createQueryBuilder('m').leftJoinAndSelect('m.producto', 'p').where('m.id_empresa = :empresaId', { empresaId });
    if (query.id_producto) qb.andWhere('m.id_producto = :idProducto', { idProducto: query.id_producto });
    if (query.tipo) qb.andWhere('m.tipo = :tipo', { tipo: query.tipo });
    // Days are Lima calendar days, whatever the server's zone.
    if (query.fecha_desde) qb.andWhere(`(m.created_at AT TIME ZONE 'America/Lima')::date >= :desde`, { desde: query.fecha_desde });
    if (query.fecha_hasta) qb.andWhere(`(m.created_at AT TIME ZONE 'America/Lima')::date <= :hasta`, { hasta: query.fecha_hasta });
    const q = query.q?.trim();
    if (q) qb.andWhere('(p.codigo ILIKE :q OR p.nombre ILIKE :q OR m.referencia ILIKE :q)', { q: likePattern(q) });
    const [rows, total] = await qb.orderBy('m.created_at', 'DESC').addOrderBy('m.id', 'DESC').skip(skip).take(perPage).getManyAndCount();
    return { rows, meta: pageMeta(page, perPage, total) };
  }

  private lock(manager: EntityManager, empresaId: number, productoId: number): Promise<Producto | null> {
    return manager.findOne(Producto, { where: { id_producto: productoId, id_empresa: empresaId }, lock: { mode: 'pessimistic_write' } });
  }

  private async write(
    manager: EntityManager,
    producto: Producto,
    tipo: TipoMovimiento,
    cantidad: Dec,
    stock: Dec,
    input: { empresaId: number; motivo: string; referencia?: string | null; userId?: number | null },
  ): Promise<MovimientoResult> {
    const nuevo = stock.toFixed(DECIMALES_CANTIDAD);
    await manager.update(Producto, { id_producto: producto.id_producto }, { stock: nuevo });
    const movimiento = await manager.save(
      manager.create(MovimientoStock, {
        id_empresa: input.empresaId,
        id_producto: producto.id_producto,
        tipo,
        cantidad: cantidad.toFixed(DECIMALES_CANTIDAD),
        stock_resultante: nuevo,
        motivo: input.motivo.slice(0, 255),
        referencia: input.referencia?.slice(0, 255) ?? null,
        id_usuario: input.userId ?? null,
      }),
    );
    return {
      id_movimiento: Number(movimiento.id),
      id_producto: producto.id_producto,
      codigo: producto.codigo,
      tipo,
      cantidad: cantidad.toFixed(DECIMALES_CANTIDAD),
      stock_resultante: nuevo,
    };
  }
}
