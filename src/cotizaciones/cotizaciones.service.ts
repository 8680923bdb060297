import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { ClientesService } from '@/clientes/clientes.service';
import { assertSameEmpresa, invalidField } from '@/common/errors/http-errors';
import { likePattern, PageMeta, pageMeta, pageOf } from '@/common/pagination';
import { SeriesService } from '@/series/series.service';
import { UsuariosService } from '@/usuarios/usuarios.service';
import { ContenidoCotizacionService } from './contenido-cotizacion.service';
import { CotizacionCompleta } from './cotizacion.mapper';
import { CreateCotizacionDto, UpdateCotizacionDto } from './dto/cotizacion-body.dto';
import { CotizacionListQueryDto } from './dto/cotizacion-query.dto';
import { Cotizacion } from './entities/cotizacion.entity';
import { CotizacionCuota } from './entities/cotizacion-cuota.entity';
import { CotizacionDetalle } from './entities/cotizacion-detalle.entity';
import { CotizacionListado } from './entities/cotizacion-listado.entity';
import { COTIZACION_APROBADA, COTIZACION_PENDIENTE, COTIZACION_RECHAZADA, EstadoCotizacion } from '@/common/estados';
import { numeroCotizacion, SERIE_CONTADOR, TIPO_CONTADOR } from './numeracion';

const RECURSO = 'Cotización';

@Injectable()
export class CotizacionesService {
  constructor(
    @InjectRepository(Cotizacion) private readonly cotizaciones: Repository<Cotizacion>,
    @InjectRepository(CotizacionDetalle) private readonly detalles: Repository<CotizacionDetalle>,
    @InjectRepository(CotizacionCuota) private readonly cuotas: Repository<CotizacionCuota>,
    @InjectRepository(CotizacionListado) private readonly listado: Repository<CotizacionListado>,
    private readonly dataSource: DataSource,
    private readonly contenido: ContenidoCotizacionService,
    private readonly series: SeriesService,
    private readonly clientes: ClientesService,
    private readonly usuarios: UsuariosService,
  ) {}

  async list(empresaId: number, query: CotizacionListQueryDto): Promise<{ rows: CotizacionListado[]; meta: PageMeta }> {
    const { page, perPage, skip } = pageOf(query);
    const qb = this.listado.createQueryBuilder('v').where('v.id_empresa = :empresaId', { empresaId });
    if (query.estado) qb.andWhere('v.estado = :estado', { estado: query.estado });
    const q = query.q?.trim();
    if (q) {
      qb.andWhere('(v.numero ILIKE :q OR v.cliente_datos ILIKE :q OR v.cliente_documento ILIKE :q OR v.asunto ILIKE :q)', { q: likePattern(q) });
    }
    const [rows, total] = await qb.orderBy('v.id_cotizacion', 'DESC').offset(skip).limit(perPage).getManyAndCount();
    return { rows, meta: pageMeta(page, perPage, total) };
  }

  /** The number the next create would take; not reserved (a parallel create may take it first). */
  async proximoNumero(empresaId: number): Promise<string> {
    return numeroCotizacion(await this.series.peek(empresaId, TIPO_CONTADOR, SERIE_CONTADOR));
  }

  async detalle(empresaId: number, id: number): Promise<CotizacionCompleta> {
    const cotizacion = assertSameEmpresa(await this.cotizaciones.findOne({ where: { id_cotizacion: id } }), empresaId, RECURSO);
    const [lineas, cuotas, cliente, usuario] = await Promise.all([
      this.detalles.find({ where: { id_cotizacion: id }, order: { id: 'ASC' } }),
      this.cuotas.find({ where: { id_cotizacion: id }, order: { id: 'ASC' } }),
      cotizacion.id_cliente === null ? null : this.clientes.findForEmpresa(this.dataSource.manager, empresaId, cotizacion.id_cliente),
      cotizacion.id_usuario === null ? null : this.usuarios.findById(cotizacion.id_usuario),
    ]);
    return { cotizacion, lineas, cuotas, cliente, user: usuario ? { id: usuario.id, name: usuario.name } : null };
  }

  /**
   * The number is taken last and in the same transaction as the insert: the counter's row lock is held
   * only while the rows are written, and a create that fails gives its number back (no gaps).
   */
  async create(empresaId: number, userId: number, dto: CreateCotizacionDto): Promise<CotizacionCompleta> {
    const id = await this.dataSource.transaction(async (manager) => {
      const contenido = await this.contenido.preparar(manager, empresaId, dto);
      const correlativo = await this.series.next(manager, empresaId, TIPO_CONTADOR, SERIE_CONTADOR);
      const inserted = await manager.insert(Cotizacion, {
        ...contenido.cabecera,
        id_empresa: empresaId,
        id_usuario: userId,
        numero: numeroCotizacion(correlativo),
        estado: COTIZACION_PENDIENTE,
      });
      const cotizacionId = inserted.identifiers[0].id_cotizacion as number;
      await this.contenido.guardarDetalle(manager, cotizacionId, contenido);
      return cotizacionId;
    });
    return this.detalle(empresaId, id);
  }

  /** SPEC.md: lines and instalments are replaced by the sent ones and totals recomputed; numero and creator stay. */
  async update(empresaId: number, id: number, dto: UpdateCotizacionDto): Promise<CotizacionCompleta> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockForEmpresa(manager, empresaId, id);
      const contenido = await this.contenido.preparar(manager, empresaId, dto);
      await manager.update(Cotizacion, { id_cotizacion: id }, { ...contenido.cabecera, ...(dto.estado ? { estado: dto.estado } : {}) });
      await this.contenido.guardarDetalle(manager, id, contenido);
    });
    return this.detalle(empresaId, id);
  }

  /** SPEC.md sets no order between states: any estado may follow any other. */
  async cambiarEstado(empresaId: number, id: number, estado: EstadoCotizacion): Promise<CotizacionCompleta> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockForEmpresa(manager, empresaId, id);
      await manager.update(Cotizacion, { id_cotizacion: id }, { estado });
    });
    return this.detalle(empresaId, id);
  }

  /** DELETE keeps the record: it only becomes rechazada. */
  async rechazar(empresaId: number, id: number): Promise<void> {
    await this.cambiarEstado(empresaId, id, COTIZACION_RECHAZADA);
  }

  /**
   * For ventas, inside the sale's transaction: a sale that references cotizacion_id approves the quotation
   * when it has a stored client (SPEC.md "Quotation estado"); a free-text quotation is left as it is.
   * A quotation that is not the company's is a 422 on cotizacion_id (the sale then rolls back).
   */
  async approveFromSale(manager: EntityManager, empresaId: number, cotizacionId: number): Promise<void> {
    const cotizacion = Number.isInteger(cotizacionId)
      ? await manager.findOne(Cotizacion, { where: { id_cotizacion: cotizacionId, id_empresa: empresaId }, lock: { mode: 'pessimistic_write' } })
      : null;
    if (!cotizacion) throw invalidField('cotizacion_id', 'La cotización no existe en la empresa.');
    if (cotizacion.id_cliente !== null && cotizacion.estado !== COTIZACION_APROBADA) {
      await manager.update(Cotizacion, { id_cotizacion: cotizacionId }, { estado: COTIZACION_APROBADA });
    }
  }

  private async lockForEmpresa(manager: EntityManager, empresaId: number, id: number): Promise<Cotizacion> {
    const row = await manager.findOne(Cotizacion, { where: { id_cotizacion: id }, lock: { mode: 'pessimistic_write' } });
    return assertSameEmpresa(row, empresaId, RECURSO);
  }
}
