import { hoyLima } from '@/common/fecha';
import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { ComprasController } from './compras.controller';

const compra = () => ({
  id_proveedor: 1,
  fecha: hoyLima(),
  tipo_documento: '01',
  serie: 'F001',
  numero: 4567,
  observaciones: 'Reposición de teclados',
  productos: [{ id_producto: 1, cantidad: 10, costo_unitario: 35 }],
});

export const COMPRAS_DOCS: DocsDe<ComprasController> = {
  list: { summary: 'Listar compras', description: 'Paginado; filtros `id_proveedor`, `estado`, `tipo_documento`, `fecha_desde`, `fecha_hasta`.' },
  get: { summary: 'Ver una compra' },
  create: { summary: 'Registrar una compra', description: 'Suma el stock de sus productos.', body: compra() },
  update: { summary: 'Reemplazar una compra', description: 'Las líneas se reemplazan y el stock se corrige.', body: { ...compra(), numero: 4568 } },
  remove: { summary: 'Eliminar una compra', description: 'Una compra no anulada; su stock vuelve atrás.', params: { id: 1 } },
  anular: {
    summary: 'Anular una compra',
    description: 'estado 2 y el stock vuelve atrás. En el recorrido de ejemplo, la compra 2 (registrada de nuevo tras eliminar la 1).',
    params: { id: 2 },
  },
};
