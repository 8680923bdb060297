import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: each sale line keeps its ISC (catálogo 08 system, base, percent and amount, as written in the XML),
 * and the sale keeps its client's catálogo 06 type as issued, so a later change of the client never changes
 * what the sale's notes, summaries and prints say about it. Lines stored before have no ISC detail (0 / null);
 * sales stored before take their client's current type.
 */
export class VentasIscLineaClienteTipoDoc1763703420000 implements MigrationInterface {
  name = 'VentasIscLineaClienteTipoDoc1763703420000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE venta_detalles
      ADD COLUMN isc_sistema varchar(2) CHECK (isc_sistema IN ('01', '02', '03')),
      ADD COLUMN isc_base numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN isc_porcentaje numeric,
      ADD COLUMN isc numeric(14,2) NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE ventas ADD COLUMN cliente_tipo_doc varchar(1)`);
    await q.query(`UPDATE ventas v SET cliente_tipo_doc = c.tipo_doc FROM clientes c WHERE c.id_cliente = v.id_cliente`);
    await q.query(`ALTER TABLE ventas ALTER COLUMN cliente_tipo_doc SET NOT NULL,
      ADD CONSTRAINT ventas_cliente_tipo_doc_check CHECK (cliente_tipo_doc IN ('0', '1', '4', '6', '7', 'A', 'B', 'C', 'D', 'E', 'F', 'G'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ventas DROP COLUMN cliente_tipo_doc`);
    await q.query(`ALTER TABLE venta_detalles DROP COLUMN isc_sistema, DROP COLUMN isc_base, DROP COLUMN isc_porcentaje, DROP COLUMN isc`);
  }
}
