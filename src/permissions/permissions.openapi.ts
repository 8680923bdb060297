import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { PermissionsController } from './permissions.controller';
import type { RolesController } from './roles.controller';

export const PERMISSIONS_DOCS: DocsDe<PermissionsController> = {
  all: { summary: 'Listar todos los permisos (administradores)' },
  mine: { summary: 'Permisos del usuario actual' },
  forRole: { summary: 'Permisos de un rol (administradores)', params: { rolId: 2 } },
  replace: {
    summary: 'Reemplazar los permisos de un rol (administradores)',
    description: 'El rol queda exactamente con estos permisos (`<módulo>.<acción>`).',
    params: { rolId: 2 },
    body: { permissions: ['ventas.view', 'ventas.create', 'clientes.view', 'clientes.create', 'productos.view'] },
  },
};

export const ROLES_DOCS: DocsDe<RolesController> = {
  list: { summary: 'Listar roles', description: 'Los globales y los de la empresa activa.' },
  get: { summary: 'Ver un rol', params: { id: 2 } },
  create: { summary: 'Crear un rol', description: 'Sin `id_empresa` (administradores): rol global.', body: { nombre: 'Vendedor' } },
  update: { summary: 'Renombrar un rol', params: { id: 2 }, body: { nombre: 'Vendedor de tienda' } },
  remove: { summary: 'Eliminar un rol', description: 'Un rol sin usuarios.', params: { id: 2 } },
};
