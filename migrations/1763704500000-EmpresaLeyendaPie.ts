import { MigrationInterface, QueryRunner } from 'typeorm';

/** The company's own footer text on its printed documents (an authorization line, a note to buyers). */
export class EmpresaLeyendaPie1763704500000 implements MigrationInterface {
  name = 'EmpresaLeyendaPie1763704500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE empresas ADD COLUMN leyenda_pie varchar(500)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE empresas DROP COLUMN leyenda_pie`);
  }
}
