import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { ProveedoresController } from './proveedores.controller';

export const PROVEEDORES_DOCS: DocsDe<ProveedoresController> = {
  list: { summary: 'Listar proveedores', description: 'Paginado (`page`, `per_page` ≤ 100) con búsqueda `q`.' },
  get: { summary: 'Ver un proveedor' },
  create: {
    summary: 'Crear un proveedor',
    body: {
      ruc: '20100070970',
      razon_social: 'SUPERMERCADOS PERUANOS S.A.',
      direccion: 'AV. MORRO SOLAR 1086, SURCO',
      email: 'compras@example.com',
      telefono: '016123000',
    },
  },
  update: { summary: 'Actualizar un proveedor', description: 'Parcial: los campos ausentes conservan su valor.', body: { telefono: '016123001' } },
  remove: { summary: 'Eliminar un proveedor' },
};
