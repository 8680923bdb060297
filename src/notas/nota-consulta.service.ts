import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Eventos } from '@/eventos/eventos.service';
import { recursoDeNota } from '@/eventos/tipos-evento';
import { NOTA_CREDITO } from '@/notas-credito/nota-credito.kind';
import { NOTA_DEBITO } from '@/notas-debito/nota-debito.kind';
import { likePattern, PageMeta, pageMeta, pageOf } from '@/common/pagination';
import { ColaCorreos } from '@/correos/cola-correos.service';
import type { CorreoView } from '@/correos/correo-tipos';
import { VentaView } from '@/ventas/dto/venta-view';
import { VentaBusquedaService } from '@/ventas/venta-busqueda.service';
import { VentasService } from '@/ventas/ventas.service';
import { BuscarVentaDto } from './dto/buscar-venta.dto';
import { NotaQueryDto } from './dto/nota-query.dto';
import { MotivosNotaService } from './motivos-nota.service';
import { buscarNota } from './nota-bloqueo';
import { NotaKind } from './nota-kind';
import { MSG_NOTA } from './nota-messages';
import { MotivoView, NotaView, toMotivoView, toNotaView } from './nota.mapper';

/** GET list, detail, motivos and buscar-venta of a note kind. */
@Injectable()
export class NotaConsultaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly motivos: MotivosNotaService,
    private readonly ventas: VentasService,
    private readonly busqueda: VentaBusquedaService,
    private readonly correos: ColaCorreos,
    eventos: Eventos,
  ) {
    for (const kind of [NOTA_CREDITO, NOTA_DEBITO])
      eventos.registrarVista(recursoDeNota(kind.tipo), (manager, empresaId, id) => this.detalle(kind, empresaId!, Number(id), manager));
  }

  async list(kind: NotaKind, empresaId: number, query: NotaQueryDto): Promise<{ data: NotaView[]; meta: PageMeta }> {
    const { page, perPage, skip } = pageOf(query);
    const qb = this.dataSource.manager.createQueryBuilder(kind.entity, 'n').where('n.id_empresa = :empresaId', { empresaId });
    if (query.estado) qb.andWhere('n.estado = :estado', { estado: query.estado });
    if (query.fecha_desde) qb.andWhere('n.fecha_emision >= :desde', { desde: query.fecha_desde });
    if (query.fecha_hasta) qb.andWhere('n.fecha_emision <= :hasta', { hasta: query.fecha_hasta });
    const q = query.q?.trim();
    if (q) qb.andWhere(`((n.serie || '-' || n.numero) ILIKE :q OR n.serie_num_afectado ILIKE :q)`, { q: likePattern(q) });
    const [rows, total] = await qb.orderBy('n.id', 'DESC').skip(skip).take(perPage).getManyAndCount();
    const motivos = await this.motivos.porIds(rows.map((r) => r.motivo_id));
    return { data: rows.map((n) => toNotaView(n, { motivo: motivos.get(n.motivo_id) })), meta: pageMeta(page, perPage, total) };
  }

  /** The note with its reason and its sale (client, lines). */
  async detalle(kind: NotaKind, empresaId: number, id: number, manager: EntityManager = this.dataSource.manager): Promise<NotaView> {
    const nota = await buscarNota(manager, kind, empresaId, id);
    const motivos = await this.motivos.porIds([nota.motivo_id]);
    const venta = await this.ventas.findForEmpresa(empresaId, nota.id_venta, manager);
    return toNotaView(nota, { motivo: motivos.get(nota.motivo_id), venta: venta ?? undefined });
  }

  /** GET …/{id}: the note with its last mail to the buyer (null when none was sent or queued). */
  async detalleConCorreo(kind: NotaKind, empresaId: number, id: number): Promise<NotaView & { correo: CorreoView | null }> {
    return { ...(await this.detalle(kind, empresaId, id)), correo: await this.correos.ultimo(kind.tipoEnvio, id) };
  }

  async motivosActivos(kind: NotaKind): Promise<MotivoView[]> {
    return (await this.motivos.activos(kind.tipo)).map(toMotivoView);
  }

  /** SPEC "Search rules": within the company, uppercase serie and integer numero; 404 with SPEC's message. */
  async buscarVenta(empresaId: number, dto: BuscarVentaDto): Promise<VentaView> {
    const venta = await this.busqueda.findBySerieNumero(empresaId, dto.serie.toUpperCase(), Number.parseInt(dto.numero, 10));
    if (!venta) throw new NotFoundException({ success: false, message: MSG_NOTA.ventaNoEncontrada });
    return venta;
  }
}
