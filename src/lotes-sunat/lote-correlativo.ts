import { EntityManager } from 'typeorm';

/**
 * Next correlative of an RC or RA file name for one RUC and day ('001', then '002'): SUNAT refuses a
 * repeated file name. Keyed by the RUC of the name, since all beta companies file as 20000000001.
 * Atomic upsert in the caller's transaction, like the series counter.
 */
export async function nextLoteCorrelativo(manager: EntityManager, ruc: string, tipo: 'RC' | 'RA', fecha: string): Promise<number> {
  const rows: Array<{ ultimo: number }> = await manager.query(
    `INSERT INTO lote_sunat_correlativos (ruc, tipo, fecha, ultimo) VALUES ($1, $2, $3, 1)
     ON CONFLICT (ruc, tipo, fecha) DO UPDATE SET ultimo = lote_sunat_correlativos.ultimo + 1
     RETURNING ultimo`,
    [ruc, tipo, fecha],
  );
  return rows[0].ultimo;
}
