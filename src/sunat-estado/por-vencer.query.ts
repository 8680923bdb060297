import type { DataSource } from 'typeorm';
import { GUIA_PENDIENTE, NOTA_PENDIENTE, SUNAT_PENDIENTE, VENTA_ACTIVA } from '@/common/estados';
import { DIAS_ENVIO_SUNAT, fechasPorVencer, PlazoEnvio, venceEnvioSunat } from '@/common/plazos';
import { BOLETA, FACTURA } from '@/ventas/tipos-documento';
import type { PorVencerView, TipoPorVencer } from './sunat-estado.view';

/** At most this many documents in the answer (the total counts them all). */
export const MAX_POR_VENCER = 100;

interface Fila {
  tipo: TipoPorVencer;
  id: number;
  numero_completo: string;
  fecha_emision: string;
  plazo: PlazoEnvio;
  base: string;
  total: number;
}

/**
 * The company's documents SUNAT does not have yet whose deadline ends in the window (plazos.ts): facturas and boletas
 * never seen by SUNAT (estado_sunat '0', not annulled locally: an annulled one is never sent), credit and debit notes
 * still pending (each by the sale it amends: a factura's or a boleta's deadline), guides still pending (by their
 * fecha_traslado). A boleta in a daily summary awaiting its ticket ('3') is with SUNAT already.
 * Read-only over the documents' own tables: one query for a view that spans every kind.
 */
export async function documentosPorVencer(db: DataSource, empresaId: number, now: Date): Promise<PorVencerView> {
  const factura = fechasPorVencer('factura', now);
  const boleta = fechasPorVencer('boleta', now);
  const guia = fechasPorVencer('guia', now);
  const plazoDeNota = (n: string) => `CASE WHEN ${n}.tipo_doc_afectado = $2 THEN 'factura' ELSE 'boleta' END`;
  const fechaDeNota = (n: string) =>
    `((${n}.tipo_doc_afectado = $2 AND ${n}.fecha_emision BETWEEN $8 AND $9) OR (${n}.tipo_doc_afectado <> $2 AND ${n}.fecha_emision BETWEEN $10 AND $11))`;
  const filas: Fila[] = await db.query(
    `WITH documentos AS (
       SELECT CASE WHEN v.tipo_documento = $2 THEN 'factura' ELSE 'boleta' END AS tipo, v.id_venta AS id, v.numero_completo,
              v.fecha_emision, CASE WHEN v.tipo_documento = $2 THEN 'factura' ELSE 'boleta' END AS plazo, v.fecha_emision AS base
         FROM ventas v
        WHERE v.id_empresa = $1 AND v.estado_sunat = $4 AND v.estado = $5
          AND ((v.tipo_documento = $2 AND v.fecha_emision BETWEEN $8 AND $9) OR (v.tipo_documento = $3 AND v.fecha_emision BETWEEN $10 AND $11))
       UNION ALL
       SELECT 'nota_credito', n.id, n.serie || '-' || n.numero, n.fecha_emision, ${plazoDeNota('n')}, n.fecha_emision
         FROM notas_credito n
        WHERE n.id_empresa = $1 AND n.estado = $6 AND ${fechaDeNota('n')}
       UNION ALL
       SELECT 'nota_debito', d.id, d.serie || '-' || d.numero, d.fecha_emision, ${plazoDeNota('d')}, d.fecha_emision
         FROM notas_debito d
        WHERE d.id_empresa = $1 AND d.estado = $6 AND ${fechaDeNota('d')}
       UNION ALL
       SELECT 'guia', g.id, g.serie || '-' || g.numero, g.fecha_emision, 'guia', g.fecha_traslado
         FROM guias_remision g
        WHERE g.id_empresa = $1 AND g.estado = $7 AND g.fecha_traslado BETWEEN $12 AND $13
     )
     SELECT tipo, id, numero_completo, fecha_emision::text AS fecha_emision, plazo, base::text AS base, (count(*) OVER ())::int AS total
       FROM documentos
      ORDER BY base + CASE plazo WHEN 'factura' THEN $14::int WHEN 'boleta' THEN $15::int ELSE $16::int END, tipo, id
      LIMIT $17`,
    [
      empresaId,
      FACTURA,
      BOLETA,
      SUNAT_PENDIENTE,
      VENTA_ACTIVA,
      NOTA_PENDIENTE,
      GUIA_PENDIENTE,
      factura.desde,
      factura.hasta,
      boleta.desde,
      boleta.hasta,
      guia.desde,
      guia.hasta,
      DIAS_ENVIO_SUNAT.factura,
      DIAS_ENVIO_SUNAT.boleta,
      DIAS_ENVIO_SUNAT.guia,
      MAX_POR_VENCER,
    ],
  );
  return {
    total: filas[0]?.total ?? 0,
    documentos: filas.map((f) => ({
      tipo: f.tipo,
      id: f.id,
      numero_completo: f.numero_completo,
      fecha_emision: f.fecha_emision,
      vence: venceEnvioSunat(f.plazo, f.base).toISOString(),
    })),
  };
}
