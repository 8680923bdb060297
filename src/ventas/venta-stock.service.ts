import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { StockService } from '@/productos/stock.service';
import { Venta } from './entities/venta.entity';
import { VentaDetalle } from './entities/venta-detalle.entity';

/** What a stock movement needs of a sale line (a stored line, or a new one before it is inserted). */
type LineaStock = Pick<VentaDetalle, 'id_producto' | 'cantidad'>;

/** A sale's stock: 'salida' movements for its catalogue lines, 'ingreso' to give them back. Always in the caller's transaction. */
@Injectable()
export class VentaStockService {
  constructor(private readonly stock: StockService) {}

  /**
   * Locks the goods `lineas` name (see StockService.bloquear): an edit locks its old and new lines' products at once,
   * before it gives the stock back, so the rows are always taken in one ascending order.
   */
  async bloquear(manager: EntityManager, empresaId: number, lineas: Array<Pick<LineaStock, 'id_producto'>>): Promise<void> {
    await this.stock.bloquear(
      manager,
      empresaId,
      lineas.flatMap((l) => (l.id_producto === null ? [] : [l.id_producto])),
    );
  }

  /**
   * The 'salida' movements of a new sale, which is inserted with stock_descontado already true. A create calls it
   * before inserting the lines, so the products are locked before the lines reference them (see StockService.bloquear).
   */
  async salidas(manager: EntityManager, venta: Venta, detalles: LineaStock[], userId: number | null): Promise<void> {
    await this.mover(manager, venta, detalles, userId, 'salida', `Venta ${venta.numero_completo}`);
  }

  async tomar(manager: EntityManager, venta: Venta, detalles: LineaStock[], userId: number | null): Promise<void> {
    await this.salidas(manager, venta, detalles, userId);
    await manager.update(Venta, { id_venta: venta.id_venta }, { stock_descontado: true });
    venta.stock_descontado = true;
  }

  async devolver(manager: EntityManager, venta: Venta, detalles: LineaStock[], userId: number | null, motivo: string): Promise<void> {
    await this.mover(manager, venta, detalles, userId, 'ingreso', `${motivo} ${venta.numero_completo}`);
    await manager.update(Venta, { id_venta: venta.id_venta }, { stock_descontado: false });
    venta.stock_descontado = false;
  }

  private async mover(manager: EntityManager, venta: Venta, detalles: LineaStock[], userId: number | null, tipo: 'salida' | 'ingreso', motivo: string) {
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
