import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { assertSameEmpresa, conflict, invalidField } from '@/common/errors/http-errors';
import { ListQueryDto, likePattern, PageMeta, pageMeta, pageOf } from '@/common/pagination';
import { Cliente } from './entities/cliente.entity';
import { ClienteNuevo, ClienteResponse, CreateClienteDto, UpdateClienteDto } from './dto/cliente.dto';
import { tipoDocValido } from './documento-cliente';
import { toClienteResponse } from './cliente.mapper';

const DUPLICADO = 'Ya existe un cliente con ese documento.';

@Injectable()
export class ClientesService {
  constructor(@InjectRepository(Cliente) private readonly clientes: Repository<Cliente>) {}

  async list(empresaId: number, query: ListQueryDto): Promise<{ rows: Cliente[]; meta: PageMeta }> {
    const { page, perPage, skip } = pageOf(query);
    const qb = this.clientes.createQueryBuilder('c').where('c.id_empresa = :empresaId', { empresaId });
    const q = query.q?.trim();
    if (q) qb.andWhere('(c.documento ILIKE :q OR c.datos ILIKE :q)', { q: likePattern(q) });
    const [rows, total] = await qb.orderBy('c.datos', 'ASC').addOrderBy('c.id_cliente', 'ASC').skip(skip).take(perPage).getManyAndCount();
    return { rows, meta: pageMeta(page, perPage, total) };
  }

  async get(empresaId: number, id: number): Promise<Cliente> {
    return assertSameEmpresa(await this.clientes.findOne({ where: { id_cliente: id } }), empresaId, 'Cliente');
  }

  async create(empresaId: number, dto: CreateClienteDto): Promise<Cliente> {
    const tipo = tipoDocValido(dto.documento, dto.tipo_doc, 'documento');
    return this.saveUnique(this.clientes.create({ ...dto, tipo_doc: tipo, id_empresa: empresaId }));
  }

  async update(empresaId: number, id: number, dto: UpdateClienteDto): Promise<Cliente> {
    const cliente = await this.get(empresaId, id);
    if (dto.documento !== undefined || dto.tipo_doc !== undefined) {
      const documento = dto.documento ?? cliente.documento;
      // A new documento without tipo_doc is re-derived; a new tipo_doc alone is checked against the stored documento.
      const tipo = dto.tipo_doc ?? (dto.documento !== undefined ? undefined : cliente.tipo_doc);
      dto = { ...dto, tipo_doc: tipoDocValido(documento, tipo, 'documento') };
    }
    Object.assign(cliente, withoutUndefined(dto));
    return this.saveUnique(cliente);
  }

  async remove(empresaId: number, id: number): Promise<void> {
    await this.get(empresaId, id);
    try {
      await this.clientes.delete({ id_cliente: id });
    } catch (e) {
      if ((e as { code?: string }).code === '23503') throw conflict('El cliente tiene documentos asociados y no puede eliminarse.');
      throw e;
    }
  }

  /** For other modules: the company's client, 404 when absent and 403 when it belongs to another company. */
  async getForEmpresa(empresaId: number, id: number): Promise<ClienteResponse> {
    return toClienteResponse(await this.get(empresaId, id));
  }

  /** For other modules inside their transaction: the company's client or null (absent or another company's). */
  async findForEmpresa(manager: EntityManager, empresaId: number, id: number): Promise<ClienteResponse | null> {
    const cliente = await manager.findOne(Cliente, { where: { id_cliente: id, id_empresa: empresaId } });
    return cliente ? toClienteResponse(cliente) : null;
  }

  /** Many of the company's clients in one query (lists of sales): id -> client; absent ids are missing from the map. */
  async findManyForEmpresa(manager: EntityManager, empresaId: number, ids: number[]): Promise<Map<number, ClienteResponse>> {
    if (!ids.length) return new Map();
    const clientes = await manager.find(Cliente, { where: { id_cliente: In([...new Set(ids)]), id_empresa: empresaId } });
    return new Map(clientes.map((c) => [c.id_cliente, toClienteResponse(c)]));
  }

  /**
   * The company's client with that documento, created inside the caller's transaction when missing.
   * An existing client is returned unchanged (its stored name and address win). Safe under concurrency:
   * two callers creating the same documento get the same row. Invalid data is a 422 on `campos`.
   */
  async findOrCreateByDocumento(
    manager: EntityManager,
    empresaId: number,
    data: ClienteNuevo,
    campos: { documento: string; datos: string } = { documento: 'cliente_documento', datos: 'cliente_datos' },
  ): Promise<ClienteResponse> {
    const documento = data.documento.trim().toUpperCase();
    const existing = await manager.findOne(Cliente, { where: { id_empresa: empresaId, documento } });
    if (existing) return toClienteResponse(existing);
    const tipo = tipoDocValido(documento, data.tipo_doc, campos.documento);
    const datos = data.datos?.trim();
    if (!datos || datos.length > 255) throw invalidField(campos.datos, 'Indique el nombre o razón social del cliente (hasta 255 caracteres).');
    // One round trip when the insert wins; a concurrent writer's row (the insert ignored) is read back.
    const inserted = (await manager.query(
      `INSERT INTO clientes (id_empresa, tipo_doc, documento, datos, direccion) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING
       RETURNING id_cliente, id_empresa, tipo_doc, documento, datos, direccion, email, telefono, created_at, updated_at`,
      [empresaId, tipo, documento, datos, data.direccion?.trim() || null],
    )) as Cliente[];
    if (inserted.length) return toClienteResponse(inserted[0]);
    return toClienteResponse(await manager.findOneOrFail(Cliente, { where: { id_empresa: empresaId, documento } }));
  }

  /** Checked first for a clean answer; the unique constraint still decides between concurrent writers. */
  private async saveUnique(cliente: Cliente): Promise<Cliente> {
    const taken = await this.clientes.findOne({ select: { id_cliente: true }, where: { id_empresa: cliente.id_empresa, documento: cliente.documento } });
    if (taken && taken.id_cliente !== cliente.id_cliente) throw invalidField('documento', DUPLICADO);
    try {
      return await this.clientes.save(cliente);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw invalidField('documento', DUPLICADO);
      throw e;
    }
  }
}

function withoutUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
