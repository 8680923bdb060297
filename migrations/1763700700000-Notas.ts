import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credit notes (07) and debit notes (08) with their reason catalog. Reasons are seeded from SUNAT's
 * catálogo 09 (credit) and 10 (debit), worded as SUNAT words them; ND 04 'Otros conceptos' is the
 * service's own (SPEC.md) and is written in the XML as SUNAT's 03 'Penalidades/ otros conceptos'.
 */
export class Notas1763700700000 implements MigrationInterface {
  name = 'Notas1763700700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE motivos_nota (
        id serial PRIMARY KEY,
        tipo varchar(2) NOT NULL CHECK (tipo IN ('NC', 'ND')),
        codigo_sunat char(2) NOT NULL,
        descripcion varchar(255) NOT NULL,
        estado boolean NOT NULL DEFAULT true,
        CONSTRAINT motivos_nota_unique UNIQUE (tipo, codigo_sunat)
      )`);
    await q.query(`
      INSERT INTO motivos_nota (tipo, codigo_sunat, descripcion) VALUES
        ('NC', '01', 'Anulación de la operación'),
        ('NC', '02', 'Anulación por error en el RUC'),
        ('NC', '03', 'Corrección por error en la descripción'),
        ('NC', '04', 'Descuento global'),
        ('NC', '05', 'Descuento por ítem'),
        ('NC', '06', 'Devolución total'),
        ('NC', '07', 'Devolución por ítem'),
        ('NC', '08', 'Bonificación'),
        ('NC', '09', 'Disminución en el valor'),
        ('NC', '10', 'Otros Conceptos'),
        ('ND', '01', 'Intereses por mora'),
        ('ND', '02', 'Aumento en el valor'),
        ('ND', '03', 'Penalidades/ otros conceptos'),
        ('ND', '04', 'Otros conceptos')`);
    for (const [table, series] of [
      ['notas_credito', `'FC01', 'BC01'`],
      ['notas_debito', `'FD01', 'BD01'`],
    ]) {
      await q.query(`
        CREATE TABLE ${table} (
          id serial PRIMARY KEY,
          id_empresa integer NOT NULL REFERENCES empresas(id_empresa),
          id_usuario integer REFERENCES users(id) ON DELETE SET NULL,
          id_venta integer NOT NULL REFERENCES ventas(id_venta),
          motivo_id integer NOT NULL REFERENCES motivos_nota(id),
          serie varchar(4) NOT NULL CHECK (serie IN (${series})),
          numero integer NOT NULL CHECK (numero > 0),
          tipo_doc_afectado varchar(2) NOT NULL CHECK (tipo_doc_afectado IN ('01', '03')),
          serie_num_afectado varchar(20) NOT NULL,
          descripcion_motivo varchar(255) NOT NULL,
          monto_subtotal numeric(14,2) NOT NULL,
          monto_igv numeric(14,2) NOT NULL,
          monto_total numeric(14,2) NOT NULL CHECK (monto_total >= 0),
          moneda varchar(3) NOT NULL DEFAULT 'PEN' CHECK (moneda IN ('PEN', 'USD')),
          fecha_emision date NOT NULL,
          hora_emision varchar(8) NOT NULL,
          estado varchar(10) NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'aceptado', 'rechazado')),
          hash_cpe varchar(100),
          xml_url varchar(500),
          nombre_xml varchar(255),
          cdr_url varchar(500),
          codigo_sunat varchar(10),
          mensaje_sunat text,
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now(),
          CONSTRAINT ${table}_numero_unique UNIQUE (id_empresa, serie, numero)
        )`);
      await q.query(`CREATE INDEX ${table}_venta_idx ON ${table} (id_venta)`);
      await q.query(`CREATE INDEX ${table}_empresa_fecha_idx ON ${table} (id_empresa, fecha_emision)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS notas_debito`);
    await q.query(`DROP TABLE IF EXISTS notas_credito`);
    await q.query(`DROP TABLE IF EXISTS motivos_nota`);
  }
}
