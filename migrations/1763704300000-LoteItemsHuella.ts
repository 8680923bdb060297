import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A daily summary never reports again what SUNAT already accepted unchanged: each RC line keeps the fingerprint
 * of what it reported (`huella`), so a later summary can tell an unchanged boleta (left out) from a changed one
 * (line '2'). The index serves the look-up of a document's batches (also the pending-batch check).
 */
export class LoteItemsHuella1763704300000 implements MigrationInterface {
  name = 'LoteItemsHuella1763704300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lote_sunat_items ADD COLUMN huella varchar(64)`);
    await q.query(`CREATE INDEX lote_sunat_items_venta_idx ON lote_sunat_items (id_venta) WHERE id_venta IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS lote_sunat_items_venta_idx`);
    await q.query(`ALTER TABLE lote_sunat_items DROP COLUMN IF EXISTS huella`);
  }
}
