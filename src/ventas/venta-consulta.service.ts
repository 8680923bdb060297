import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { assertSameEmpresa } from '@/common/errors/http-errors';
import { ColaCorreos } from '@/correos/cola-correos.service';
import type { CorreoView } from '@/correos/correo-tipos';
import { likePattern, PageMeta, pageMeta, pageOf } from '@/common/pagination';
import { VentaQueryDto } from './dto/venta-query.dto';
import { VentaView } from './dto/venta-view';
import { Venta } from './entities/venta.entity';
import { VentaViewService } from './venta-view.service';

export const RECURSO_VENTA = 'Venta';

/** GET /api/ventas (filters + pagination) and GET /api/ventas/{id} (with its last mail). */
@Injectable()
export class VentaConsultaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly loader: VentaViewService,
    private readonly correos: ColaCorreos,
  ) {}

  async list(empresaId: number, query: VentaQueryDto): Promise<{ data: VentaView[]; meta: PageMeta }> {
    const { page, perPage, skip } = pageOf(query);
    const qb = this.dataSource.manager.createQueryBuilder(Venta, 'v').where('v.id_empresa = :empresaId', { empresaId });
    if (query.fecha_desde) qb.andWhere('v.fecha_emision >= :desde', { desde: query.fecha_desde });
    if (query.fecha_hasta) qb.andWhere('v.fecha_emision <= :hasta', { hasta: query.fecha_hasta });
    if (query.tipo) qb.andWhere('v.tipo_documento = :tipo', { tipo: query.tipo });
    if (query.estado_sunat) qb.andWhere('v.estado_sunat = :estadoSunat', { estadoSunat: query.estado_sunat });
    if (query.estado) qb.andWhere('v.estado = :estado', { estado: query.estado });
    if (query.serie) qb.andWhere('v.serie = :serie', { serie: query.serie });
    const q = query.q?.trim();
    if (q) qb.andWhere('v.numero_completo ILIKE :q', { q: likePattern(q) });
    const cliente = query.cliente?.trim();
    if (cliente) {
      // Clients are read through their own table's columns only to filter; the view comes from ClientesService.
      qb.andWhere('v.id_cliente IN (SELECT c.id_cliente FROM clientes c WHERE c.id_empresa = :empresaId AND (c.documento ILIKE :cli OR c.datos ILIKE :cli))', {
        cli: likePattern(cliente),
      });
    }
    const [rows, total] = await qb.orderBy('v.fecha_emision', 'DESC').addOrderBy('v.id_venta', 'DESC').skip(skip).take(perPage).getManyAndCount();
    return { data: await this.loader.loadMany(this.dataSource.manager, rows), meta: pageMeta(page, perPage, total) };
  }

  async get(empresaId: number, id: number): Promise<VentaView> {
    const venta = assertSameEmpresa(await this.dataSource.manager.findOne(Venta, { where: { id_venta: id } }), empresaId, RECURSO_VENTA);
    return this.loader.load(this.dataSource.manager, venta);
  }

  /** GET /api/ventas/{id}: the sale with its last mail to the buyer (null when none was sent or queued). */
  async getConCorreo(empresaId: number, id: number): Promise<VentaView & { correo: CorreoView | null }> {
    return { ...(await this.get(empresaId, id)), correo: await this.correos.ultimo('venta', id) };
  }
}
