import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Not, Repository } from 'typeorm';
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
   * Locks the company's goods among `productoIds` in ONE statement, in ascending id order, FOR NO KEY UPDATE
   * (the lock an UPDATE of the stock takes; it does not conflict with the FOR KEY SHARE that lines referencing
   * the product take). Services (unidad 'ZZ') carry no stock and are not locked. Every path that moves stock
   * locks through here (moveMany), and a document moves its stock, or calls this, BEFORE inserting its lines: two
   * documents of any series touching the same products then queue instead of deadlocking. Locking again rows
   * already held does not wait.
   */
  async bloquear(manager: EntityManager, empresaId: number, productoIds: number[]): Promise<Map<number, Producto>> {
    const ids = [...new Set(productoIds)];
    if (!ids.length) return new Map();
    const bienes = await manager.find(Producto, {
      where: { id_empresa: empresaId, id_producto: In(ids), unidad: Not(UNIDAD_SERVICIO) },
      order: { id_producto: 'ASC' },
      lock: { mode: 'for_no_key_update' },
    });
    return new Map(bienes.map((p) => [p.id_producto, p]));
  }

  /** One movement: see moveMany. */
  async move(manager: EntityManager, input: MovimientoInput): Promise<MovimientoResult | null> {
    return (await this.moveMany(manager, [input]))[0];
  }

  /**
   * Adds or removes stock inside the caller's transaction: locks every product at once (see bloquear), refuses to
   * go below zero (422 'Stock insuficiente para <codigo>'), writes the new stock and one movement row per input,
   * in ascending product order. Returns null for services (unidad 'ZZ'), which carry no stock.
   */
  async moveMany(manager: EntityManager, inputs: MovimientoInput[]): Promise<Array<MovimientoResult | null>> {
    if (!inputs.length) return [];
    const empresaId = inputs[0].empresaId;
    if (inputs.some((input) => input.empresaId !== empresaId)) throw new Error('moveMany: movimientos de varias empresas');
    const order = inputs.map((input, i) => ({ input, i })).sort((a, b) => a.input.productoId - b.input.productoId || a.i - b.i);
    const cantidades = new Map(order.map(({ input, i }) => [i, cantidadValida(input)]));
    const bienes = await this.bloquear(
      manager,
      empresaId,
      order.map(({ input }) => input.productoId),
    );
    const servicios = await this.serviciosEntre(
      manager,
      empresaId,
      order.map(({ input }) => input.productoId).filter((id) => !bienes.has(id)),
    );
    const results = new Array<MovimientoResult | null>(inputs.length);
    for (const { input, i } of order) {
      const campo = input.campo ?? 'cantidad';
      const producto = bienes.get(input.productoId);
      if (!producto) {
        if (!servicios.has(input.productoId)) throw invalidField(campo, 'El producto no existe.');
        results[i] = null;
        continue;
      }
      const cantidad = cantidades.get(i)!;
      const stock = input.tipo === 'ingreso' ? dec(producto.stock).plus(cantidad) : dec(producto.stock).minus(cantidad);
      if (stock.isNegative()) throw invalidField(campo, `Stock insuficiente para ${producto.codigo}`);
      if (stock.gt(STOCK_MAXIMO)) throw invalidField(campo, `El stock de ${producto.codigo} superaría el máximo admitido.`);
      results[i] = await this.write(manager, producto, input.tipo, cantidad, stock, input);
    }
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

  /** One product row, whatever its unit (an edit may be turning a good into a service), locked as bloquear does. */
  private lock(manager: EntityManager, empresaId: number, productoId: number): Promise<Producto | null> {
    return manager.findOne(Producto, { where: { id_producto: productoId, id_empresa: empresaId }, lock: { mode: 'for_no_key_update' } });
  }

  /**
   * The company's products among `ids` that bloquear left unlocked because they are services. A product that became
   * a good after bloquear's statement is taken as it was then (a service): the document counts as issued before the change.
   */
  private async serviciosEntre(manager: EntityManager, empresaId: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await manager.find(Producto, { select: { id_producto: true }, where: { id_empresa: empresaId, id_producto: In([...new Set(ids)]) } });
    return new Set(rows.map((p) => p.id_producto));
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
    // A second movement of the same product in this transaction starts from here.
    producto.stock = nuevo;
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

/** A movement's quantity: > 0 with at most 10 decimals, else a 422 on the input's field. */
function cantidadValida(input: MovimientoInput): Dec {
  const campo = input.campo ?? 'cantidad';
  const cantidad = dec(input.cantidad);
  if (!cantidad.isFinite() || cantidad.lte(0)) throw invalidField(campo, 'La cantidad debe ser mayor que 0.');
  if (cantidad.decimalPlaces() > DECIMALES_CANTIDAD) throw invalidField(campo, `La cantidad admite hasta ${DECIMALES_CANTIDAD} decimales.`);
  return cantidad;
}
