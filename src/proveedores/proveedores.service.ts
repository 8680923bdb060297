import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { assertSameEmpresa, conflict, invalidField } from '@/common/errors/http-errors';
import { ListQueryDto, likePattern, PageMeta, pageMeta, pageOf } from '@/common/pagination';
import { Proveedor } from './entities/proveedor.entity';
import { CreateProveedorDto, ProveedorResponse, UpdateProveedorDto } from './dto/proveedor.dto';
import { toProveedorResponse } from './proveedor.mapper';

const DUPLICADO = 'Ya existe un proveedor con ese RUC.';

@Injectable()
export class ProveedoresService {
  constructor(@InjectRepository(Proveedor) private readonly proveedores: Repository<Proveedor>) {}

  async list(empresaId: number, query: ListQueryDto): Promise<{ rows: Proveedor[]; meta: PageMeta }> {
    const { page, perPage, skip } = pageOf(query);
    const qb = this.proveedores.createQueryBuilder('p').where('p.id_empresa = :empresaId', { empresaId });
    const q = query.q?.trim();
    if (q) qb.andWhere('(p.ruc ILIKE :q OR p.razon_social ILIKE :q)', { q: likePattern(q) });
    const [rows, total] = await qb.orderBy('p.razon_social', 'ASC').addOrderBy('p.id_proveedor', 'ASC').skip(skip).take(perPage).getManyAndCount();
    return { rows, meta: pageMeta(page, perPage, total) };
  }

  async get(empresaId: number, id: number): Promise<Proveedor> {
    return assertSameEmpresa(await this.proveedores.findOne({ where: { id_proveedor: id } }), empresaId, 'Proveedor');
  }

  create(empresaId: number, dto: CreateProveedorDto): Promise<Proveedor> {
    return this.saveUnique(this.proveedores.create({ ...dto, id_empresa: empresaId }));
  }

  async update(empresaId: number, id: number, dto: UpdateProveedorDto): Promise<Proveedor> {
    const proveedor = await this.get(empresaId, id);
    Object.assign(proveedor, Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined)));
    return this.saveUnique(proveedor);
  }

  async remove(empresaId: number, id: number): Promise<void> {
    await this.get(empresaId, id);
    try {
      await this.proveedores.delete({ id_proveedor: id });
    } catch (e) {
      if ((e as { code?: string }).code === '23503') throw conflict('El proveedor tiene compras registradas y no puede eliminarse.');
      throw e;
    }
  }

  /** For other modules inside their transaction: the company's supplier or null (absent or another company's). */
  async findForEmpresa(manager: EntityManager, empresaId: number, id: number): Promise<ProveedorResponse | null> {
    const proveedor = await manager.findOne(Proveedor, { where: { id_proveedor: id, id_empresa: empresaId } });
    return proveedor ? toProveedorResponse(proveedor) : null;
  }

  /** For other modules' listings: the company's suppliers with these ids, keyed by id. */
  async mapForEmpresa(empresaId: number, ids: number[]): Promise<Map<number, ProveedorResponse>> {
    if (!ids.length) return new Map();
    const rows = await this.proveedores
      .createQueryBuilder('p')
      .where('p.id_empresa = :empresaId AND p.id_proveedor IN (:...ids)', { empresaId, ids: [...new Set(ids)] })
      .getMany();
    return new Map(rows.map((p) => [p.id_proveedor, toProveedorResponse(p)]));
  }

  /** For other modules' searches: ids of the company's suppliers whose RUC or name matches `q`. */
  async buscarIds(empresaId: number, q: string): Promise<number[]> {
    const rows = await this.proveedores
      .createQueryBuilder('p')
      .select('p.id_proveedor', 'id')
      .where('p.id_empresa = :empresaId', { empresaId })
      .andWhere('(p.ruc ILIKE :q OR p.razon_social ILIKE :q)', { q: likePattern(q) })
      .getRawMany<{ id: number }>();
    return rows.map((r) => r.id);
  }

  /** Checked first for a clean answer; the unique constraint still decides between concurrent writers. */
  private async saveUnique(proveedor: Proveedor): Promise<Proveedor> {
    const taken = await this.proveedores.findOne({ select: { id_proveedor: true }, where: { id_empresa: proveedor.id_empresa, ruc: proveedor.ruc } });
    if (taken && taken.id_proveedor !== proveedor.id_proveedor) throw invalidField('ruc', DUPLICADO);
    try {
      return await this.proveedores.save(proveedor);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw invalidField('ruc', DUPLICADO);
      throw e;
    }
  }
}
