import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthContext } from '@/common/context/request-context';
import { conflict } from '@/common/errors/http-errors';
import { Eventos } from '@/eventos/eventos.service';
import { lotePendienteDe } from '@/lotes-sunat/lote-de-documento';
import { documentoEnLotePendiente } from '@/lotes-sunat/lote-pendiente';
import { VentaView } from './dto/venta-view';
import { VENTA_ANULADA } from '@/common/estados';
import { Venta } from './entities/venta.entity';
import { VentaDetalle } from './entities/venta-detalle.entity';
import { assertModificable, bloquearVenta, MSG_VENTA } from './venta-bloqueo';
import { VentaStockService } from './venta-stock.service';
import { VentaViewService } from './venta-view.service';

/** Local annulment (SPEC "Sale estado") and the deferred stock take, each in one transaction on the locked sale. */
@Injectable()
export class VentaAnulacionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly stock: VentaStockService,
    private readonly loader: VentaViewService,
    private readonly eventos: Eventos,
  ) {}

  /**
   * Only for sales SUNAT never saw (estado_sunat '0', in no batch waiting for SUNAT: an RC whose answer was lost may
   * have reached it); gives the stock back when the sale had taken it. A sale already annulled is answered as it is.
   */
  anular(auth: AuthContext, id: number): Promise<{ venta: VentaView; yaAnulada: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      const venta = await bloquearVenta(manager, auth.empresaId, id);
      if (venta.estado === VENTA_ANULADA) return { venta: await this.loader.load(manager, venta), yaAnulada: true };
      assertModificable(venta);
      const lote = await lotePendienteDe(manager, { id_venta: id });
      if (lote) throw conflict(documentoEnLotePendiente(venta.numero_completo, lote.nombre_archivo));
      if (venta.stock_descontado) await this.stock.devolver(manager, venta, await detallesDe(manager, venta), auth.userId, 'Anulación de venta');
      await manager.update(Venta, { id_venta: venta.id_venta }, { estado: VENTA_ANULADA });
      const anulada = await this.loader.load(manager, await manager.findOneByOrFail(Venta, { id_venta: id }));
      await this.eventos.registrar(manager, { empresaId: auth.empresaId, tipo: 'documento.anulado', recurso: 'venta', id, data: anulada });
      return { venta: anulada, yaAnulada: false };
    });
  }

  /** Takes the stock of a sale created with descontar_stock false. */
  descontarStock(auth: AuthContext, id: number): Promise<VentaView> {
    return this.dataSource.transaction(async (manager) => {
      const venta = await bloquearVenta(manager, auth.empresaId, id);
      if (venta.estado === VENTA_ANULADA) throw conflict(MSG_VENTA.anulada);
      if (venta.stock_descontado) throw conflict(MSG_VENTA.stockYaDescontado);
      await this.stock.tomar(manager, venta, await detallesDe(manager, venta), auth.userId);
      return this.loader.load(manager, await manager.findOneByOrFail(Venta, { id_venta: id }));
    });
  }
}

export function detallesDe(manager: import('typeorm').EntityManager, venta: Venta): Promise<VentaDetalle[]> {
  return manager.find(VentaDetalle, { where: { id_venta: venta.id_venta }, order: { id: 'ASC' } });
}
