import { invalidField } from '@/common/errors/http-errors';
import { VentaView } from '@/ventas/dto/venta-view';
import { SUNAT_ACEPTADA, SUNAT_RECHAZADA, VENTA_ANULADA } from '@/common/estados';
import { FACTURA } from '@/ventas/tipos-documento';
import { MSG_NOTA } from './nota-messages';

/**
 * A note may only modify a live document SUNAT knows: not annulled, not rejected, and for a factura
 * already accepted (boletas reach SUNAT in the daily summary, so they may be pending).
 */
export function assertVentaAdmiteNota(venta: VentaView): void {
  if (venta.estado === VENTA_ANULADA) throw invalidField('id_venta', MSG_NOTA.ventaAnulada);
  if (venta.estado_sunat === SUNAT_RECHAZADA) throw invalidField('id_venta', MSG_NOTA.ventaRechazada);
  if (venta.tipo_documento === FACTURA && venta.estado_sunat !== SUNAT_ACEPTADA) throw invalidField('id_venta', MSG_NOTA.facturaNoAceptada);
}
