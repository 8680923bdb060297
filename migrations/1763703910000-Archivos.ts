import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: documents (signed XML, CDRs, SUNAT's raw answers, logos) in PostgreSQL, so that replicas share nothing
 * but the database and a document is written in the transaction of its record (STORAGE_DRIVER=postgres).
 */
export class Archivos1763703910000 implements MigrationInterface {
  name = 'Archivos1763703910000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE archivos (
        clave varchar(512) PRIMARY KEY,
        datos bytea NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE archivos`);
  }
}
