import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20: a keyed request's claim records, in the request's own transaction, that its work committed. */
export class IdempotencyEfectuada1763703960000 implements MigrationInterface {
  name = 'IdempotencyEfectuada1763703960000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotency_claves ADD COLUMN efectuada boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotency_claves DROP COLUMN efectuada`);
  }
}
