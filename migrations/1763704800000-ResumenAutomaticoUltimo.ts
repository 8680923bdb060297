import { MigrationInterface, QueryRunner } from 'typeorm';

/** The last Lima day whose automatic daily summary ended, so a restart does not run a finished day again. */
export class ResumenAutomaticoUltimo1763704800000 implements MigrationInterface {
  name = 'ResumenAutomaticoUltimo1763704800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE empresas ADD COLUMN resumen_automatico_ultimo date`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE empresas DROP COLUMN resumen_automatico_ultimo`);
  }
}
