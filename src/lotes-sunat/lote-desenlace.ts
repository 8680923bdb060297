import { LINEA_ANULACION, SUNAT_ACEPTADA, SUNAT_RECHAZADA, VENTA_ANULADA } from '@/common/estados';
import { EntityManager } from 'typeorm';
import { NotaBajaService } from '@/notas/nota-baja.service';
import { VentasService } from '@/ventas/ventas.service';
import { LoteSunatItem } from './entities/lote-sunat-item.entity';
import { LoteSunat } from './entities/lote-sunat.entity';

/**
 * API.md "Ticket outcomes": how the sales of a batch move once SUNAT's final answer arrives.
 * Lines held in '3' without being sent (RA deadline) go back to '1' whatever the answer.
 * RA lines of notes: accepted -> note 'anulado' (a credit note gives its sale back); rejected -> baja cleared.
 */
export async function applyLoteOutcome(
  manager: EntityManager,
  ventas: VentasService,
  notas: NotaBajaService,
  lote: LoteSunat,
  items: LoteSunatItem[],
  accepted: boolean,
  mensaje: string,
): Promise<void> {
  for (const item of items) {
    if (item.id_nota_credito !== null || item.id_nota_debito !== null) {
      const [tipo, idNota] = item.id_nota_credito !== null ? (['NC', item.id_nota_credito] as const) : (['ND', item.id_nota_debito!] as const);
      await notas.aplicarBaja(manager, tipo, idNota, accepted, mensaje);
      continue;
    }
    const id = item.id_venta!;
    if (!item.incluido) {
      await ventas.setSunatState(manager, id, { estado_sunat: SUNAT_ACEPTADA, mensaje_sunat: 'No se incluyó en la comunicación de baja.' });
      continue;
    }
    const anulacion = lote.tipo === 'RA' || item.estado_linea === LINEA_ANULACION;
    if (accepted && anulacion) await ventas.setSunatState(manager, id, { estado: VENTA_ANULADA, estado_sunat: SUNAT_RECHAZADA, mensaje_sunat: mensaje });
    else if (accepted) await ventas.setSunatState(manager, id, { estado_sunat: SUNAT_ACEPTADA, mensaje_sunat: mensaje });
    else if (anulacion) await ventas.setSunatState(manager, id, { estado_sunat: SUNAT_ACEPTADA, mensaje_sunat: mensaje });
    else await ventas.setSunatState(manager, id, { estado_sunat: SUNAT_RECHAZADA, mensaje_sunat: mensaje });
  }
}
