import { DataSource } from 'typeorm';
import { forbidden, notFound } from '@/common/errors/http-errors';

/** Tables whose rows the web routes print; the names are constants, never input. */
const TABLAS = {
  ventas: 'id_venta',
  cotizaciones: 'id_cotizacion',
  notas_credito: 'id',
  notas_debito: 'id',
  guias_remision: 'id',
} as const;

/**
 * SPEC "Authentication" 7: a missing record is 404, another company's is 403. The detail services of
 * the document modules return null in both cases, so the owner is read first.
 */
export async function assertPropio(dataSource: DataSource, tabla: keyof typeof TABLAS, id: number, empresaId: number, recurso: string): Promise<void> {
  const rows: Array<{ id_empresa: number }> = await dataSource.query(`SELECT id_empresa FROM ${tabla} WHERE ${TABLAS[tabla]} = $1`, [id]);
  if (!rows.length) throw notFound(recurso);
  if (Number(rows[0].id_empresa) !== empresaId) throw forbidden();
}
