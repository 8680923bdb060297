import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthContext } from '@/common/context/request-context';
import { ClientesService } from '@/clientes/clientes.service';
import { EmisorService } from '@/empresas/emisor.service';
import { DocumentStorage } from '@/sunat/storage/document-storage';
import { documentNameOf, storageKeys } from '@/sunat/nest/storage-keys';
import { conflict, invalidField } from '@/common/errors/http-errors';
import { UpdateVentaDto } from './dto/create-venta.dto';
import { SUNAT_PENDIENTE } from '@/common/estados';
import { Venta } from './entities/venta.entity';
import { VentaDetalle } from './entities/venta-detalle.entity';
import { detallesDe } from './venta-anulacion.service';
import { assertModificable, bloquearVenta, MSG_VENTA } from './venta-bloqueo';
import { assertClienteDeFactura, VentaClienteService } from './venta-cliente.service';
import { VentaContenidoService } from './venta-contenido.service';
import { VentaCreada } from './venta-creacion.service';
import { assertLineasDeOperacion, fechaEmision } from './venta-reglas';
import { VentaStockService } from './venta-stock.service';
import { tasaIcbper } from './venta-totales';
import { VentaViewService } from './venta-view.service';
import { condicionesDePago, entradaDeEdicion, tipoOperacionDe } from './venta-pago';
import { MSG_ANTICIPOS } from './venta-anticipos.service';
import { assertTipoCambio } from './venta-referencias';

/** PUT and DELETE of sales SUNAT has never seen (estado_sunat '0', not annulled). */
@Injectable()
export class VentaEdicionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly emisores: EmisorService,
    private readonly clienteResolver: VentaClienteService,
    private readonly clientes: ClientesService,
    private readonly contenido: VentaContenidoService,
    private readonly stock: VentaStockService,
    private readonly loader: VentaViewService,
    private readonly storage: DocumentStorage,
  ) {}

  /**
   * Replaces the lines and recomputes; type, series and NUMBER stay (the XML is re-signed under the same
   * name). Stock taken by the sale is given back and taken again for the new lines in the same transaction.
   */
  async update(auth: AuthContext, id: number, dto: UpdateVentaDto): Promise<VentaCreada> {
    const emisor = await this.emisores.forEmpresa(auth.empresaId);
    // Loaded before the transaction: see VentaXmlService.
    const credentials = await emisor.credentials();
    return this.dataSource.transaction(async (manager) => {
      const venta = await bloquearVenta(manager, auth.empresaId, id);
      assertModificable(venta);
      // Issue 18 part B: the deductions were priced against the old lines.
      if (venta.anticipos?.length) throw invalidField('anticipos', MSG_ANTICIPOS.edicion);
      const tipoOperacion = tipoOperacionDe(dto, venta.tipo_operacion);
      const cambiaCliente = dto.id_cliente !== undefined || dto.cliente_documento !== undefined;
      const cliente = cambiaCliente
        ? await this.clienteResolver.resolve(manager, auth.empresaId, venta.tipo_documento, dto, tipoOperacion)
        : await this.clientes.findForEmpresa(manager, auth.empresaId, venta.id_cliente);
      if (!cliente) throw new Error(`Venta ${venta.id_venta}: cliente ausente`);
      if (!cambiaCliente) assertClienteDeFactura(venta.tipo_documento, tipoOperacion, cliente, 'tipo_operacion');
      const fecha = dto.fecha_emision !== undefined ? fechaEmision(venta.tipo_documento, dto.fecha_emision) : venta.fecha_emision;
      const preparado = await this.contenido.preparar(manager, auth.empresaId, emisor, dto.productos, {
        precios_incluyen_igv: dto.precios_incluyen_igv ?? venta.precios_incluyen_igv,
        descuento_global: String(dto.descuento_global ?? venta.descuento_global),
        icbper_tasa: tasaIcbper(fecha),
      });
      assertLineasDeOperacion(tipoOperacion, preparado.lineas);
      assertTipoCambio(dto.tipo_moneda ?? venta.tipo_moneda, dto.tipo_cambio !== undefined ? dto.tipo_cambio : venta.tipo_cambio);
      const pago = condicionesDePago(entradaDeEdicion(dto, venta), {
        tipo_documento: venta.tipo_documento,
        fecha_emision: fecha,
        tipo_moneda: dto.tipo_moneda ?? venta.tipo_moneda,
        total: preparado.montos.total,
        tipo_operacion: tipoOperacion,
        cliente_tipo_doc: cliente.tipo_doc,
      });
      const teniaStock = venta.stock_descontado;
      if (teniaStock) {
        // Old and new products locked together, before any line changes: one ascending order for the whole edit.
        const anteriores = await detallesDe(manager, venta);
        await this.stock.bloquear(manager, auth.empresaId, [...anteriores, ...preparado.lineas]);
        await this.stock.devolver(manager, venta, anteriores, auth.userId, 'Edición de venta');
      }
      await manager.delete(VentaDetalle, { id_venta: venta.id_venta });
      Object.assign(venta, {
        id_cliente: cliente.id_cliente,
        cliente_tipo_doc: cliente.tipo_doc,
        fecha_emision: fecha,
        tipo_moneda: dto.tipo_moneda ?? venta.tipo_moneda,
        tipo_operacion: tipoOperacion,
        ...preparado.montos,
        ...pago,
      });
      await manager.update(
        Venta,
        { id_venta: venta.id_venta },
        {
          id_cliente: venta.id_cliente,
          cliente_tipo_doc: venta.cliente_tipo_doc,
          fecha_emision: venta.fecha_emision,
          tipo_moneda: venta.tipo_moneda,
          tipo_operacion: tipoOperacion,
          ...preparado.montos,
          ...pago,
        },
      );
      const detalles = await this.contenido.guardarLineas(manager, venta, preparado);
      if (teniaStock) await this.stock.tomar(manager, venta, detalles, auth.userId);
      const { issued } = await this.contenido.firmar(manager, emisor, credentials, venta, cliente, preparado, async () => undefined);
      await manager.update(Venta, { id_venta: id }, { hash_cpe: issued.hash, nombre_xml: issued.nombre_xml, observaciones: issued.observaciones });
      const view = await this.loader.load(manager, await manager.findOneByOrFail(Venta, { id_venta: id }));
      return { venta: view, xml: { success: true, nombre_archivo: issued.nombre_xml, hash: issued.hash } };
    });
  }

  /** Deletes a never-sent sale, giving its stock back. Its number is not reused (the series counter never goes back). */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const nombre = await this.dataSource.transaction(async (manager) => {
      const venta = await bloquearVenta(manager, auth.empresaId, id);
      if (venta.enviando_desde) throw conflict(MSG_VENTA.enviando);
      // An annulled sale SUNAT never saw may be deleted too (its stock already came back).
      if (venta.estado_sunat !== SUNAT_PENDIENTE) throw conflict(MSG_VENTA.yaEnviada);
      if (venta.stock_descontado) await this.stock.devolver(manager, venta, await detallesDe(manager, venta), auth.userId, 'Eliminación de venta');
      await manager.delete(Venta, { id_venta: venta.id_venta });
      return venta.nombre_xml ? documentNameOf(venta.nombre_xml) : null;
    });
    // After the commit: the signed XML of a sale that no longer exists must not be sent by anyone.
    if (nombre) await this.storage.delete(storageKeys.xml(auth.empresaId, nombre));
  }
}
