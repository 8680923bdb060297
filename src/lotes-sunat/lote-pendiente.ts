import type { EntityManager } from 'typeorm';
import { LOTES_PENDIENTES } from '@/common/estados';
import { conflict } from '@/common/errors/http-errors';
import type { EnvioLoteInput } from './lote-types';

export const documentoEnLotePendiente = (numero: string, archivo: string) => `${numero} ya está en el lote ${archivo}, pendiente de SUNAT.`;

/**
 * Inside the transaction that creates a batch: locks the rows of its sales and notes (a parallel batch of the
 * same documents waits here) and refuses with 409 when one of them is already in a batch waiting for SUNAT,
 * so that the same document is never in two pending sends. Waiting means 'enviado' (ticket), 'sin_ticket'
 * (SUNAT has the file, the validity check settles it) and 'preparado' (committed, its send not answered: the
 * same file is sent again by the poller, a lost answer never becomes a second summary of the same documents).
 */
export async function reservarDocumentosDelLote(manager: EntityManager, input: EnvioLoteInput): Promise<void> {
  const ventas = [...new Set(input.lineas.map((l) => l.venta.id_venta))].sort((a, b) => a - b);
  const nc = (input.notas ?? []).filter((n) => n.nota.tipo === 'NC').map((n) => n.nota.id);
  const nd = (input.notas ?? []).filter((n) => n.nota.tipo === 'ND').map((n) => n.nota.id);
  if (ventas.length) await manager.query(`SELECT 1 FROM ventas WHERE id_venta = ANY($1) ORDER BY id_venta FOR UPDATE`, [ventas]);
  if (nc.length) await manager.query(`SELECT 1 FROM notas_credito WHERE id = ANY($1) ORDER BY id FOR UPDATE`, [nc]);
  if (nd.length) await manager.query(`SELECT 1 FROM notas_debito WHERE id = ANY($1) ORDER BY id FOR UPDATE`, [nd]);
  const ocupados: Array<{ id_venta: number | null; id_nota_credito: number | null; id_nota_debito: number | null; nombre_archivo: string }> =
    await manager.query(
      `SELECT i.id_venta, i.id_nota_credito, i.id_nota_debito, l.nombre_archivo
         FROM lote_sunat_items i JOIN lotes_sunat l ON l.id = i.id_lote
        WHERE (i.id_venta = ANY($1) OR i.id_nota_credito = ANY($2) OR i.id_nota_debito = ANY($3))
          AND l.estado = ANY($4)
        ORDER BY i.id
        LIMIT 1`,
      [ventas, nc, nd, LOTES_PENDIENTES],
    );
  const ocupado = ocupados[0];
  if (!ocupado) return;
  const numero =
    (ocupado.id_nota_credito !== null && input.notas?.find((n) => n.nota.tipo === 'NC' && n.nota.id === ocupado.id_nota_credito)?.nota.numero_completo) ||
    (ocupado.id_nota_debito !== null && input.notas?.find((n) => n.nota.tipo === 'ND' && n.nota.id === ocupado.id_nota_debito)?.nota.numero_completo) ||
    input.lineas.find((l) => l.venta.id_venta === ocupado.id_venta)?.venta.numero_completo ||
    'El documento';
  throw conflict(documentoEnLotePendiente(numero, ocupado.nombre_archivo));
}
