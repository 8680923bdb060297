import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ClientesService } from '@/clientes/clientes.service';
import { ProductosService } from '@/productos/productos.service';
import { ProductoResponse } from '@/productos/dto/producto.dto';
import { ClienteResponse } from '@/clientes/dto/cliente.dto';
import { Venta } from './entities/venta.entity';
import { VentaDetalle } from './entities/venta-detalle.entity';
import { VentaView } from './dto/venta-view';
import { toVentaView } from './venta.mapper';
import { deducidoDeAnticipos } from './venta-anticipos.service';

/** Builds VentaView from a sale row: its lines, its client and the catalogue products, read with the given manager. */
@Injectable()
export class VentaViewService {
  constructor(
    private readonly clientes: ClientesService,
    private readonly productos: ProductosService,
  ) {}

  async load(manager: EntityManager, venta: Venta): Promise<VentaView> {
    const detalles = await manager.find(VentaDetalle, { where: { id_venta: venta.id_venta }, order: { id: 'ASC' } });
    const cliente = await this.clientes.findForEmpresa(manager, venta.id_empresa, venta.id_cliente);
    // The FK and the create rules keep the client in the sale's company; a miss is a data bug, not a 404.
    if (!cliente) throw new Error(`Venta ${venta.id_venta}: cliente ${venta.id_cliente} ausente`);
    const ids = detalles.map((d) => d.id_producto).filter((id): id is number => id !== null);
    const productos = await this.productos.findForEmpresa(manager, venta.id_empresa, ids);
    return conDeducido(toVentaView(venta, cliente, detalles, productos), venta.es_anticipo ? await deducidoDeAnticipos(manager, [venta.id_venta]) : new Map());
  }

  /**
   * The answer of a create, from what it wrote (issue 21: no reads after the commit). `venta` is the inserted entity
   * (TypeORM filled its id and dates); a new sale has no notes yet, so its saldo is its total, and a new advance has
   * nothing deducted (the view's default).
   */
  fromCreated(venta: Venta, cliente: ClienteResponse, detalles: VentaDetalle[], productos: Map<number, ProductoResponse>): VentaView {
    return toVentaView({ ...venta, saldo: venta.total }, cliente, detalles, productos);
  }

  /** Many sales at once (lists, an RC's 500 boletas): one query for lines, one for clients, one for products. */
  async loadMany(manager: EntityManager, ventas: Venta[]): Promise<VentaView[]> {
    if (!ventas.length) return [];
    const empresaId = ventas[0].id_empresa;
    const detalles = await manager
      .createQueryBuilder(VentaDetalle, 'd')
      .where('d.id_venta IN (:...ids)', { ids: ventas.map((v) => v.id_venta) })
      .orderBy('d.id', 'ASC')
      .getMany();
    const porVenta = new Map<number, VentaDetalle[]>();
    for (const d of detalles) porVenta.set(d.id_venta, [...(porVenta.get(d.id_venta) ?? []), d]);
    const clientes = await this.clientes.findManyForEmpresa(
      manager,
      empresaId,
      ventas.map((v) => v.id_cliente),
    );
    const ausente = ventas.find((v) => !clientes.has(v.id_cliente));
    if (ausente) throw new Error(`Cliente ${ausente.id_cliente} ausente`);
    const productos = await this.productos.findForEmpresa(
      manager,
      empresaId,
      detalles.map((d) => d.id_producto).filter((id): id is number => id !== null),
    );
    const deducidos = await deducidoDeAnticipos(
      manager,
      ventas.filter((v) => v.es_anticipo).map((v) => v.id_venta),
    );
    return ventas.map((v) => conDeducido(toVentaView(v, clientes.get(v.id_cliente)!, porVenta.get(v.id_venta) ?? [], productos), deducidos));
  }
}

/** Issue 18 part B: an advance shows what has been deducted of it. */
function conDeducido(view: VentaView, deducidos: Map<number, number>): VentaView {
  return deducidos.has(view.id_venta) ? { ...view, anticipo_deducido: deducidos.get(view.id_venta)! } : view;
}
