import { EntityManager } from 'typeorm';
import { invalidField } from '@/common/errors/http-errors';

/**
 * SPEC.md: each id "must exist as a sale id" (a validation rule, 422 on the field); only the company's
 * sales are then considered, so another company's ids are simply left out.
 */
export async function assertVentasExist(manager: EntityManager, ids: number[], field: (index: number) => string): Promise<void> {
  const rows: Array<{ id_venta: number }> = await manager.query('SELECT id_venta FROM ventas WHERE id_venta = ANY($1)', [ids]);
  const found = new Set(rows.map((r) => r.id_venta));
  const index = ids.findIndex((id) => !found.has(id));
  if (index >= 0) throw invalidField(field(index), 'La venta seleccionada no existe.');
}
