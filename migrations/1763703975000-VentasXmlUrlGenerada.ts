import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21: a sale's xml_url is derived from its id once it has an XML, so the create inserts the row already
 * signed (hash, name) in one statement instead of inserting, then updating with a URL that needs the new id.
 */
export class VentasXmlUrlGenerada1763703975000 implements MigrationInterface {
  name = 'VentasXmlUrlGenerada1763703975000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ventas DROP COLUMN xml_url`);
    await q.query(
      `ALTER TABLE ventas ADD COLUMN xml_url varchar(500)
         GENERATED ALWAYS AS (CASE WHEN nombre_xml IS NULL THEN NULL ELSE '/api/ventas/' || id_venta || '/xml' END) STORED`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ventas DROP COLUMN xml_url`);
    await q.query(`ALTER TABLE ventas ADD COLUMN xml_url varchar(500)`);
    await q.query(`UPDATE ventas SET xml_url = '/api/ventas/' || id_venta || '/xml' WHERE nombre_xml IS NOT NULL`);
  }
}
