import { DataSource } from 'typeorm';

/** A sale whose signed XML was generated: what a bundle of its files needs. */
export interface DocumentoVenta {
  id_venta: number;
  nombre_xml: string;
}

export const BLOQUE_DOCUMENTOS = 500;

/**
 * The company's sales issued between two dates (inclusive) that carry a generated XML, by id, read by
 * keyset in blocks: memory holds one block of names whatever the month's size.
 */
export async function* documentosVentasEnBloques(
  dataSource: DataSource,
  empresaId: number,
  desde: string,
  hasta: string,
  bloque = BLOQUE_DOCUMENTOS,
): AsyncGenerator<DocumentoVenta[]> {
  let after = 0;
  for (;;) {
    const rows: DocumentoVenta[] = await dataSource.query(
      `SELECT v.id_venta, v.nombre_xml
         FROM ventas v
        WHERE v.id_empresa = $1 AND v.fecha_emision BETWEEN $2::date AND $3::date
          AND v.nombre_xml IS NOT NULL AND v.id_venta > $4
        ORDER BY v.id_venta
        LIMIT $5`,
      [empresaId, desde, hasta, after, bloque],
    );
    if (rows.length) yield rows;
    if (rows.length < bloque) return;
    after = rows[rows.length - 1].id_venta;
  }
}
