import type { SqlRunner } from './ventas-masivas';

/**
 * Inserts `n` invoices of one client on one issue date, in ONE statement, each carrying a generated XML
 * name '{ruc}-01-{serie}-{numero}.xml' (the files themselves are the caller's: put them in storage).
 * Returns the document names (without '.xml') in number order.
 */
export async function insertarVentasConXml(
  db: SqlRunner,
  opts: { empresaId: number; clienteId: number; ruc: string; serie: string; fecha: string; n: number; desde?: number },
): Promise<string[]> {
  const desde = opts.desde ?? 1;
  const hasta = desde + opts.n - 1;
  await db.query(
    `INSERT INTO ventas (id_empresa, id_cliente, cliente_tipo_doc, tipo_documento, serie, numero, numero_completo, fecha_emision, hora_emision,
                         tipo_moneda, op_gravadas, subtotal, igv, total, estado, estado_sunat, hash_cpe, nombre_xml)
     SELECT $1, $2, (SELECT tipo_doc FROM clientes WHERE id_cliente = $2), '01', $3::text, g, $3::text || '-' || g, $4::date, '10:00:00', 'PEN', 100.00, 100.00, 18.00, 118.00, '1', '1', md5(g::text),
            $5::text || '-01-' || $3::text || '-' || g || '.xml'
       FROM generate_series($6::int, $7::int) AS g`,
    [opts.empresaId, opts.clienteId, opts.serie, opts.fecha, opts.ruc, desde, hasta],
  );
  return Array.from({ length: opts.n }, (_, i) => `${opts.ruc}-01-${opts.serie}-${desde + i}`);
}
