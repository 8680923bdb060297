import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, Repository } from 'typeorm';
import { forbidden } from '@/common/errors/http-errors';
import { likePattern, PageMeta, pageMeta, pageOf } from '@/common/pagination';
import { ProductosService } from '@/productos/productos.service';
import { ProveedoresService } from '@/proveedores/proveedores.service';
import { Compra } from './entities/compra.entity';
import { CompraQueryDto, CompraResponse } from './dto/compra.dto';
import { toCompraResponse, toLineaCompraResponse } from './compra.mapper';

/** Absent is 404, another company's is 403 (API.md). */
export function assertCompraDeEmpresa(compra: Compra | null, empresaId: number): Compra {
  if (!compra) throw new NotFoundException({ success: false, message: 'Compra no encontrada.' });
  if (compra.id_empresa !== empresaId) throw forbidden();
  return compra;
}

/** Reading purchases: the list with filters and the detail with supplier and lines. */
@Injectable()
export class ComprasService {
  constructor(
    @InjectRepository(Compra) private readonly compras: Repository<Compra>,
    private readonly dataSource: DataSource,
    private readonly proveedores: ProveedoresService,
    private readonly productos: ProductosService,
  ) {}

  async list(empresaId: number, query: CompraQueryDto): Promise<{ data: CompraResponse[]; meta: PageMeta }> {
    const { page, perPage, skip } = pageOf(query);
    const qb = this.compras.createQueryBuilder('c').where('c.id_empresa = :empresaId', { empresaId });
    if (query.id_proveedor) qb.andWhere('c.id_proveedor = :idProveedor', { idProveedor: query.id_proveedor });
    if (query.estado) qb.andWhere('c.estado = :estado', { estado: query.estado });
    if (query.tipo_documento) qb.andWhere('c.tipo_documento = :tipo', { tipo: query.tipo_documento });
    if (query.fecha_desde) qb.andWhere('c.fecha >= :desde', { desde: query.fecha_desde });
    if (query.fecha_hasta) qb.andWhere('c.fecha <= :hasta', { hasta: query.fecha_hasta });
    const q = query.q?.trim();
    if (q) {
      const ids = await this.proveedores.buscarIds(empresaId, q);
      qb.andWhere(
        new Brackets((w) => {
          w.where(`(c.serie || '-' || c.numero::text) ILIKE :q`, { q: likePattern(q) });
          if (ids.length) w.orWhere('c.id_proveedor IN (:...ids)', { ids });
        }),
      );
    }
    const [rows, total] = await qb.orderBy('c.fecha', 'DESC').addOrderBy('c.id_compra', 'DESC').skip(skip).take(perPage).getManyAndCount();
    const proveedores = await this.proveedores.mapForEmpresa(
      empresaId,
      rows.map((c) => c.id_proveedor),
    );
    return { data: rows.map((c) => toCompraResponse(c, proveedores.get(c.id_proveedor))), meta: pageMeta(page, perPage, total) };
  }

  async get(empresaId: number, id: number): Promise<CompraResponse> {
    const compra = assertCompraDeEmpresa(
      await this.compras.findOne({ where: { id_compra: id }, relations: { detalles: true }, order: { detalles: { id: 'ASC' } } }),
      empresaId,
    );
    const detalles = compra.detalles ?? [];
    const proveedores = await this.proveedores.mapForEmpresa(empresaId, [compra.id_proveedor]);
    const productos = await this.productos.findForEmpresa(
      this.dataSource.manager,
      empresaId,
      detalles.map((d) => d.id_producto),
    );
    return {
      ...toCompraResponse(compra, proveedores.get(compra.id_proveedor)),
      productos: detalles.map((d) => toLineaCompraResponse(d, productos.get(d.id_producto))),
    };
  }
}
