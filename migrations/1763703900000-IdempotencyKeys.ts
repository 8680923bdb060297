import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: Idempotency-Key. The first successful answer to a create or send is kept 24 h per company and key, so
 * that a client retrying after a timeout gets it again instead of a second document.
 */
export class IdempotencyKeys1763703900000 implements MigrationInterface {
  name = 'IdempotencyKeys1763703900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_claves (
        id_empresa integer NOT NULL,
        clave varchar(255) NOT NULL,
        huella char(64) NOT NULL,
        estado varchar(12) NOT NULL DEFAULT 'en_proceso',
        status smallint,
        respuesta jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (id_empresa, clave)
      )`);
    await q.query(`CREATE INDEX idempotency_claves_created_at ON idempotency_claves (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_claves`);
  }
}
