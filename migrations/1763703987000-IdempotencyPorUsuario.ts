import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An Idempotency-Key belongs to one user of one company (another user's same key is a new key), and the stored
 * answer is encrypted with a key derived from APP_KEY (it may carry a refreshed token or a signed link). The rows
 * already kept name no user and hold answers in plaintext: they are dropped (a retry across the upgrade is a new
 * request).
 */
export class IdempotencyPorUsuario1763703987000 implements MigrationInterface {
  name = 'IdempotencyPorUsuario1763703987000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM idempotency_claves`);
    await q.query(`ALTER TABLE idempotency_claves DROP CONSTRAINT idempotency_claves_pkey, DROP COLUMN respuesta`);
    await q.query(`ALTER TABLE idempotency_claves ADD COLUMN id_usuario integer NOT NULL, ADD COLUMN respuesta_cifrada text`);
    await q.query(`ALTER TABLE idempotency_claves ADD PRIMARY KEY (id_empresa, id_usuario, clave)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM idempotency_claves`);
    await q.query(`ALTER TABLE idempotency_claves DROP CONSTRAINT idempotency_claves_pkey, DROP COLUMN id_usuario, DROP COLUMN respuesta_cifrada`);
    await q.query(`ALTER TABLE idempotency_claves ADD COLUMN respuesta jsonb, ADD PRIMARY KEY (id_empresa, clave)`);
  }
}
