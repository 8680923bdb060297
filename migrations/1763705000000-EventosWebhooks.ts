import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events and webhooks: the outbox of state changes (`eventos`, written in the transaction of the change), each
 * company's endpoints, one delivery row per event and endpoint, and the log of every attempt.
 */
export class EventosWebhooks1763705000000 implements MigrationInterface {
  name = 'EventosWebhooks1763705000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE eventos (
        id bigserial PRIMARY KEY,
        id_empresa integer REFERENCES empresas(id_empresa) ON DELETE CASCADE,
        tipo varchar(40) NOT NULL,
        recurso varchar(30) NOT NULL,
        id_recurso varchar(60) NOT NULL,
        data json NOT NULL,
        clave varchar(200),
        creado_en timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX eventos_clave ON eventos (clave) WHERE clave IS NOT NULL`);
    await q.query(`CREATE INDEX eventos_empresa ON eventos (id_empresa, id)`);
    await q.query(`CREATE INDEX eventos_creado ON eventos (creado_en)`);
    await q.query(`
      CREATE TABLE webhooks (
        id serial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa) ON DELETE CASCADE,
        url varchar(2000) NOT NULL,
        eventos text[],
        secreto_cifrado text NOT NULL,
        activo boolean NOT NULL DEFAULT true,
        fallando_desde timestamptz,
        desactivado_en timestamptz,
        motivo_desactivacion varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhooks_empresa ON webhooks (id_empresa, id)`);
    await q.query(`
      CREATE TABLE webhook_entregas (
        id bigserial PRIMARY KEY,
        id_webhook integer NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        id_evento bigint NOT NULL REFERENCES eventos(id) ON DELETE CASCADE,
        estado varchar(12) NOT NULL DEFAULT 'pendiente',
        intentos integer NOT NULL DEFAULT 0,
        proximo_intento timestamptz NOT NULL DEFAULT now(),
        entregada_en timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // the sender's question: each endpoint's oldest undelivered delivery
    await q.query(`CREATE INDEX webhook_entregas_cola ON webhook_entregas (id_webhook, id) WHERE estado = 'pendiente'`);
    await q.query(`CREATE INDEX webhook_entregas_registro ON webhook_entregas (id_webhook, id DESC)`);
    await q.query(`CREATE INDEX webhook_entregas_evento ON webhook_entregas (id_evento)`);
    await q.query(`
      CREATE TABLE webhook_intentos (
        id bigserial PRIMARY KEY,
        id_entrega bigint NOT NULL REFERENCES webhook_entregas(id) ON DELETE CASCADE,
        numero integer NOT NULL,
        estado_http integer,
        duracion_ms integer NOT NULL,
        respuesta varchar(1000),
        error varchar(500),
        creado_en timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_intentos_entrega ON webhook_intentos (id_entrega, numero)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_intentos`);
    await q.query(`DROP TABLE webhook_entregas`);
    await q.query(`DROP TABLE webhooks`);
    await q.query(`DROP TABLE eventos`);
  }
}
