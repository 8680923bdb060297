import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { conflict, invalidField } from '@/common/errors/http-errors';
import { MSG } from '@/common/errors/messages';
import { hoyLima } from '@/common/fecha';
import { dec, Dec, rateFromPercent } from '@/common/money';
import { EmpresasService } from '@/empresas/empresas.service';
import { ProductosService } from '@/productos/productos.service';
import { MovimientoInput, StockService } from '@/productos/stock.service';
import { ProveedoresService } from '@/proveedores/proveedores.service';
import { Compra, COMPRA_ANULADA } from './entities/compra.entity';
import { CompraDetalle } from './entities/compra-detalle.entity';
import { CreateCompraDto } from './dto/compra.dto';
import { totalesCompra, TotalesCompra } from './compra-totales';
import { assertCompraDeEmpresa } from './compras.service';

const referencia = (c: Compra) => `Compra #${c.id_compra} ${c.serie}-${c.numero}`;

/**
 * Registering, editing and annulling purchases. Each is one transaction: the purchase, its lines and
 * every stock movement commit together or not at all.
 */
@Injectable()
export class RegistroComprasService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly proveedores: ProveedoresService,
    private readonly productos: ProductosService,
    private readonly stock: StockService,
    private readonly empresas: EmpresasService,
  ) {}

  create(empresaId: number, userId: number, dto: CreateCompraDto): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const totales = await this.validar(manager, empresaId, dto);
      const compra = await saveUnique(manager, manager.create(Compra, { ...cabecera(dto, totales), id_empresa: empresaId, id_usuario: userId }));
      // The stock first: the products are locked before the lines reference them (see StockService.bloquear).
      await this.stock.moveMany(
        manager,
        dto.productos.map((l, i) => ({
          empresaId,
          productoId: l.id_producto,
          tipo: 'ingreso',
          cantidad: l.cantidad,
          motivo: 'Compra',
          referencia: referencia(compra),
          userId,
          campo: `productos.${i}.cantidad`,
        })),
      );
      await this.guardarLineas(manager, compra.id_compra, dto, totales);
      return compra.id_compra;
    });
  }

  /** Replaces header and lines; stock moves only by the net difference per product. */
  async update(empresaId: number, userId: number, id: number, dto: CreateCompraDto): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const compra = await this.lockCompra(manager, empresaId, id);
      if (compra.estado === COMPRA_ANULADA) throw conflict('No se puede editar una compra anulada.');
      const totales = await this.validar(manager, empresaId, dto);
      const anteriores = await manager.find(CompraDetalle, { where: { id_compra: id } });
      Object.assign(compra, cabecera(dto, totales));
      await saveUnique(manager, compra);
      // The net stock change first, in one go: the products are locked before the new lines reference them.
      await this.stock.moveMany(
        manager,
        diferencias(anteriores, dto).map((d) => ({ ...d, empresaId, motivo: 'Edición de compra', referencia: referencia(compra), userId })),
      );
      await manager.delete(CompraDetalle, { id_compra: id });
      await this.guardarLineas(manager, id, dto, totales);
    });
  }

  /** estado '2' and every line's stock taken back out; the record stays for the books. */
  async anular(empresaId: number, userId: number, id: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const compra = await this.lockCompra(manager, empresaId, id);
      if (compra.estado === COMPRA_ANULADA) throw conflict('La compra ya está anulada.');
      const lineas = await manager.find(CompraDetalle, { where: { id_compra: id } });
      const porProducto = new Map<number, Dec>();
      for (const l of lineas) porProducto.set(l.id_producto, (porProducto.get(l.id_producto) ?? dec(0)).plus(l.cantidad));
      await this.stock.moveMany(
        manager,
        [...porProducto].map(([productoId, cantidad]) => ({
          empresaId,
          productoId,
          tipo: 'salida',
          cantidad,
          motivo: 'Anulación de compra',
          referencia: referencia(compra),
          userId,
          campo: 'productos',
        })),
      );
      compra.estado = COMPRA_ANULADA;
      await manager.save(compra);
    });
  }

  private async lockCompra(manager: EntityManager, empresaId: number, id: number): Promise<Compra> {
    return assertCompraDeEmpresa(await manager.findOne(Compra, { where: { id_compra: id }, lock: { mode: 'pessimistic_write' } }), empresaId);
  }

  /** Supplier and products must be the company's; every problem is reported at once. */
  private async validar(manager: EntityManager, empresaId: number, dto: CreateCompraDto): Promise<TotalesCompra> {
    const errors: Record<string, string[]> = {};
    if (dto.fecha > hoyLima()) errors.fecha = ['La fecha no puede ser posterior a hoy.'];
    if (!(await this.proveedores.findForEmpresa(manager, empresaId, dto.id_proveedor))) errors.id_proveedor = ['El proveedor no existe.'];
    const productos = await this.productos.findForEmpresa(
      manager,
      empresaId,
      dto.productos.map((l) => l.id_producto),
    );
    dto.productos.forEach((l, i) => {
      if (!productos.has(l.id_producto)) errors[`productos.${i}.id_producto`] = ['El producto no existe.'];
    });
    if (Object.keys(errors).length) {
      throw new HttpException({ success: false, message: MSG.datosInvalidos, errors }, HttpStatus.UNPROCESSABLE_ENTITY);
    }
    const empresa = await this.empresas.findById(empresaId);
    const lineas = dto.productos.map((l) => ({ ...l, gravada: productos.get(l.id_producto)!.tipo_afectacion_igv === '10' }));
    return totalesCompra(lineas, rateFromPercent(empresa?.igv ?? 18));
  }

  private async guardarLineas(manager: EntityManager, idCompra: number, dto: CreateCompraDto, totales: TotalesCompra): Promise<void> {
    await manager.insert(
      CompraDetalle,
      dto.productos.map((l, i) => ({
        id_compra: idCompra,
        id_producto: l.id_producto,
        cantidad: String(l.cantidad),
        costo_unitario: String(l.costo_unitario),
        importe: totales.importes[i],
      })),
    );
  }
}

function cabecera(dto: CreateCompraDto, totales: TotalesCompra): Partial<Compra> {
  return {
    id_proveedor: dto.id_proveedor,
    fecha: dto.fecha,
    tipo_documento: dto.tipo_documento,
    serie: dto.serie,
    numero: dto.numero,
    observaciones: dto.observaciones ?? null,
    subtotal: totales.subtotal,
    igv: totales.igv,
    total: totales.total,
  };
}

/** Net stock change per product between the stored lines and the new ones. */
function diferencias(anteriores: CompraDetalle[], dto: CreateCompraDto): Array<Pick<MovimientoInput, 'productoId' | 'tipo' | 'cantidad' | 'campo'>> {
  const netos = new Map<number, { delta: Dec; campo: string }>();
  for (const l of anteriores) {
    const n = netos.get(l.id_producto) ?? { delta: dec(0), campo: 'productos' };
    netos.set(l.id_producto, { ...n, delta: n.delta.minus(l.cantidad) });
  }
  dto.productos.forEach((l, i) => {
    const n = netos.get(l.id_producto);
    const campo = n && n.campo !== 'productos' ? n.campo : `productos.${i}.cantidad`;
    netos.set(l.id_producto, { delta: (n?.delta ?? dec(0)).plus(l.cantidad), campo });
  });
  return [...netos]
    .filter(([, n]) => !n.delta.isZero())
    .map(([productoId, n]) => ({ productoId, tipo: n.delta.isPositive() ? 'ingreso' : 'salida', cantidad: n.delta.abs(), campo: n.campo }));
}

async function saveUnique(manager: EntityManager, compra: Compra): Promise<Compra> {
  try {
    return await manager.save(compra);
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw invalidField('numero', 'Ese comprobante del proveedor ya está registrado.');
    throw e;
  }
}
