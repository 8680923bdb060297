import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { CatalogosController } from './catalogos.controller';

export const CATALOGOS_DOCS: DocsDe<CatalogosController> = {
  listar: {
    summary: 'Códigos de un catálogo SUNAT',
    description:
      'Catálogos 02, 03, 06, 07, 08, 09, 10, 12, 16, 20, 51, 52, 53, 54, 59 y 61, generados de las listas publicadas por SUNAT. ' +
      '`q` filtra por código o descripción sin distinguir tildes ni mayúsculas. Número con dos dígitos (422 si no); 404 si el catálogo no existe.',
    params: { numero: '03' },
    query: { q: 'kilogram' },
    respuesta: { example: { success: true, data: [{ codigo: 'KGM', descripcion: 'kilogram' }] } },
  },
};
