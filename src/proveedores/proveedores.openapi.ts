import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { ProveedoresController } from './proveedores.controller';

export const PROVEEDORES_DOCS: DocsDe<ProveedoresController> = {
  list: { summary: 'Listar proveedores', description: 'Paginado (`page`, `per_page` ≤ 100) con búsqueda `q`.' },
  get: { summary: 'Ver un proveedor' },
  create: {
    summary: 'Crear un proveedor',
    bodies: {
      supermercado: {
        summary: 'Proveedor 1 (el de la compra de ejemplo)',
        value: {
          ruc: '20100070970',
          razon_social: 'SUPERMERCADOS PERUANOS S.A.',
          direccion: 'AV. MORRO SOLAR 1086, SURCO',
          email: 'compras@example.com',
          telefono: '016123000',
        },
      },
      transportista: { summary: 'Proveedor 2 (sin compras: el de eliminar)', value: { ruc: '20600995805', razon_social: 'TRANSPORTES RÁPIDOS S.A.C.' } },
    },
  },
  update: { summary: 'Actualizar un proveedor', description: 'Parcial: los campos ausentes conservan su valor.', body: { telefono: '016123001' } },
  remove: { summary: 'Eliminar un proveedor sin compras', params: { id: 2 } },
};
