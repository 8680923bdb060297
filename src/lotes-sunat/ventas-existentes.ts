import { invalidField } from '@/common/errors/http-errors';
import { VentasService } from '@/ventas/ventas.service';

/**
 * SPEC.md: each id "must exist as a sale id" (a validation rule, 422 on the field); only the company's
 * sales are then considered, so another company's ids are simply left out.
 */
export async function assertVentasExist(ventas: VentasService, ids: number[], field: (index: number) => string): Promise<void> {
  const found = await ventas.existingIds(ids);
  const index = ids.findIndex((id) => !found.has(id));
  if (index >= 0) throw invalidField(field(index), 'La venta seleccionada no existe.');
}
