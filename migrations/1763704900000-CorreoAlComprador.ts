import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail of accepted documents to the buyer: the company's mail settings (the SMTP URL encrypted like clave_sol)
 * and the queue of mails, one row per mail (a resend is a new row; the document shows its last one).
 */
export class CorreoAlComprador1763704900000 implements MigrationInterface {
  name = 'CorreoAlComprador1763704900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE empresas ADD COLUMN smtp_url_cifrada text, ADD COLUMN correo_remitente varchar(255), ADD COLUMN correo_automatico boolean NOT NULL DEFAULT false`,
    );
    await q.query(`
      CREATE TABLE correos (
        id bigserial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
        tipo varchar(10) NOT NULL,
        id_documento integer NOT NULL,
        destinatarios text[] NOT NULL,
        estado varchar(10) NOT NULL DEFAULT 'pendiente',
        intentos integer NOT NULL DEFAULT 0,
        proximo_intento timestamptz NOT NULL DEFAULT now(),
        reclamado_desde timestamptz,
        detalle varchar(1000),
        fecha timestamptz NOT NULL DEFAULT now(),
        creado_en timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX correos_documento ON correos (tipo, id_documento, id DESC)`);
    await q.query(`CREATE INDEX correos_turno ON correos (proximo_intento, id) WHERE estado = 'pendiente'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE correos`);
    await q.query(`ALTER TABLE empresas DROP COLUMN correo_automatico, DROP COLUMN correo_remitente, DROP COLUMN smtp_url_cifrada`);
  }
}
