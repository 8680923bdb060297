import type { EntityManager } from 'typeorm';
import { LOTES_PENDIENTES, SUNAT_PENDIENTE, VENTA_ACTIVA } from '@/common/estados';
import { BOLETA } from '@/ventas/tipos-documento';
import type { DiaPorResumir } from './resumen-automatico-reglas';

export interface BoletaPorResumir {
  id_venta: number;
  fecha_emision: string;
}

/**
 * A company's boletas the day's run reports: vigentes, never seen by SUNAT (estado_sunat '0'), created before the
 * day's time, issued inside the RC deadline. `libres`: in no batch still waiting for SUNAT (those are sent);
 * otherwise held by one (its recovery settles them). Which line each one goes with is still the flow's decision.
 */
const CONDICION = `v.id_empresa = $1 AND v.tipo_documento = $2 AND v.estado = $3 AND v.estado_sunat = $4
   AND v.fecha_emision >= $5::date AND v.created_at < $6`;
const EN_LOTE_PENDIENTE = `EXISTS (SELECT 1 FROM lote_sunat_items i JOIN lotes_sunat l ON l.id = i.id_lote
                                WHERE i.id_venta = v.id_venta AND l.estado = ANY($7))`;

const parametros = (empresaId: number, dia: DiaPorResumir) => [empresaId, BOLETA, VENTA_ACTIVA, SUNAT_PENDIENTE, dia.desde, dia.corte, LOTES_PENDIENTES];

export async function boletasLibres(manager: EntityManager, empresaId: number, dia: DiaPorResumir): Promise<BoletaPorResumir[]> {
  const rows: Array<{ id_venta: number; fecha_emision: string }> = await manager.query(
    `SELECT v.id_venta, to_char(v.fecha_emision, 'YYYY-MM-DD') AS fecha_emision
       FROM ventas v
      WHERE ${CONDICION} AND NOT ${EN_LOTE_PENDIENTE}
      ORDER BY v.fecha_emision, v.id_venta`,
    parametros(empresaId, dia),
  );
  return rows.map((r) => ({ id_venta: Number(r.id_venta), fecha_emision: r.fecha_emision }));
}

export async function boletasRetenidas(manager: EntityManager, empresaId: number, dia: DiaPorResumir): Promise<number> {
  const [row]: Array<{ n: string }> = await manager.query(
    `SELECT count(*) AS n FROM ventas v WHERE ${CONDICION} AND ${EN_LOTE_PENDIENTE}`,
    parametros(empresaId, dia),
  );
  return Number(row.n);
}
