import {
  BAJA_EN_PROCESO,
  EstadoNuestro,
  NOTA_ACEPTADA,
  NOTA_ANULADA,
  NOTA_RECHAZADA,
  NUESTRO_ACEPTADO,
  NUESTRO_ANULADO,
  NUESTRO_EN_PROCESO,
  NUESTRO_PENDIENTE,
  NUESTRO_RECHAZADO,
  SUNAT_ACEPTADA,
  SUNAT_EN_PROCESO,
  SUNAT_RECHAZADA,
  VENTA_ANULADA,
} from '@/common/estados';
import { EntityManager } from 'typeorm';

/** The kinds a reconciliation checks, in this order (its cursor's `fase`); guides have no validity check at SUNAT. */
export const FASES_CONCILIACION = ['venta', 'nc', 'nd'] as const;
export type FaseConciliacion = (typeof FASES_CONCILIACION)[number];

/** A document as the reconciliation asks SUNAT about it. */
export interface DocumentoConciliado {
  tipo: FaseConciliacion;
  id: number;
  /** SUNAT's document type code: 01, 03, 07, 08. */
  codigo: string;
  serie: string;
  numero: number;
  numero_completo: string;
  fecha_emision: string;
  monto: string;
  nombre_xml: string | null;
  nuestro: EstadoNuestro;
  /** A boleta, or a note of one: its deadline is the daily summary's. */
  deBoleta: boolean;
}

interface Fila {
  id: number;
  codigo: string;
  serie: string;
  numero: number;
  numero_completo: string;
  fecha_emision: string;
  monto: string;
  nombre_xml: string | null;
  estado: string;
  estado_sunat: string | null;
  baja: string | null;
  afectado: string;
}

const SQL: Record<FaseConciliacion, string> = {
  venta: `SELECT id_venta AS id, tipo_documento AS codigo, serie, numero, numero_completo, fecha_emision::text AS fecha_emision,
                 total::text AS monto, nombre_xml, estado, estado_sunat, NULL AS baja, tipo_documento AS afectado
            FROM ventas
           WHERE id_empresa = $1 AND fecha_emision BETWEEN $2 AND $3 AND id_venta > $4 AND tipo_documento IN ('01', '03')
           ORDER BY id_venta LIMIT $5`,
  nc: notas('notas_credito', '07'),
  nd: notas('notas_debito', '08'),
};

function notas(tabla: string, codigo: string): string {
  return `SELECT id, '${codigo}' AS codigo, serie, numero, serie || '-' || numero AS numero_completo, fecha_emision::text AS fecha_emision,
                 monto_total::text AS monto, nombre_xml, estado, NULL AS estado_sunat, baja, tipo_doc_afectado AS afectado
            FROM ${tabla}
           WHERE id_empresa = $1 AND fecha_emision BETWEEN $2 AND $3 AND id > $4
           ORDER BY id LIMIT $5`;
}

/** The next page of a kind's documents of the dates, after the cursor's id. */
export async function paginaDeDocumentos(
  manager: EntityManager,
  fase: FaseConciliacion,
  empresaId: number,
  desde: string,
  hasta: string,
  despuesDe: number,
  limite: number,
): Promise<DocumentoConciliado[]> {
  const filas: Fila[] = await manager.query(SQL[fase], [empresaId, desde, hasta, despuesDe, limite]);
  return filas.map((f) => ({
    tipo: fase,
    id: f.id,
    codigo: f.codigo,
    serie: f.serie,
    numero: f.numero,
    numero_completo: f.numero_completo,
    fecha_emision: f.fecha_emision,
    monto: f.monto,
    nombre_xml: f.nombre_xml,
    nuestro: fase === 'venta' ? estadoDeVenta(f.estado, f.estado_sunat ?? '') : estadoDeNota(f.estado, f.baja),
    deBoleta: f.afectado === '03',
  }));
}

function estadoDeVenta(estado: string, estadoSunat: string): EstadoNuestro {
  if (estadoSunat === SUNAT_ACEPTADA) return NUESTRO_ACEPTADO;
  if (estadoSunat === SUNAT_EN_PROCESO) return NUESTRO_EN_PROCESO;
  if (estado === VENTA_ANULADA) return NUESTRO_ANULADO;
  return estadoSunat === SUNAT_RECHAZADA ? NUESTRO_RECHAZADO : NUESTRO_PENDIENTE;
}

function estadoDeNota(estado: string, baja: string | null): EstadoNuestro {
  if (estado === NOTA_ACEPTADA) return baja === BAJA_EN_PROCESO ? NUESTRO_EN_PROCESO : NUESTRO_ACEPTADO;
  if (estado === NOTA_RECHAZADA) return NUESTRO_RECHAZADO;
  if (estado === NOTA_ANULADA) return NUESTRO_ANULADO;
  return NUESTRO_PENDIENTE;
}
