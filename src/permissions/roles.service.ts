import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, Repository } from 'typeorm';
import { ADMIN_ROLE_ID, AuthContext } from '@/common/context/request-context';
import { conflict, forbidden, invalidField, notFound } from '@/common/errors/http-errors';
import { Role } from './entities/role.entity';
import { RoleDto } from './dto/permissions.dto';

/**
 * A role is global (id_empresa NULL: system roles, created and changed by administrators only) or belongs
 * to one company (created by that company's users, or by an administrator for it). Everyone sees the global
 * roles and those of the active company; only the owning company (or an administrator) renames or deletes
 * a company role. Permissions of any role are set by administrators (/api/permissions/role).
 */
@Injectable()
export class RolesService {
  constructor(@InjectRepository(Role) private readonly roles: Repository<Role>) {}

  findById(id: number): Promise<Role | null> {
    return this.roles.findOne({ where: { rol_id: id } });
  }

  list(auth: AuthContext): Promise<Role[]> {
    return this.roles
      .createQueryBuilder('r')
      .where('r.id_empresa IS NULL OR r.id_empresa = :empresa', { empresa: auth.empresaId })
      .orderBy('r.rol_id', 'ASC')
      .getMany();
  }

  /** Global roles and the active company's; another company's role is a 403 (administrators see any). */
  async get(auth: AuthContext, id: number): Promise<Role> {
    const role = await this.findById(id);
    if (!role) throw notFound('Rol');
    if (!auth.isAdmin && role.id_empresa !== null && role.id_empresa !== auth.empresaId) throw forbidden();
    return role;
  }

  /** Administrators create global roles unless they name a company; anyone else creates its company's. */
  async create(auth: AuthContext, dto: RoleDto): Promise<Role> {
    const empresaId = auth.isAdmin ? (dto.id_empresa ?? null) : auth.empresaId;
    await this.assertNameFree(dto.nombre, empresaId);
    try {
      return await this.roles.save(this.roles.create({ nombre: dto.nombre.trim(), id_empresa: empresaId }));
    } catch (e) {
      throw translateRoleError(e);
    }
  }

  async update(auth: AuthContext, id: number, dto: RoleDto): Promise<Role> {
    const role = await this.get(auth, id);
    if (id === ADMIN_ROLE_ID) throw conflict('El rol Administrador no se puede modificar.');
    this.assertMayChange(auth, role);
    if (dto.id_empresa !== undefined && dto.id_empresa !== role.id_empresa) {
      throw invalidField('id_empresa', 'La empresa de un rol no se puede cambiar.');
    }
    await this.assertNameFree(dto.nombre, role.id_empresa, id);
    role.nombre = dto.nombre.trim();
    try {
      return await this.roles.save(role);
    } catch (e) {
      throw translateRoleError(e);
    }
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const role = await this.get(auth, id);
    if (id === ADMIN_ROLE_ID) throw conflict('El rol Administrador no se puede eliminar.');
    this.assertMayChange(auth, role);
    // users.rol_id references roles: the foreign key also refuses it should a user get the role meanwhile.
    const inUse: unknown[] = await this.roles.query(`SELECT 1 FROM users WHERE rol_id = $1 LIMIT 1`, [id]);
    if (inUse.length) throw conflict('El rol tiene usuarios asignados.');
    try {
      await this.roles.delete({ rol_id: id });
    } catch (e) {
      if ((e as { code?: string }).code === '23503') throw conflict('El rol tiene usuarios asignados.');
      throw e;
    }
  }

  /** Global roles are the administrators'; a company role is its company's. */
  private assertMayChange(auth: AuthContext, role: Role): void {
    if (auth.isAdmin) return;
    if (role.id_empresa === null || role.id_empresa !== auth.empresaId) throw forbidden();
  }

  /**
   * One name per company, case-insensitive, and never the name of a global role (both show in the same list).
   * A global name must not be used by any role at all.
   */
  private async assertNameFree(nombre: string, empresaId: number | null, exceptId?: number): Promise<void> {
    const qb = this.roles.createQueryBuilder('r').where('lower(r.nombre) = lower(:nombre)', { nombre: nombre.trim() });
    if (empresaId !== null) qb.andWhere(new Brackets((w) => w.where('r.id_empresa IS NULL').orWhere('r.id_empresa = :empresaId', { empresaId })));
    if (exceptId) qb.andWhere('r.rol_id <> :exceptId', { exceptId });
    if (await qb.getExists()) throw invalidField('nombre', 'Ya existe un rol con ese nombre.');
  }
}

function translateRoleError(e: unknown): unknown {
  const err = e as { code?: string; constraint?: string };
  if (err.code === '23505') return invalidField('nombre', 'Ya existe un rol con ese nombre.');
  if (err.code === '23503') return invalidField('id_empresa', 'La empresa no existe.');
  return e;
}
