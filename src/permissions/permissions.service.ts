import { Injectable } from '@nestjs/common';
import { forgetAllPrincipals } from '@/auth/principal-cache';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { invalidField, notFound } from '@/common/errors/http-errors';
import { Permission } from './entities/permission.entity';
import { Role } from './entities/role.entity';
import { RolePermission } from './entities/role-permission.entity';

@Injectable()
export class PermissionsService {
  constructor(
    @InjectRepository(Permission) private readonly permissions: Repository<Permission>,
    @InjectRepository(Role) private readonly roles: Repository<Role>,
    private readonly dataSource: DataSource,
  ) {}

  all(): Promise<Permission[]> {
    return this.permissions.find({ order: { permission_id: 'ASC' } });
  }

  async allNames(): Promise<string[]> {
    return (await this.all()).map((p) => p.name);
  }

  async forRole(rolId: number): Promise<Permission[]> {
    return this.permissions
      .createQueryBuilder('p')
      .innerJoin(RolePermission, 'rp', 'rp.permission_id = p.permission_id')
      .where('rp.rol_id = :rolId', { rolId })
      .orderBy('p.permission_id', 'ASC')
      .getMany();
  }

  async forRoleOrFail(rolId: number): Promise<Permission[]> {
    if (!(await this.roles.exist({ where: { rol_id: rolId } }))) throw notFound('Rol');
    return this.forRole(rolId);
  }

  async namesForRole(rolId: number): Promise<string[]> {
    return (await this.forRole(rolId)).map((p) => p.name);
  }

  /** Replaces the role's permissions in one transaction; unknown names are a 422, nothing changes. */
  async replaceForRole(rolId: number, names: string[]): Promise<Permission[]> {
    const role = await this.roles.findOne({ where: { rol_id: rolId } });
    if (!role) throw notFound('Rol');
    const unique = [...new Set(names)];
    const found = unique.length ? await this.permissions.find({ where: { name: In(unique) } }) : [];
    const missing = unique.filter((n) => !found.some((p) => p.name === n));
    if (missing.length) throw invalidField('permissions', `Permisos desconocidos: ${missing.join(', ')}`);
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(RolePermission, { rol_id: rolId });
      if (found.length) {
        await manager.insert(
          RolePermission,
          found.map((p) => ({ rol_id: rolId, permission_id: p.permission_id })),
        );
      }
    });
    forgetAllPrincipals();
    return this.forRole(rolId);
  }
}
