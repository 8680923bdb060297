import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { StockService } from '@/productos/stock.service';
import { Venta } from './entities/venta.entity';
import { VentaDetalle } from './entities/venta-detalle.entity';

/** A sale's stock: 'salida' movements for its catalogue lines, 'ingreso' to give them back. Always in the caller's transaction. */
@Injectable()
export class VentaStockService {
  constructor(private readonly stock: StockService) {}

  /**
   * Locks the goods `lineas` name (see StockService.bloquear): called before a sale's lines are inserted, and by an
   * edit for its old and new lines at once, so the rows are always taken in one ascending order.
   */
  async bloquear(manager: EntityManager, empresaId: number, lineas: Array<{ id_producto: number | null }>): Promise<void> {
    await this.stock.bloquear(
      manager,
      empresaId,
      lineas.flatMap((l) => (l.id_producto === null ? [] : [l.id_producto])),
    );
  }

  /** The 'salida' movements of a new sale, which is inserted with stock_descontado already true. */
  async salidas(manager: EntityManager, venta: Venta, detalles: VentaDetalle[], userId: number | null): Promise<void> {
    await this.mover(manager, venta, detalles, userId, 'salida', `Venta ${venta.numero_completo}`);
  }

  async tomar(manager: EntityManager, venta: Venta, detalles: VentaDetalle[], userId: number | null): Promise<void> {
    await this.salidas(manager, venta, detalles, userId);
    await manager.update(Venta, { id_venta: venta.id_venta }, { stock_descontado: true });
    venta.stock_descontado = true;
  }

  async devolver(manager: EntityManager, venta: Venta, detalles: VentaDetalle[], userId: number | null, motivo: string): Promise<void> {
    await this.mover(manager, venta, detalles, userId, 'ingreso', `${motivo} ${venta.numero_completo}`);
    await manager.update(Venta, { id_venta: venta.id_venta }, { stock_descontado: false });
    venta.stock_descontado = false;
  }

  private async mover(manager: EntityManager, venta: Venta, detalles: VentaDetalle[], userId: number | null, tipo: 'salida' | 'ingreso', motivo: string) {
    const inputs = detalles.flatMap((d, i) =>
      d.id_producto === null
        ? []
        : [
            {
              empresaId: venta.id_empresa,
              productoId: d.id_producto,
              tipo,
              cantidad: d.cantidad,
              motivo,
              referencia: venta.numero_completo,
              userId,
              campo: `productos.${i}.cantidad`,
            },
          ],
    );
    await this.stock.moveMany(manager, inputs);
  }
}
