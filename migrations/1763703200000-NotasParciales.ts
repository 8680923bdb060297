import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19 (notes for real cases): partial credit notes and debit notes with items.
 * - notas_credito / notas_debito: `parcial` (a partial note never annuls its sale) and `cuotas` (reason 13's
 *   new schedule); the currency check follows the sale's (any ISO 4217 code the sale accepted).
 * - nota_lineas: what each partial note takes from each sale line (quantity, value, taxes), so the next note
 *   knows what remains; `devolver_stock` marks returned units that go back to stock when SUNAT accepts.
 * - ventas: `notas_credito` / `notas_debito` (accepted notes' totals) and `saldo` = total - credits + debits,
 *   computed by PostgreSQL so a sale's create or edit never has to know about notes.
 * - Reason catalogs complete: catálogo 09 adds 11, 12, 13; catálogo 10 adds 11, 12.
 */
export class NotasParciales1763703200000 implements MigrationInterface {
  name = 'NotasParciales1763703200000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['notas_credito', 'notas_debito']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN parcial boolean NOT NULL DEFAULT false, ADD COLUMN cuotas jsonb NULL`);
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_moneda_check`);
      await q.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_moneda_check CHECK (moneda ~ '^[A-Z]{3}$')`);
    }
    await q.query(`
      CREATE TABLE nota_lineas (
        id serial PRIMARY KEY,
        tipo varchar(2) NOT NULL CHECK (tipo IN ('NC', 'ND')),
        id_nota integer NOT NULL,
        id_venta integer NOT NULL REFERENCES ventas(id_venta),
        id_detalle integer NULL REFERENCES venta_detalles(id) ON DELETE SET NULL,
        id_producto integer NULL,
        cantidad numeric(22,10) NOT NULL DEFAULT 0 CHECK (cantidad >= 0),
        valor_venta numeric(14,2) NOT NULL,
        igv numeric(14,2) NOT NULL,
        isc numeric(14,2) NOT NULL DEFAULT 0,
        isc_base numeric(14,2) NOT NULL DEFAULT 0,
        icbper numeric(14,2) NOT NULL DEFAULT 0,
        total numeric(14,2) NOT NULL,
        devolver_stock boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX nota_lineas_venta_idx ON nota_lineas (id_venta)`);
    await q.query(`CREATE INDEX nota_lineas_nota_idx ON nota_lineas (tipo, id_nota)`);
    await q.query(`ALTER TABLE ventas
      ADD COLUMN notas_credito numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN notas_debito numeric(14,2) NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE ventas ADD COLUMN saldo numeric(14,2) GENERATED ALWAYS AS (total - notas_credito + notas_debito) STORED`);
    // Sales an accepted (whole-sale) credit note already annulled owe nothing.
    await q.query(`
      UPDATE ventas v SET notas_credito = v.total
       WHERE EXISTS (SELECT 1 FROM notas_credito n WHERE n.id_venta = v.id_venta AND n.estado = 'aceptado')`);
    await q.query(`
      UPDATE ventas v SET notas_debito = d.suma
        FROM (SELECT id_venta, SUM(monto_total) AS suma FROM notas_debito WHERE estado = 'aceptado' GROUP BY id_venta) d
       WHERE d.id_venta = v.id_venta`);
    await q.query(`
      INSERT INTO motivos_nota (tipo, codigo_sunat, descripcion) VALUES
        ('NC', '11', 'Ajustes de operaciones de exportación'),
        ('NC', '12', 'Ajustes afectos al IVAP'),
        ('NC', '13', 'Ajustes - montos y/o fechas de pago'),
        ('ND', '11', 'Ajustes de operaciones de exportación'),
        ('ND', '12', 'Ajustes afectos al IVAP')
      ON CONFLICT (tipo, codigo_sunat) DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM motivos_nota m WHERE codigo_sunat IN ('11', '12', '13')
      AND NOT EXISTS (SELECT 1 FROM notas_credito n WHERE n.motivo_id = m.id) AND NOT EXISTS (SELECT 1 FROM notas_debito n WHERE n.motivo_id = m.id)`);
    await q.query(`ALTER TABLE ventas DROP COLUMN saldo, DROP COLUMN notas_credito, DROP COLUMN notas_debito`);
    await q.query(`DROP TABLE IF EXISTS nota_lineas`);
    for (const table of ['notas_credito', 'notas_debito']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN parcial, DROP COLUMN cuotas`);
    }
  }
}
