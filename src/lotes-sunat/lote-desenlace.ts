import { EntityManager } from 'typeorm';
import { VentasService } from '@/ventas/ventas.service';
import { LoteSunatItem } from './entities/lote-sunat-item.entity';
import { LoteSunat } from './entities/lote-sunat.entity';

/**
 * API.md "Ticket outcomes": how the sales of a batch move once SUNAT's final answer arrives.
 * Lines held in '3' without being sent (RA deadline) go back to '1' whatever the answer.
 */
export async function applyLoteOutcome(
  manager: EntityManager,
  ventas: VentasService,
  lote: LoteSunat,
  items: LoteSunatItem[],
  accepted: boolean,
  mensaje: string,
): Promise<void> {
  for (const item of items) {
    const id = item.id_venta;
    if (!item.incluido) {
      await ventas.setSunatState(manager, id, { estado_sunat: '1', mensaje_sunat: 'No se incluyó en la comunicación de baja.' });
      continue;
    }
    const anulacion = lote.tipo === 'RA' || item.estado_linea === '3';
    if (accepted && anulacion) await ventas.setSunatState(manager, id, { estado: '2', estado_sunat: '2', mensaje_sunat: mensaje });
    else if (accepted) await ventas.setSunatState(manager, id, { estado_sunat: '1', mensaje_sunat: mensaje });
    else if (anulacion) await ventas.setSunatState(manager, id, { estado_sunat: '1', mensaje_sunat: mensaje });
    else await ventas.setSunatState(manager, id, { estado_sunat: '2', mensaje_sunat: mensaje });
  }
}
