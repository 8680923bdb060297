import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthContext } from '@/common/context/request-context';
import { invalidField } from '@/common/errors/http-errors';
import { horaLima } from '@/common/fecha';
import { fixed, sum } from '@/common/money';
import { EmisorService } from '@/empresas/emisor.service';
import { ColaEnvios } from '@/sunat/nest/envios/cola-envios.service';
import { Eventos } from '@/eventos/eventos.service';
import { SeriesService } from '@/series/series.service';
import { CreateVentaDto } from './dto/create-venta.dto';
import { VentaView } from './dto/venta-view';
import { SUNAT_PENDIENTE, VENTA_ACTIVA } from '@/common/estados';
import { Venta } from './entities/venta.entity';
import { VentaClienteService } from './venta-cliente.service';
import { VentaContenidoService } from './venta-contenido.service';
import { assertLineasDeOperacion, fechaEmision } from './venta-reglas';
import { VentaStockService } from './venta-stock.service';
import { tasaIcbper } from './venta-totales';
import { VentaViewService } from './venta-view.service';
import { VentaCotizacionService } from './venta-cotizacion.service';
import { condicionesDePago, tipoOperacionDe } from './venta-pago';
import { VentaAnticiposService } from './venta-anticipos.service';
import { FACTURA } from './tipos-documento';
import { assertTipoCambio, referenciasDe } from './venta-referencias';

export interface VentaCreada {
  venta: VentaView;
  xml: { success: true; nombre_archivo: string; hash: string };
}

/**
 * POST /api/ventas in ONE transaction: client, lines, number, stock, quotation and the signed XML.
 * Any failure rolls everything back, the series counter included (the number is not burned). Everything that needs
 * no number comes first; the answer is built from memory.
 */
@Injectable()
export class VentaCreacionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly emisores: EmisorService,
    private readonly series: SeriesService,
    private readonly clientes: VentaClienteService,
    private readonly contenido: VentaContenidoService,
    private readonly stock: VentaStockService,
    private readonly cotizacion: VentaCotizacionService,
    private readonly loader: VentaViewService,
    private readonly anticipos: VentaAnticiposService,
    private readonly cola: ColaEnvios,
    private readonly eventos: Eventos,
  ) {}

  async create(auth: AuthContext, dto: CreateVentaDto): Promise<VentaCreada> {
    const empresaId = auth.empresaId;
    const tipo = dto.tipo_documento;
    const serie = await this.serieDe(empresaId, tipo, dto.serie);
    const fecha = fechaEmision(tipo, dto.fecha_emision);
    const emisor = await this.emisores.forEmpresa(empresaId);
    // Loaded (or created, first time in beta) before the transaction: see VentaXmlService.
    const credentials = await emisor.credentials();
    const creada = await this.dataSource.transaction(async (manager) => {
      const tipoOperacion = tipoOperacionDe(dto);
      const cliente = await this.clientes.resolve(manager, empresaId, tipo, dto, tipoOperacion);
      const preparado = await this.contenido.preparar(manager, empresaId, emisor, dto.productos, {
        precios_incluyen_igv: dto.precios_incluyen_igv ?? true,
        descuento_global: String(dto.descuento_global ?? 0),
        icbper_tasa: tasaIcbper(fecha),
      });
      assertLineasDeOperacion(tipoOperacion, preparado.lineas);
      // Issue 18 part B: references, currency and the deducted advances (which lower the stored amounts).
      assertTipoCambio(dto.tipo_moneda ?? 'PEN', dto.tipo_cambio);
      const referencias = referenciasDe(dto);
      const anticipos = await this.anticipos.aplicar(
        manager,
        {
          empresaId,
          tipo_documento: tipo,
          id_cliente: cliente.id_cliente,
          tipo_moneda: dto.tipo_moneda ?? 'PEN',
          es_anticipo: dto.es_anticipo ?? false,
          rate: emisor.igvRate,
        },
        dto.anticipos,
        preparado,
      );
      const pago = condicionesDePago(dto, {
        tipo_documento: tipo,
        fecha_emision: fecha,
        tipo_moneda: dto.tipo_moneda ?? 'PEN',
        total: preparado.montos.total,
        tipo_operacion: tipoOperacion,
        cliente_tipo_doc: cliente.tipo_doc,
      });
      // Issue 21: the number is taken last, so its row lock (held to the commit, which keeps numbers gapless) covers
      // only the signature, the sale's inserts beside SUNAT's rules, and the commit.
      const numero = await this.series.next(manager, empresaId, tipo, serie);
      const descontar = dto.descontar_stock ?? true;
      const venta = manager.create(Venta, {
        id_empresa: empresaId,
        id_usuario: auth.userId,
        id_cliente: cliente.id_cliente,
        cliente_tipo_doc: cliente.tipo_doc,
        tipo_documento: tipo,
        serie,
        numero,
        numero_completo: `${serie}-${numero}`,
        fecha_emision: fecha,
        hora_emision: horaLima(),
        tipo_moneda: dto.tipo_moneda ?? 'PEN',
        tipo_operacion: tipoOperacion,
        estado: VENTA_ACTIVA,
        estado_sunat: SUNAT_PENDIENTE,
        cotizacion_id: dto.cotizacion_id ?? null,
        stock_descontado: descontar,
        ...preparado.montos,
        ...pago,
        ...referencias,
        es_anticipo: dto.es_anticipo ?? false,
        anticipos,
        total_anticipos: fixed(sum(anticipos.map((a) => a.monto))),
      });
      const { issued, written: detalles } = await this.contenido.firmar(manager, emisor, credentials, venta, cliente, preparado, async () => {
        await manager.save(venta);
        await this.anticipos.registrar(manager, venta.id_venta, anticipos);
        if (descontar) await this.stock.salidas(manager, venta, preparado.lineas, auth.userId);
        const lineas = await this.contenido.guardarLineas(manager, venta, preparado);
        if (dto.cotizacion_id) await this.cotizacion.aprobar(manager, empresaId, dto.cotizacion_id);
        return lineas;
      });
      if (issued.observaciones.length) await manager.update(Venta, { id_venta: venta.id_venta }, { observaciones: issued.observaciones });
      venta.observaciones = issued.observaciones;
      // boletas go to SUNAT in the daily summary, never one by one
      if (tipo === FACTURA && emisor.envioAutomatico)
        await this.cola.encolar(manager, { empresaId, tipo: 'venta', idDocumento: venta.id_venta, servicio: 'soap' });
      venta.xml_url = `/api/ventas/${venta.id_venta}/xml`;
      await this.eventos.registrar(manager, {
        empresaId,
        tipo: 'documento.creado',
        recurso: 'venta',
        id: venta.id_venta,
        data: this.loader.fromCreated(venta, cliente, detalles, preparado.productos),
      });
      return { venta, detalles, issued, cliente, productos: preparado.productos };
    });
    // The answer is built from what the transaction wrote: no reads after the commit.
    const view = this.loader.fromCreated(creada.venta, creada.cliente, creada.detalles, creada.productos);
    return { venta: view, xml: { success: true, nombre_archivo: creada.issued.nombre_xml, hash: creada.issued.hash } };
  }

  /** The requested series must be one of the company's series of that type; by default the first one (F001 / B001). */
  private async serieDe(empresaId: number, tipo: string, serie: string | undefined): Promise<string> {
    const propias = (await this.series.list(empresaId)).filter((s) => s.tipo_documento === tipo).map((s) => s.serie);
    if (serie === undefined) {
      if (!propias.length) throw invalidField('serie', 'La empresa no tiene series para este tipo de documento.');
      return propias[0];
    }
    if (!propias.includes(serie)) throw invalidField('serie', `La serie ${serie} no está registrada para este tipo de documento.`);
    return serie;
  }
}
