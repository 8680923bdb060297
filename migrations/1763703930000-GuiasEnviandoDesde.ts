import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20: a guide's GRE upload in flight is claimed first, so two parallel sends never upload it twice. */
export class GuiasEnviandoDesde1763703930000 implements MigrationInterface {
  name = 'GuiasEnviandoDesde1763703930000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE guias_remision ADD COLUMN enviando_desde timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE guias_remision DROP COLUMN enviando_desde`);
  }
}
