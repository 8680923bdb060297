import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sending by itself: the company's switches, the queue of documents waiting for SUNAT (one live row per document)
 * and what each SUNAT service looked like last (up, or down since when).
 */
export class EnvioAutomatico1763704700000 implements MigrationInterface {
  name = 'EnvioAutomatico1763704700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE empresas ADD COLUMN envio_automatico boolean NOT NULL DEFAULT false, ADD COLUMN resumen_automatico varchar(5)`);
    await q.query(`
      CREATE TABLE envios_sunat (
        id bigserial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
        tipo varchar(10) NOT NULL,
        id_documento integer NOT NULL,
        servicio varchar(10) NOT NULL,
        estado varchar(12) NOT NULL DEFAULT 'pendiente',
        intentos integer NOT NULL DEFAULT 0,
        proximo_intento timestamptz NOT NULL DEFAULT now(),
        reclamado_desde timestamptz,
        ultimo_error varchar(500),
        creado_en timestamptz NOT NULL DEFAULT now(),
        actualizado_en timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX envios_sunat_vivo ON envios_sunat (tipo, id_documento) WHERE estado IN ('pendiente', 'enviando')`);
    await q.query(`CREATE INDEX envios_sunat_turno ON envios_sunat (proximo_intento, id) WHERE estado = 'pendiente'`);
    await q.query(`CREATE INDEX envios_sunat_empresa ON envios_sunat (id_empresa, estado)`);
    await q.query(`
      CREATE TABLE servicios_sunat (
        servicio varchar(10) PRIMARY KEY,
        caido_desde timestamptz,
        ultimo_error varchar(500),
        actualizado_en timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE servicios_sunat`);
    await q.query(`DROP TABLE envios_sunat`);
    await q.query(`ALTER TABLE empresas DROP COLUMN resumen_automatico, DROP COLUMN envio_automatico`);
  }
}
