/** Any client that runs SQL with positional parameters (TypeORM DataSource, pg Client/Pool). */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Inserts `n` invoices of 118.00 (100.00 + 18.00 IGV) for one client in ONE statement (generate_series),
 * for export tests and the benchmark. Series 'F999', numbers from `desde`; dates spread over 2025.
 */
export async function insertarVentasMasivas(db: SqlRunner, empresaId: number, clienteId: number, n: number, desde = 1): Promise<void> {
  await db.query(
    `INSERT INTO ventas (id_empresa, id_cliente, cliente_tipo_doc, tipo_documento, serie, numero, numero_completo, fecha_emision, hora_emision,
                         tipo_moneda, op_gravadas, subtotal, igv, total, estado, estado_sunat, hash_cpe)
     SELECT $1, $2, (SELECT tipo_doc FROM clientes WHERE id_cliente = $2), '01', 'F999', g, 'F999-' || g, DATE '2025-01-01' + (g % 365), '10:00:00',
            'PEN', 100.00, 100.00, 18.00, 118.00, '1', (ARRAY['0','1','1','2'])[1 + g % 4], md5(g::text)
       FROM generate_series($3::int, $4::int) AS g`,
    [empresaId, clienteId, desde, desde + n - 1],
  );
}
