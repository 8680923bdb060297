import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dispatch guides (guía de remisión remitente, GRE 2022) and their lines. The transfer-reason catalog
 * (SUNAT catálogo 20) is a constant in src/guias-remision/motivos-traslado.ts, not a table.
 */
export class Guias1763700500000 implements MigrationInterface {
  name = 'Guias1763700500000';

  async up(q: QueryRunner): Promise<void> {
    // id_venta has no foreign key on purpose: the sales table belongs to another migration, and the
    // service checks that the sale exists within the company before inserting.
    await q.query(`
      CREATE TABLE guias_remision (
        id serial PRIMARY KEY,
        id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
        id_usuario integer REFERENCES users(id) ON DELETE SET NULL,
        id_venta integer,
        serie varchar(4) NOT NULL DEFAULT 'T001',
        numero integer NOT NULL CHECK (numero > 0),
        fecha_emision date NOT NULL,
        hora_emision varchar(8) NOT NULL,
        destinatario_tipo_doc varchar(1) NOT NULL CHECK (destinatario_tipo_doc IN ('1', '6')),
        destinatario_documento varchar(15) NOT NULL,
        destinatario_nombre varchar(255) NOT NULL,
        motivo_traslado varchar(2) NOT NULL,
        descripcion_motivo varchar(255),
        mod_transporte varchar(2) NOT NULL CHECK (mod_transporte IN ('01', '02')),
        fecha_traslado date NOT NULL,
        peso_total numeric(14,3) NOT NULL CHECK (peso_total > 0),
        und_peso_total varchar(3) NOT NULL DEFAULT 'KGM',
        ubigeo_partida varchar(6) NOT NULL,
        dir_partida varchar(500) NOT NULL DEFAULT '',
        ubigeo_llegada varchar(6) NOT NULL,
        dir_llegada varchar(500) NOT NULL,
        transportista_tipo_doc varchar(1),
        transportista_documento varchar(15),
        transportista_nombre varchar(255),
        transportista_nro_mtc varchar(20),
        conductor_tipo_doc varchar(1),
        conductor_documento varchar(15),
        conductor_nombres varchar(255),
        conductor_apellidos varchar(255),
        conductor_licencia varchar(20),
        vehiculo_placa varchar(10),
        vehiculo_m1l boolean NOT NULL DEFAULT false,
        observaciones varchar(500),
        estado varchar(10) NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'enviado', 'aceptado', 'rechazado')),
        ticket_sunat varchar(100),
        hash_cpe varchar(100),
        xml_url varchar(500),
        nombre_xml varchar(255),
        cdr_url varchar(500),
        codigo_sunat varchar(10),
        mensaje_sunat text,
        qr_url varchar(1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT guias_remision_numero_unique UNIQUE (id_empresa, serie, numero)
      )`);
    await q.query(`CREATE INDEX guias_remision_empresa_fecha_idx ON guias_remision (id_empresa, fecha_emision)`);
    // The ticket poller only looks for guides still waiting for SUNAT.
    await q.query(`CREATE INDEX guias_remision_enviado_idx ON guias_remision (updated_at) WHERE estado = 'enviado'`);
    await q.query(`
      CREATE TABLE guia_remision_detalles (
        id serial PRIMARY KEY,
        id_guia integer NOT NULL REFERENCES guias_remision(id) ON DELETE CASCADE,
        id_producto integer REFERENCES productos(id_producto),
        codigo varchar(50),
        descripcion varchar(500) NOT NULL,
        cantidad numeric(14,3) NOT NULL CHECK (cantidad > 0),
        unidad varchar(3) NOT NULL DEFAULT 'NIU'
      )`);
    await q.query(`CREATE INDEX guia_remision_detalles_guia_idx ON guia_remision_detalles (id_guia)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS guia_remision_detalles`);
    await q.query(`DROP TABLE IF EXISTS guias_remision`);
  }
}
