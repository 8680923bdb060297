import type { TestApp } from './create-test-app';
import { createVenta } from './factories';
import type { Session } from './auth';

/**
 * Many boletas fast: one issued through the API, then `copias` copies of its row in SQL with números above 100000 (and above
 * earlier copies), far from the series' counter. Enough for daily summaries, whose lines come from the sale's stored amounts and client, not
 * from the boleta's own XML (the copies have none of their own). Returns the ids, the API's boleta first.
 */
export async function boletasCopiadas(t: TestApp, session: Session, copias: number): Promise<number[]> {
  const modelo = await createVenta(t, session);
  const columnas: Array<{ column_name: string }> = await t.dataSource.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_name = 'ventas' AND table_schema = current_schema() AND is_generated = 'NEVER'
        AND column_name NOT IN ('id_venta', 'numero', 'numero_completo')`,
  );
  const cols = columnas.map((c) => `"${c.column_name}"`).join(', ');
  const copiadas: Array<{ id_venta: number }> = await t.dataSource.query(
    `INSERT INTO ventas (${cols}, numero, numero_completo)
     SELECT ${cols}, base.n + g, v.serie || '-' || (base.n + g)
       FROM ventas v
       CROSS JOIN LATERAL (SELECT GREATEST(max(o.numero), 100000) AS n FROM ventas o
                            WHERE o.id_empresa = v.id_empresa AND o.tipo_documento = v.tipo_documento AND o.serie = v.serie) base
       CROSS JOIN generate_series(1, $2::int) g WHERE v.id_venta = $1
     ORDER BY g
     RETURNING id_venta`,
    [modelo.id_venta, copias],
  );
  return [modelo.id_venta, ...copiadas.map((c) => c.id_venta)];
}
