import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { SunatStatePatch, VentaView } from './dto/venta-view';
import { Venta } from './entities/venta.entity';
import { VentaViewService } from './venta-view.service';
import { FiltrosVentas, VentaExportada, ventasEnBloques } from './venta-bloques';
import { DocumentoVenta, documentosVentasEnBloques } from './venta-documentos-bloques';

/**
 * The sale as other modules use it (notes, guides, daily summaries, voiding, PDFs). Every method is
 * scoped by company: another company's sale is simply not found (null).
 */
@Injectable()
export class VentasService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly loader: VentaViewService,
  ) {}

  /** The company's sale with client, tipoDocumento and lines, or null. Pass a manager to read inside a transaction. */
  async findForEmpresa(empresaId: number, id: number, manager: EntityManager = this.dataSource.manager): Promise<VentaView | null> {
    const venta = await manager.findOne(Venta, { where: { id_venta: id, id_empresa: empresaId } });
    return venta ? this.loader.load(manager, venta) : null;
  }

  /** Several of the company's sales (ids of other companies are left out), ordered by id. */
  async findManyForEmpresa(empresaId: number, ids: number[], manager: EntityManager = this.dataSource.manager): Promise<VentaView[]> {
    if (!ids.length) return [];
    const ventas = await manager
      .createQueryBuilder(Venta, 'v')
      .where('v.id_empresa = :empresaId AND v.id_venta IN (:...ids)', { empresaId, ids: [...new Set(ids)] })
      .orderBy('v.id_venta', 'ASC')
      .getMany();
    return this.loader.loadMany(manager, ventas);
  }

  /** The company's filtered sales in issue order, in blocks read by keyset (exports of any size). */
  enBloques(empresaId: number, filtros: FiltrosVentas, bloque?: number): AsyncGenerator<VentaExportada[]> {
    return ventasEnBloques(this.dataSource, empresaId, filtros, bloque);
  }

  /** The company's sales of a period with a generated XML, in keyset blocks (the monthly ZIP bundle). */
  documentosEnBloques(empresaId: number, desde: string, hasta: string, bloque?: number): AsyncGenerator<DocumentoVenta[]> {
    return documentosVentasEnBloques(this.dataSource, empresaId, desde, hasta, bloque);
  }

  /** The client of each of the company's sales (id_venta -> id_cliente), without loading the sales' views. */
  async clientesDe(manager: EntityManager, empresaId: number, ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await manager.find(Venta, { select: { id_venta: true, id_cliente: true }, where: { id_empresa: empresaId, id_venta: In([...new Set(ids)]) } });
    return new Map(rows.map((r) => [r.id_venta, r.id_cliente]));
  }

  /** Which of these sale ids exist in any company (SPEC.md's "must exist" rules of RC/RA bodies). */
  async existingIds(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.dataSource.getRepository(Venta).find({ select: { id_venta: true }, where: { id_venta: In([...new Set(ids)]) } });
    return new Set(rows.map((r) => r.id_venta));
  }

  /**
   * SELECT ... FOR UPDATE on the sale row inside the caller's transaction (it must be one), then the view.
   * Concurrent callers that lock the same sale queue until the first transaction ends.
   */
  async lockForUpdate(manager: EntityManager, empresaId: number, id: number): Promise<VentaView | null> {
    const venta = await manager.findOne(Venta, {
      where: { id_venta: id, id_empresa: empresaId },
      lock: { mode: 'pessimistic_write' },
    });
    return venta ? this.loader.load(manager, venta) : null;
  }

  /**
   * Issue 19: an accepted credit (debit) note adds its total to the sale's `notas_credito` (`notas_debito`);
   * a voided one takes it back (negative amounts). PostgreSQL keeps `saldo` = total - credits + debits.
   */
  async ajustarSaldo(manager: EntityManager, id: number, ajuste: { credito?: string; debito?: string }): Promise<void> {
    await manager.query(`UPDATE ventas SET notas_credito = notas_credito + $1, notas_debito = notas_debito + $2 WHERE id_venta = $3`, [
      ajuste.credito ?? '0',
      ajuste.debito ?? '0',
      id,
    ]);
  }

  /** Writes SUNAT's verdict on the sale (and estado when given); fields left undefined are not touched. */
  setSunatState(manager: EntityManager, id: number, patch: SunatStatePatch): Promise<void> {
    return this.setSunatStateMany(manager, [id], patch);
  }

  /** The same patch on many sales in one UPDATE (an RC's boletas). */
  async setSunatStateMany(manager: EntityManager, ids: number[], patch: SunatStatePatch): Promise<void> {
    if (!ids.length) return;
    const set: Partial<Venta> = { estado_sunat: patch.estado_sunat };
    if (patch.estado !== undefined) set.estado = patch.estado;
    if (patch.mensaje_sunat !== undefined) set.mensaje_sunat = patch.mensaje_sunat;
    if (patch.codigo_sunat !== undefined) set.codigo_sunat = patch.codigo_sunat;
    if (patch.cdr_url !== undefined) set.cdr_url = patch.cdr_url;
    await manager.update(Venta, { id_venta: In(ids) }, set);
  }
}
