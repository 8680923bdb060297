import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Voiding (RA) of accepted credit and debit notes: a batch line names exactly one of a sale, a credit note
 * or a debit note; notes get `baja` ('en_proceso' while the RA ticket is pending, 'aceptada' after) and the
 * estado 'anulado' once SUNAT accepts the voiding.
 */
export class BajaNotas1763700900000 implements MigrationInterface {
  name = 'BajaNotas1763700900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lote_sunat_items ALTER COLUMN id_venta DROP NOT NULL`);
    await q.query(`ALTER TABLE lote_sunat_items ADD COLUMN id_nota_credito integer REFERENCES notas_credito(id)`);
    await q.query(`ALTER TABLE lote_sunat_items ADD COLUMN id_nota_debito integer REFERENCES notas_debito(id)`);
    await q.query(`
      ALTER TABLE lote_sunat_items ADD CONSTRAINT lote_sunat_items_un_documento
        CHECK (num_nonnulls(id_venta, id_nota_credito, id_nota_debito) = 1)`);
    for (const table of ['notas_credito', 'notas_debito']) {
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_estado_check`);
      await q.query(`
        ALTER TABLE ${table} ADD CONSTRAINT ${table}_estado_check
          CHECK (estado IN ('pendiente', 'aceptado', 'rechazado', 'anulado'))`);
      await q.query(`
        ALTER TABLE ${table} ADD COLUMN baja varchar(12) NULL
          CONSTRAINT ${table}_baja_check CHECK (baja IN ('en_proceso', 'aceptada'))`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['notas_credito', 'notas_debito']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS baja`);
      await q.query(`UPDATE ${table} SET estado = 'aceptado' WHERE estado = 'anulado'`);
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_estado_check`);
      await q.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_estado_check CHECK (estado IN ('pendiente', 'aceptado', 'rechazado'))`);
    }
    await q.query(`DELETE FROM lote_sunat_items WHERE id_venta IS NULL`);
    await q.query(`ALTER TABLE lote_sunat_items DROP CONSTRAINT IF EXISTS lote_sunat_items_un_documento`);
    await q.query(`ALTER TABLE lote_sunat_items DROP COLUMN IF EXISTS id_nota_debito`);
    await q.query(`ALTER TABLE lote_sunat_items DROP COLUMN IF EXISTS id_nota_credito`);
    await q.query(`ALTER TABLE lote_sunat_items ALTER COLUMN id_venta SET NOT NULL`);
  }
}
