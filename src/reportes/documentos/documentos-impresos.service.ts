import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { notFound } from '@/common/errors/http-errors';
import { CotizacionesService } from '@/cotizaciones/cotizaciones.service';
import { GuiaRemision } from '@/guias-remision/entities/guia-remision.entity';
import { assertGuiaDeEmpresa } from '@/guias-remision/services/guias-query.service';
import { NOTA_CREDITO } from '@/notas-credito/nota-credito.kind';
import { NOTA_DEBITO } from '@/notas-debito/nota-debito.kind';
import { NotaServicios } from '@/notas/nota-servicios';
import { VentasService } from '@/ventas/ventas.service';
import { CotizacionImpresa } from '../pdf/renderers/cotizacion.renderer';
import { GuiaImpresa } from '../pdf/renderers/guia.renderer';
import { NotaImpresa } from '../pdf/renderers/nota.renderer';
import { VentaImpresa } from '../pdf/renderers/venta.renderer';
import { EmisorImpresoService } from './emisor-impreso.service';
import { assertPropio } from './propiedad';

/** Loads what each renderer prints, through the owning module's detail service, company-scoped. */
@Injectable()
export class DocumentosImpresosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly emisores: EmisorImpresoService,
    private readonly ventas: VentasService,
    private readonly cotizaciones: CotizacionesService,
    private readonly notas: NotaServicios,
    @InjectRepository(GuiaRemision) private readonly guias: Repository<GuiaRemision>,
  ) {}

  async venta(empresaId: number, id: number): Promise<VentaImpresa> {
    await assertPropio(this.dataSource, 'ventas', id, empresaId, 'Venta');
    const venta = await this.ventas.findForEmpresa(empresaId, id);
    if (!venta) throw notFound('Venta');
    return { venta, emisor: await this.emisores.forEmpresa(empresaId) };
  }

  async cotizacion(empresaId: number, id: number): Promise<CotizacionImpresa> {
    // CotizacionesService.detalle already answers 404 / 403.
    const cotizacion = await this.cotizaciones.detalle(empresaId, id);
    return { cotizacion, emisor: await this.emisores.forEmpresa(empresaId) };
  }

  /** The note with its sale and reason (NotaConsultaService.detalle answers 404 / 403). */
  async nota(tipo: '07' | '08', empresaId: number, id: number): Promise<NotaImpresa> {
    const nota = await this.notas.consulta.detalle(tipo === '07' ? NOTA_CREDITO : NOTA_DEBITO, empresaId, id);
    return { nota, tipo, emisor: await this.emisores.forEmpresa(empresaId) };
  }

  /**
   * The guide with its lines. GuiasRemisionModule does not export its detail service (GuiasQueryService),
   * so the row is read here and checked with that module's own rule (assertGuiaDeEmpresa: 404 / 403).
   */
  async guia(empresaId: number, id: number): Promise<GuiaImpresa> {
    const guia = assertGuiaDeEmpresa(await this.guias.findOne({ where: { id }, relations: { detalles: true }, order: { detalles: { id: 'ASC' } } }), empresaId);
    return { guia, emisor: await this.emisores.forEmpresa(empresaId) };
  }
}
