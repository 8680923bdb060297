import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { ClientesController } from './clientes.controller';

export const CLIENTES_DOCS: DocsDe<ClientesController> = {
  list: { summary: 'Listar clientes', description: 'Paginado (`page`, `per_page` ≤ 100) con búsqueda `q`.' },
  get: { summary: 'Ver un cliente' },
  create: {
    summary: 'Crear un cliente',
    body: { documento: '45678912', datos: 'JUAN PÉREZ QUISPE', direccion: 'JR. HUALLAGA 321, LIMA', email: 'juan.perez@example.com', telefono: '987654321' },
  },
  update: { summary: 'Actualizar un cliente', description: 'Parcial: los campos ausentes conservan su valor.', body: { telefono: '912345678' } },
  remove: { summary: 'Eliminar un cliente' },
};
