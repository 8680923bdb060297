import { NOTA_ACEPTADA, NOTA_PENDIENTE, SUNAT_ACEPTADA, SUNAT_PENDIENTE, VENTA_ANULADA } from '@/common/estados';
import { EntityManager } from 'typeorm';
import { ColaEnvios } from '@/sunat/nest/envios/cola-envios.service';
import { DocumentoConciliado } from './conciliacion-documentos';

/** Every repair's trace on the document (its observaciones) starts with this: the source is the reconciliation. */
export const ORIGEN_CONCILIACION = 'Conciliación con SUNAT';

export const TEXTO_REPARACION = {
  aceptado: (conCdr: boolean) =>
    `${ORIGEN_CONCILIACION}: SUNAT lo tiene aceptado (consulta de validez); se tomó su estado${conCdr ? ' y su CDR' : ' (sin CDR: SUNAT no lo entrega por consulta)'}.`,
  reenviar: () => `${ORIGEN_CONCILIACION}: SUNAT no lo recibió; se puso en la cola de envío.`,
  resumir: () => `${ORIGEN_CONCILIACION}: SUNAT no lo recibió; se informó en un resumen diario.`,
};

const TABLA_NOTA = { nc: 'notas_credito', nd: 'notas_debito' } as const;
const RUTA_NOTA = { nc: 'notas-credito', nd: 'notas-debito' } as const;

/**
 * SUNAT holds accepted what we show pending: the document takes that state (only if it is still pending: nothing a
 * send did meanwhile is overwritten). True when it changed.
 */
export async function marcarAceptado(manager: EntityManager, doc: DocumentoConciliado, conCdr: boolean): Promise<boolean> {
  const texto = TEXTO_REPARACION.aceptado(conCdr);
  // TypeORM answers an UPDATE with [rows, affected]
  if (doc.tipo === 'venta') {
    const [, cambiadas]: [unknown[], number] = await manager.query(
      `UPDATE ventas SET estado_sunat = $2, mensaje_sunat = $3, observaciones = observaciones || jsonb_build_array($3::text),
              cdr_url = CASE WHEN $4 THEN $5 ELSE cdr_url END, updated_at = now()
        WHERE id_venta = $1 AND estado_sunat = $6 AND estado <> $7`,
      [doc.id, SUNAT_ACEPTADA, texto, conCdr, `/api/ventas/${doc.id}/cdr`, SUNAT_PENDIENTE, VENTA_ANULADA],
    );
    return cambiadas > 0;
  }
  const [, cambiadas]: [unknown[], number] = await manager.query(
    `UPDATE ${TABLA_NOTA[doc.tipo]} SET estado = $2, mensaje_sunat = $3, observaciones = observaciones || jsonb_build_array($3::text),
            cdr_url = CASE WHEN $4 THEN $5 ELSE cdr_url END, updated_at = now()
      WHERE id = $1 AND estado = $6`,
    [doc.id, NOTA_ACEPTADA, texto, conCdr, `/api/${RUTA_NOTA[doc.tipo]}/${doc.id}/cdr`, NOTA_PENDIENTE],
  );
  return cambiadas > 0;
}

/** SUNAT never got a factura or a note still within its deadline: it goes to the send queue (once). */
export async function encolarReenvio(manager: EntityManager, cola: ColaEnvios, empresaId: number, doc: DocumentoConciliado): Promise<void> {
  await cola.encolar(manager, { empresaId, tipo: doc.tipo, idDocumento: doc.id, servicio: 'soap' });
  await anotar(manager, doc, TEXTO_REPARACION.reenviar());
}

/** The repair's trace on the document, in its observaciones. */
export async function anotar(manager: EntityManager, doc: DocumentoConciliado, texto: string): Promise<void> {
  const [tabla, id] = doc.tipo === 'venta' ? ['ventas', 'id_venta'] : [TABLA_NOTA[doc.tipo], 'id'];
  await manager.query(`UPDATE ${tabla} SET observaciones = observaciones || jsonb_build_array($2::text) WHERE ${id} = $1`, [doc.id, texto]);
}
