import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, EntityManager, Repository } from 'typeorm';
import { forbidden } from '@/common/errors/http-errors';
import { likePattern, PageMeta, pageMeta, pageOf } from '@/common/pagination';
import { SeriesService } from '@/series/series.service';
import { GuiaRemision } from './entities/guia-remision.entity';
import { ListGuiasQueryDto } from './dto/list-guias.dto';
import { GUIA_MSG } from './guia-messages';
import { SERIE_GUIA, TIPO_GUIA } from './guia-paths';

/** Absent is 404, another company's is 403 (API.md). */
export function assertGuiaDeEmpresa(guia: GuiaRemision | null, empresaId: number): GuiaRemision {
  if (!guia) throw new NotFoundException({ success: false, message: GUIA_MSG.noEncontrada });
  if (guia.id_empresa !== empresaId) throw forbidden();
  return guia;
}

/** Reading guides: list, detail, and the next number of series T001. */
@Injectable()
export class GuiaConsultaService {
  constructor(
    @InjectRepository(GuiaRemision) private readonly guias: Repository<GuiaRemision>,
    private readonly series: SeriesService,
  ) {}

  async list(empresaId: number, query: ListGuiasQueryDto): Promise<{ rows: GuiaRemision[]; meta: PageMeta }> {
    const { page, perPage, skip } = pageOf(query);
    const qb = this.guias.createQueryBuilder('g').where('g.id_empresa = :empresaId', { empresaId });
    if (query.estado) qb.andWhere('g.estado = :estado', { estado: query.estado });
    if (query.mod_transporte) qb.andWhere('g.mod_transporte = :mod', { mod: query.mod_transporte });
    if (query.fecha_desde) qb.andWhere('g.fecha_emision >= :desde', { desde: query.fecha_desde });
    if (query.fecha_hasta) qb.andWhere('g.fecha_emision <= :hasta', { hasta: query.fecha_hasta });
    const q = query.q?.trim();
    if (q) {
      qb.andWhere(
        new Brackets((w) =>
          w
            .where('g.destinatario_nombre ILIKE :q', { q: likePattern(q) })
            .orWhere('g.destinatario_documento ILIKE :q')
            .orWhere(`(g.serie || '-' || g.numero::text) ILIKE :q`),
        ),
      );
    }
    const [rows, total] = await qb.orderBy('g.numero', 'DESC').skip(skip).take(perPage).getManyAndCount();
    return { rows, meta: pageMeta(page, perPage, total) };
  }

  /** The guide with its lines; 404 / 403 as API.md says. */
  async get(empresaId: number, id: number, manager?: EntityManager): Promise<GuiaRemision> {
    const repo = manager ? manager.getRepository(GuiaRemision) : this.guias;
    return assertGuiaDeEmpresa(await repo.findOne({ where: { id }, relations: { detalles: true } }), empresaId);
  }

  /** Highest number used in T001 by the company (0 when none). */
  async maxNumero(manager: EntityManager, empresaId: number): Promise<number> {
    const [row] = await manager.query(`SELECT COALESCE(MAX(numero), 0)::int AS max FROM guias_remision WHERE id_empresa = $1 AND serie = $2`, [
      empresaId,
      SERIE_GUIA,
    ]);
    return row.max;
  }

  /** SPEC: max(highest existing numero, stored counter) + 1; shown, not reserved. */
  async proximoNumero(empresaId: number): Promise<{ serie: string; numero: number; numero_completo: string }> {
    const numero = await this.series.peek(empresaId, TIPO_GUIA, SERIE_GUIA, await this.maxNumero(this.guias.manager, empresaId));
    return { serie: SERIE_GUIA, numero, numero_completo: `${SERIE_GUIA}-${numero}` };
  }
}
