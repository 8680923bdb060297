import { EntityManager } from 'typeorm';
import { assertSameEmpresa, conflict } from '@/common/errors/http-errors';
import { SUNAT_PENDIENTE, VENTA_ANULADA } from '@/common/estados';
import { Venta } from './entities/venta.entity';
import { RECURSO_VENTA } from './venta-consulta.service';

export const MSG_VENTA = {
  yaEnviada: 'La venta ya fue enviada a SUNAT; use una nota de crédito o la comunicación de baja.',
  anulada: 'La venta está anulada.',
  enviando: 'La venta se está enviando a SUNAT; intente nuevamente en unos segundos.',
  stockYaDescontado: 'El stock de esta venta ya fue descontado.',
  boletaIndividual: 'Las boletas se informan en el resumen diario.',
  rechazada: 'SUNAT rechazó esta venta; su número ya no puede reenviarse. Emita un nuevo comprobante.',
  enProceso: 'La venta está en proceso en SUNAT (ticket pendiente).',
} as const;

/**
 * The company's sale, row-locked until the caller's transaction ends: 404 when absent, 403 for another
 * company's. With `sinEspera` a sale locked by someone else is a 409 at once (used by enviar).
 */
export async function bloquearVenta(manager: EntityManager, empresaId: number, id: number, sinEspera = false): Promise<Venta> {
  if (!sinEspera) {
    return assertSameEmpresa(await manager.findOne(Venta, { where: { id_venta: id }, lock: { mode: 'pessimistic_write' } }), empresaId, RECURSO_VENTA);
  }
  // SKIP LOCKED: a row another request holds (a send in flight) comes back empty instead of waiting.
  const libre = await manager.findOne(Venta, { where: { id_venta: id }, lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' } });
  if (libre) return assertSameEmpresa(libre, empresaId, RECURSO_VENTA);
  assertSameEmpresa(await manager.findOne(Venta, { where: { id_venta: id } }), empresaId, RECURSO_VENTA);
  throw conflict(MSG_VENTA.enviando);
}

/** Edit, delete and local annulment only touch sales SUNAT has never seen (estado_sunat '0'), not annulled and not being sent. */
export function assertModificable(venta: Venta): void {
  if (venta.enviando_desde) throw conflict(MSG_VENTA.enviando);
  if (venta.estado === VENTA_ANULADA) throw conflict(MSG_VENTA.anulada);
  if (venta.estado_sunat !== SUNAT_PENDIENTE) throw conflict(MSG_VENTA.yaEnviada);
}
