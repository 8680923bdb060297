import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { UsuariosController } from './usuarios.controller';

export const USUARIOS_DOCS: DocsDe<UsuariosController> = {
  list: { summary: 'Listar los usuarios de la empresa activa' },
  get: { summary: 'Ver un usuario', params: { id: 2 } },
  create: {
    summary: 'Crear un usuario',
    description: 'Contraseña de al menos 10 caracteres y no común. El rol 2 es el del ejemplo de `POST /api/roles`.',
    body: { usuario: 'vendedor1', name: 'María Torres', email: 'maria.torres@example.com', password: 'Tienda-Lima-2025', rol_id: 2, id_empresa: 1 },
  },
  update: { summary: 'Actualizar un usuario', description: 'Parcial.', params: { id: 2 }, body: { name: 'María Torres Rojas' } },
  remove: { summary: 'Eliminar un usuario', params: { id: 2 } },
};
