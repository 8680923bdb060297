import { Injectable } from '@nestjs/common';
import { forbidden, notFound } from '@/common/errors/http-errors';
import { CotizacionesService } from '@/cotizaciones/cotizaciones.service';
import { GuiasRemisionService } from '@/guias-remision/guias-remision.service';
import { NOTA_CREDITO } from '@/notas-credito/nota-credito.kind';
import { NOTA_DEBITO } from '@/notas-debito/nota-debito.kind';
import { NotaServicios } from '@/notas/nota-servicios';
import { VentasService } from '@/ventas/ventas.service';
import { CotizacionImpresa } from '../pdf/renderers/cotizacion.renderer';
import { GuiaImpresa } from '../pdf/renderers/guia.renderer';
import { NotaImpresa } from '../pdf/renderers/nota.renderer';
import { VentaImpresa } from '../pdf/renderers/venta.renderer';
import { EmisorImpresoService } from './emisor-impreso.service';

/** Loads what each renderer prints, through the owning module's detail service, company-scoped. */
@Injectable()
export class DocumentosImpresosService {
  constructor(
    private readonly emisores: EmisorImpresoService,
    private readonly ventas: VentasService,
    private readonly cotizaciones: CotizacionesService,
    private readonly notas: NotaServicios,
    private readonly guias: GuiasRemisionService,
  ) {}

  async venta(empresaId: number, id: number): Promise<VentaImpresa> {
    const venta = await this.ventas.findForEmpresa(empresaId, id);
    // SPEC "Authentication" 7: another company's sale is 403, a missing one 404.
    if (!venta) throw (await this.ventas.existingIds([id])).has(id) ? forbidden() : notFound('Venta');
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

  /** The guide with its lines (404 / 403 by the guides module's own rule). */
  async guia(empresaId: number, id: number): Promise<GuiaImpresa> {
    const guia = await this.guias.detalleForEmpresa(empresaId, id);
    return { guia, emisor: await this.emisores.forEmpresa(empresaId) };
  }
}
