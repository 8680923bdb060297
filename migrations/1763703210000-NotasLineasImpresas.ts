import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19: a partial credit note or a debit note with items keeps the lines its XML carries (quantity, unit,
 * code, description, unit price and amount with taxes), so its view and PDF show what it credits or debits, not
 * the whole sale. Null for SPEC's whole-sale notes and single-amount debit notes (printed as before).
 */
export class NotasLineasImpresas1763703210000 implements MigrationInterface {
  name = 'NotasLineasImpresas1763703210000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['notas_credito', 'notas_debito']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN lineas jsonb NULL`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['notas_credito', 'notas_debito']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN lineas`);
    }
  }
}
