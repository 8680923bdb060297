import { Pool } from 'pg';
import { closedLoop, LoadResult } from './http-load';
import { nextRuc } from './http-bodies';

/**
 * "The speed of the database" for one create (issue 21): the statements POST /api/ventas sends for a factura to a new
 * client, with the same shapes and sizes, sent straight from `pg` by `concurrency` clients on the service's own
 * database: the series list and the company outside the transaction, then BEGIN, the client's lookup and insert, the
 * series counter (its row lock held to the commit, as in the service), the sale, its line, its signed XML
 * (`xml`, the size of a real one) in `archivos`, COMMIT. No HTTP, no Nest, no TypeORM, no signature, no rules: what
 * the creates would reach if everything but PostgreSQL cost nothing. Rows go to series F999 of `empresaId`.
 */
export async function databaseFloor(databaseUrl: string, empresaId: number, xml: string, concurrency: number, seconds: number): Promise<LoadResult> {
  const pool = new Pool({ connectionString: databaseUrl, max: concurrency });
  const bytes = Buffer.from(xml, 'utf8');
  let n = 0;
  try {
    const create = async (): Promise<string | null> => {
      const documento = nextRuc();
      const key = `empresa-${empresaId}/xml/floor-${process.pid}-${++n}.xml`;
      await pool.query(`SELECT id, serie FROM series WHERE id_empresa = $1 ORDER BY tipo_documento, serie`, [empresaId]);
      await pool.query(`SELECT id_empresa, ruc, razon_social, igv, modo, updated_at FROM empresas WHERE id_empresa = $1`, [empresaId]);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT id_cliente FROM clientes WHERE id_empresa = $1 AND documento = $2 LIMIT 1`, [empresaId, documento]);
        const [cliente] = (
          await client.query(
            `INSERT INTO clientes (id_empresa, tipo_doc, documento, datos, direccion) VALUES ($1, '6', $2, 'EMPRESA CLIENTE S.A.C.', NULL)
             ON CONFLICT DO NOTHING RETURNING id_cliente, created_at, updated_at`,
            [empresaId, documento],
          )
        ).rows;
        const [{ correlativo }] = (
          await client.query(
            `INSERT INTO series (id_empresa, tipo_documento, serie, correlativo) VALUES ($1, '01', 'F999', 1)
             ON CONFLICT (id_empresa, tipo_documento, serie) DO UPDATE SET correlativo = series.correlativo + 1, updated_at = now()
             RETURNING correlativo`,
            [empresaId],
          )
        ).rows;
        const [venta] = (
          await client.query(
            `INSERT INTO ventas (id_empresa, id_usuario, id_cliente, cliente_tipo_doc, tipo_documento, serie, numero, numero_completo,
               fecha_emision, hora_emision, op_gravadas, igv, subtotal, total, hash_cpe, nombre_xml)
             VALUES ($1, NULL, $2, '6', '01', 'F999', $3, $4, CURRENT_DATE, '12:00:00', 100, 18, 100, 118, $5, $6)
             RETURNING id_venta, created_at, updated_at`,
            [empresaId, cliente.id_cliente, correlativo, `F999-${correlativo}`, 'x'.repeat(28), `20000000001-01-F999-${correlativo}.xml`],
          )
        ).rows;
        await client.query(
          `INSERT INTO venta_detalles (id_venta, descripcion, cantidad, precio_unitario, valor_venta, igv, total)
           VALUES ($1, 'SERVICIO DE PRUEBA', 1, 118, 100, 18, 118) RETURNING id`,
          [venta.id_venta],
        );
        await client.query(`INSERT INTO archivos (clave, datos) VALUES ($1, $2) ON CONFLICT (clave) DO UPDATE SET datos = EXCLUDED.datos, updated_at = now()`, [
          key,
          bytes,
        ]);
        await client.query('COMMIT');
        return null;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        return (error as Error).message;
      } finally {
        client.release();
      }
    };
    return await closedLoop(concurrency, seconds, create);
  } finally {
    await pool.end();
  }
}
