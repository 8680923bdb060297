import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 16 (SUNAT's rules before SUNAT): the observations (codes 4000+) SUNAT's rules and CDRs make on a
 * document, as 'codigo - mensaje' strings. Guides already have `observaciones` (the user's notes, SPEC), so
 * theirs is `observaciones_sunat`.
 */
export class ObservacionesSunat1763701600000 implements MigrationInterface {
  name = 'ObservacionesSunat1763701600000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['ventas', 'notas_credito', 'notas_debito', 'lotes_sunat']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN observaciones jsonb NOT NULL DEFAULT '[]'::jsonb`);
    }
    await q.query(`ALTER TABLE guias_remision ADD COLUMN observaciones_sunat jsonb NOT NULL DEFAULT '[]'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE guias_remision DROP COLUMN observaciones_sunat`);
    for (const table of ['ventas', 'notas_credito', 'notas_debito', 'lotes_sunat']) await q.query(`ALTER TABLE ${table} DROP COLUMN observaciones`);
  }
}
