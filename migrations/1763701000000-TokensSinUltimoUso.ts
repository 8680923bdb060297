import { MigrationInterface, QueryRunner } from 'typeorm';

/** personal_access_tokens.last_used_at was never written: a write per request was not worth it. */
export class TokensSinUltimoUso1763701000000 implements MigrationInterface {
  name = 'TokensSinUltimoUso1763701000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE personal_access_tokens DROP COLUMN last_used_at`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE personal_access_tokens ADD COLUMN last_used_at timestamptz`);
  }
}
