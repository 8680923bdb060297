import { MigrationInterface, QueryRunner } from 'typeorm';

/** Requests to /api/validar per user in the current window (ValidarCuotaGuard): one row per user, one upsert per request. */
export class ValidarCuota1763704100000 implements MigrationInterface {
  name = 'ValidarCuota1763704100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE validar_cuota (
        id_usuario integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        solicitudes integer NOT NULL,
        ventana_inicio timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE validar_cuota`);
  }
}
