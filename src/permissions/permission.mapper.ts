import { Permission } from './entities/permission.entity';
import { Role } from './entities/role.entity';

export const toPermissionResponse = (p: Permission) => ({
  permission_id: p.permission_id,
  name: p.name,
  display_name: p.display_name,
  module: p.module,
  action: p.action,
  description: p.description,
});

/** id_empresa null: a global role. */
export const toRoleResponse = (r: Role) => ({ rol_id: r.rol_id, nombre: r.nombre, id_empresa: r.id_empresa });
