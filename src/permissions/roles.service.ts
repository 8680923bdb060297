import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Not, Repository } from 'typeorm';
import { ADMIN_ROLE_ID } from '@/common/context/request-context';
import { conflict, invalidField, notFound } from '@/common/errors/http-errors';
import { Role } from './entities/role.entity';
import { RoleDto } from './dto/permissions.dto';

/** Roles are shared by every company of the installation; their permissions are set by administrators. */
@Injectable()
export class RolesService {
  constructor(@InjectRepository(Role) private readonly roles: Repository<Role>) {}

  list(): Promise<Role[]> {
    return this.roles.find({ order: { rol_id: 'ASC' } });
  }

  async get(id: number): Promise<Role> {
    const role = await this.roles.findOne({ where: { rol_id: id } });
    if (!role) throw notFound('Rol');
    return role;
  }

  async create(dto: RoleDto): Promise<Role> {
    await this.assertNameFree(dto.nombre);
    return this.roles.save(this.roles.create({ nombre: dto.nombre.trim() }));
  }

  async update(id: number, dto: RoleDto): Promise<Role> {
    const role = await this.get(id);
    if (id === ADMIN_ROLE_ID) throw conflict('El rol Administrador no se puede modificar.');
    await this.assertNameFree(dto.nombre, id);
    role.nombre = dto.nombre.trim();
    return this.roles.save(role);
  }

  async remove(id: number, usersWithRole: number): Promise<void> {
    await this.get(id);
    if (id === ADMIN_ROLE_ID) throw conflict('El rol Administrador no se puede eliminar.');
    if (usersWithRole > 0) throw conflict('El rol tiene usuarios asignados.');
    await this.roles.delete({ rol_id: id });
  }

  private async assertNameFree(nombre: string, exceptId?: number): Promise<void> {
    const where = exceptId ? { nombre: nombre.trim(), rol_id: Not(exceptId) } : { nombre: nombre.trim() };
    if (await this.roles.exist({ where })) throw invalidField('nombre', 'Ya existe un rol con ese nombre.');
  }
}
