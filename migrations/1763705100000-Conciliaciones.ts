import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reconciliation with SUNAT: a check of a company's documents of some dates through SUNAT's validity service, with
 * its cursor (the kind being checked and the last id done), so a restart resumes it, and the differences found.
 */
export class Conciliaciones1763705100000 implements MigrationInterface {
  name = 'Conciliaciones1763705100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE conciliaciones (
        id serial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
        id_usuario integer,
        desde date NOT NULL,
        hasta date NOT NULL,
        estado varchar(10) NOT NULL DEFAULT 'en_curso',
        fase varchar(5) NOT NULL DEFAULT 'venta',
        ultimo_id integer NOT NULL DEFAULT 0,
        revisados integer NOT NULL DEFAULT 0,
        diferencias integer NOT NULL DEFAULT 0,
        reparados integer NOT NULL DEFAULT 0,
        fallidos integer NOT NULL DEFAULT 0,
        mensaje varchar(1000),
        tomada_hasta timestamptz,
        creado_en timestamptz NOT NULL DEFAULT now(),
        terminado_en timestamptz
      )`);
    await q.query(`CREATE INDEX conciliaciones_en_curso ON conciliaciones (id) WHERE estado = 'en_curso'`);
    await q.query(`CREATE INDEX conciliaciones_empresa ON conciliaciones (id_empresa, id DESC)`);
    // the daily check (no user) is created once per company and day, whichever process gets there first
    await q.query(`CREATE UNIQUE INDEX conciliaciones_diaria ON conciliaciones (id_empresa, desde) WHERE id_usuario IS NULL`);
    await q.query(`
      CREATE TABLE conciliacion_diferencias (
        id serial PRIMARY KEY,
        id_conciliacion integer NOT NULL REFERENCES conciliaciones(id) ON DELETE CASCADE,
        tipo varchar(5) NOT NULL,
        id_documento integer NOT NULL,
        tipo_comprobante varchar(2) NOT NULL,
        numero_completo varchar(20) NOT NULL,
        fecha_emision date NOT NULL,
        estado_nuestro varchar(12) NOT NULL,
        estado_sunat varchar(12) NOT NULL,
        accion varchar(16) NOT NULL,
        reparado boolean NOT NULL DEFAULT false,
        detalle varchar(1000),
        creado_en timestamptz NOT NULL DEFAULT now(),
        UNIQUE (id_conciliacion, tipo, id_documento)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE conciliacion_diferencias`);
    await q.query(`DROP TABLE conciliaciones`);
  }
}
