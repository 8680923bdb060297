import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14 (security):
 * - roles.id_empresa: NULL is a global (system) role that only administrators change; otherwise the role
 *   belongs to that company. Existing roles stay global. Names are unique per company (global roles
 *   sharing one namespace), case-insensitively.
 * - personal_access_tokens.sesion_inicio: when the login that started a refresh chain happened; the
 *   chain's absolute lifetime counts from it.
 * - login_throttle replaces login_failures: one counter row per key, incremented atomically by an upsert.
 */
export class Seguridad1763701400000 implements MigrationInterface {
  name = 'Seguridad1763701400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE roles ADD COLUMN id_empresa integer REFERENCES empresas(id_empresa) ON DELETE CASCADE`);
    await q.query(`ALTER TABLE roles DROP CONSTRAINT IF EXISTS roles_nombre_key`);
    await q.query(`CREATE UNIQUE INDEX roles_empresa_nombre_unique ON roles (COALESCE(id_empresa, 0), lower(nombre))`);
    await q.query(`CREATE INDEX roles_empresa_idx ON roles (id_empresa)`);

    await q.query(`ALTER TABLE personal_access_tokens ADD COLUMN sesion_inicio timestamptz NOT NULL DEFAULT now()`);
    await q.query(`UPDATE personal_access_tokens SET sesion_inicio = created_at`);

    await q.query(`
      CREATE TABLE login_throttle (
        clave varchar(300) PRIMARY KEY,
        intentos integer NOT NULL,
        ventana_inicio timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX login_throttle_ventana_idx ON login_throttle (ventana_inicio)`);
    await q.query(`DROP TABLE login_failures`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE login_failures (
        id bigserial PRIMARY KEY,
        clave varchar(300) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX login_failures_clave_idx ON login_failures (clave, created_at)`);
    await q.query(`DROP TABLE login_throttle`);
    await q.query(`ALTER TABLE personal_access_tokens DROP COLUMN sesion_inicio`);
    await q.query(`DELETE FROM roles WHERE id_empresa IS NOT NULL`);
    await q.query(`DROP INDEX roles_empresa_idx`);
    await q.query(`DROP INDEX roles_empresa_nombre_unique`);
    await q.query(`ALTER TABLE roles ADD CONSTRAINT roles_nombre_key UNIQUE (nombre)`);
    await q.query(`ALTER TABLE roles DROP COLUMN id_empresa`);
  }
}
