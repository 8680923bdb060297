import { MigrationInterface, QueryRunner } from 'typeorm';

const MONEDAS = `('PEN', 'USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'CNY', 'SEK', 'BRL', 'ARS', 'BOB', 'CLP', 'COP', 'MXN')`;

/**
 * Issue 18 (real invoices II, part B): references (guides, purchase order, other catálogo 12 documents),
 * advance invoices and their deductions, and the catálogo 02 currencies of documents/monedas.ts on sales and notes.
 * venta_anticipos holds every deduction: an advance's deducted amount is the sum of its rows whose final sale
 * is not annulled (deleting a never-sent final sale deletes its rows).
 */
export class VentasReferenciasAnticipos1763703100000 implements MigrationInterface {
  name = 'VentasReferenciasAnticipos1763703100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ventas
      ADD COLUMN guias jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN orden_compra varchar(20) NULL,
      ADD COLUMN documentos_relacionados jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN es_anticipo boolean NOT NULL DEFAULT false,
      ADD COLUMN anticipos jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN total_anticipos numeric(14,2) NOT NULL DEFAULT 0 CHECK (total_anticipos >= 0)`);
    await q.query(`CREATE TABLE venta_anticipos (
        id serial PRIMARY KEY,
        id_venta int NOT NULL REFERENCES ventas (id_venta) ON DELETE CASCADE,
        id_anticipo int NOT NULL REFERENCES ventas (id_venta),
        monto numeric(14,2) NOT NULL CHECK (monto > 0),
        base numeric(14,2) NOT NULL CHECK (base >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (id_venta, id_anticipo)
      )`);
    await q.query(`CREATE INDEX venta_anticipos_anticipo_idx ON venta_anticipos (id_anticipo)`);
    await q.query(`ALTER TABLE ventas DROP CONSTRAINT IF EXISTS ventas_tipo_moneda_check,
      ADD CONSTRAINT ventas_tipo_moneda_check CHECK (tipo_moneda IN ${MONEDAS})`);
    for (const table of ['notas_credito', 'notas_debito']) {
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_moneda_check,
        ADD CONSTRAINT ${table}_moneda_check CHECK (moneda IN ${MONEDAS})`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['notas_credito', 'notas_debito']) {
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_moneda_check,
        ADD CONSTRAINT ${table}_moneda_check CHECK (moneda IN ('PEN', 'USD'))`);
    }
    await q.query(`ALTER TABLE ventas DROP CONSTRAINT IF EXISTS ventas_tipo_moneda_check,
      ADD CONSTRAINT ventas_tipo_moneda_check CHECK (tipo_moneda IN ('PEN', 'USD'))`);
    await q.query(`DROP TABLE venta_anticipos`);
    await q.query(`ALTER TABLE ventas DROP COLUMN guias, DROP COLUMN orden_compra, DROP COLUMN documentos_relacionados,
      DROP COLUMN es_anticipo, DROP COLUMN anticipos, DROP COLUMN total_anticipos`);
  }
}
