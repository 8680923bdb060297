import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { assertSameEmpresa, conflict, invalidField } from '@/common/errors/http-errors';
import { fixed } from '@/common/money';
import { likePattern, PageMeta, pageMeta, pageOf } from '@/common/pagination';
import { Producto } from './entities/producto.entity';
import { CreateProductoDto, ProductoExportQueryDto, ProductoListQueryDto, ProductoResponse, UpdateProductoDto } from './dto/producto.dto';
import { IscProductoDto } from './dto/isc-producto.dto';
import { toProductoResponse } from './producto.mapper';
import { CAMPOS_ISC, reglasProducto } from './reglas-producto';
import { StockService, UNIDAD_SERVICIO } from './stock.service';

const DUPLICADO = 'Ya existe un producto con ese código.';
export const MOTIVO_STOCK_INICIAL = 'Stock inicial';
export const MOTIVO_AJUSTE = 'Ajuste de inventario';

@Injectable()
export class ProductosService {
  constructor(
    @InjectRepository(Producto) private readonly productos: Repository<Producto>,
    private readonly dataSource: DataSource,
    private readonly stock: StockService,
  ) {}

  async list(empresaId: number, query: ProductoListQueryDto): Promise<{ rows: Producto[]; meta: PageMeta }> {
    const { page, perPage, skip } = pageOf(query);
    const [rows, total] = await this.filtrados(empresaId, query).skip(skip).take(perPage).getManyAndCount();
    return { rows, meta: pageMeta(page, perPage, total) };
  }

  /** Every product matching the list's filters, in the list's order (the Excel export). */
  todos(empresaId: number, query: ProductoExportQueryDto): Promise<Producto[]> {
    return this.filtrados(empresaId, query).getMany();
  }

  private filtrados(empresaId: number, query: ProductoExportQueryDto) {
    const qb = this.productos.createQueryBuilder('p').where('p.id_empresa = :empresaId', { empresaId });
    const q = query.q?.trim();
    if (q) qb.andWhere('(p.codigo ILIKE :q OR p.nombre ILIKE :q)', { q: likePattern(q) });
    if (query.estado) qb.andWhere('p.estado = :estado', { estado: query.estado });
    if (query.tipo_afectacion_igv) qb.andWhere('p.tipo_afectacion_igv = :afectacion', { afectacion: query.tipo_afectacion_igv });
    return qb.orderBy('p.nombre', 'ASC').addOrderBy('p.id_producto', 'ASC');
  }

  async get(empresaId: number, id: number): Promise<Producto> {
    return assertSameEmpresa(await this.productos.findOne({ where: { id_producto: id } }), empresaId, 'Producto');
  }

  create(empresaId: number, userId: number, dto: CreateProductoDto): Promise<Producto> {
    return this.dataSource.transaction((manager) => this.createIn(manager, empresaId, userId, dto, MOTIVO_STOCK_INICIAL));
  }

  async update(empresaId: number, userId: number, id: number, dto: UpdateProductoDto): Promise<Producto> {
    await this.get(empresaId, id);
    return this.dataSource.transaction(async (manager) => {
      // The lock of an UPDATE that keeps the key: documents referencing the product are not waited for.
      const producto = await manager.findOneOrFail(Producto, { where: { id_producto: id }, lock: { mode: 'for_no_key_update' } });
      return this.updateIn(manager, producto, userId, dto, MOTIVO_AJUSTE);
    });
  }

  async remove(empresaId: number, id: number): Promise<void> {
    await this.get(empresaId, id);
    try {
      await this.productos.delete({ id_producto: id });
    } catch (e) {
      if ((e as { code?: string }).code === '23503') {
        throw conflict('El producto figura en documentos y no puede eliminarse; desactívelo (estado 0).');
      }
      throw e;
    }
  }

  /** Inserts a product inside a transaction; its initial stock enters as a movement. */
  async createIn(manager: EntityManager, empresaId: number, userId: number, dto: CreateProductoDto, motivo: string): Promise<Producto> {
    const { stock, precio, costo, isc, ...fields } = dto;
    assertStockDeServicio(fields.unidad ?? 'NIU', stock ?? 0);
    assertImpuestos({ tipo_afectacion_igv: fields.tipo_afectacion_igv ?? '10', icbper: fields.icbper ?? false, isc: isc ?? null });
    const producto = await saveUnique(
      manager,
      manager.create(Producto, {
        ...fields,
        ...columnasIsc(isc ?? null),
        id_empresa: empresaId,
        precio: fixed(precio),
        costo: fixed(costo ?? 0, 4),
        stock: '0',
      }),
    );
    if (stock) await this.stock.ajustar(manager, { empresaId, productoId: producto.id_producto, stock, motivo, userId });
    return manager.findOneOrFail(Producto, { where: { id_producto: producto.id_producto } });
  }

  /** Applies a partial update to a locked product; a changed stock is an adjustment movement. */
  async updateIn(manager: EntityManager, producto: Producto, userId: number, dto: UpdateProductoDto, motivo: string): Promise<Producto> {
    const { stock, precio, costo, isc, ...fields } = dto;
    assertStockDeServicio(fields.unidad ?? producto.unidad, stock ?? producto.stock);
    Object.assign(producto, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
    if (isc !== undefined) Object.assign(producto, columnasIsc(isc));
    assertImpuestos({
      ...producto,
      isc: producto.isc_sistema
        ? { sistema: producto.isc_sistema, tasa: producto.isc_tasa, monto: producto.isc_monto, precio_publico: producto.isc_precio_publico }
        : null,
    });
    if (precio !== undefined) producto.precio = fixed(precio);
    if (costo !== undefined) producto.costo = fixed(costo, 4);
    await saveUnique(manager, producto);
    if (stock !== undefined) {
      await this.stock.ajustar(manager, { empresaId: producto.id_empresa, productoId: producto.id_producto, stock, motivo, userId });
    }
    return manager.findOneOrFail(Producto, { where: { id_producto: producto.id_producto } });
  }

  /** For other modules: the company's product, 404 when absent and 403 when it belongs to another company. */
  async getForEmpresa(empresaId: number, id: number): Promise<ProductoResponse> {
    return toProductoResponse(await this.get(empresaId, id));
  }

  /** For other modules inside their transaction: the company's products among `ids`, keyed by id (others are absent). */
  async findForEmpresa(manager: EntityManager, empresaId: number, ids: number[]): Promise<Map<number, ProductoResponse>> {
    if (!ids.length) return new Map();
    const rows = await manager.find(Producto, { where: { id_empresa: empresaId, id_producto: In([...new Set(ids)]) } });
    return new Map(rows.map((p) => [p.id_producto, toProductoResponse(p)]));
  }

  /** As findForEmpresa, by codigo (exact, as stored). */
  async findByCodigos(manager: EntityManager, empresaId: number, codigos: string[]): Promise<Map<string, ProductoResponse>> {
    if (!codigos.length) return new Map();
    const rows = await manager.find(Producto, { where: { id_empresa: empresaId, codigo: In([...new Set(codigos)]) } });
    return new Map(rows.map((p) => [p.codigo, toProductoResponse(p)]));
  }
}

/** A service (unidad 'ZZ') has no stock, so it cannot be given any. */
export function assertStockDeServicio(unidad: string, stock: number | string): void {
  if (unidad === UNIDAD_SERVICIO && Number(stock) > 0) throw invalidField('stock', 'Los servicios (unidad ZZ) no llevan stock.');
}

function assertImpuestos(p: Parameters<typeof reglasProducto>[0]): void {
  const [campo, mensajes] = Object.entries(reglasProducto(p))[0] ?? [];
  if (campo) throw invalidField(campo, mensajes[0]);
}

/** The ISC columns: only the amounts the system uses are kept (01 tasa, 02 monto, 03 tasa and precio_publico). */
function columnasIsc(isc: IscProductoDto | null): Pick<Producto, 'isc_sistema' | 'isc_tasa' | 'isc_monto' | 'isc_precio_publico'> {
  const usa = (campo: 'tasa' | 'monto' | 'precio_publico'): string | null => {
    const valor = isc?.[campo];
    return isc && CAMPOS_ISC[isc.sistema]?.includes(campo) && valor !== undefined && valor !== null ? String(valor) : null;
  };
  return { isc_sistema: isc?.sistema ?? null, isc_tasa: usa('tasa'), isc_monto: usa('monto'), isc_precio_publico: usa('precio_publico') };
}

/** Checked first for a clean answer; the unique constraint still decides between concurrent writers. */
async function saveUnique(manager: EntityManager, producto: Producto): Promise<Producto> {
  const taken = await manager.findOne(Producto, { select: { id_producto: true }, where: { id_empresa: producto.id_empresa, codigo: producto.codigo } });
  if (taken && taken.id_producto !== producto.id_producto) throw invalidField('codigo', DUPLICADO);
  try {
    return await manager.save(producto);
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw invalidField('codigo', DUPLICADO);
    throw e;
  }
}
