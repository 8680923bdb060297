import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: sales take quantities of up to 10 decimals, so stock and its movements keep 10 decimals
 * (numeric(22,10), 12 integer digits) and a sale of 0.3333333333 moves exactly that.
 */
export class StockDecimales1763703410000 implements MigrationInterface {
  name = 'StockDecimales1763703410000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE productos ALTER COLUMN stock TYPE numeric(22,10)`);
    await q.query(`ALTER TABLE movimientos_stock ALTER COLUMN cantidad TYPE numeric(22,10), ALTER COLUMN stock_resultante TYPE numeric(22,10)`);
  }

  /** Rounds to 3 decimals: a movement of less than 0.0005 would become 0 and break its CHECK, so down fails on such rows. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE movimientos_stock ALTER COLUMN cantidad TYPE numeric(14,3), ALTER COLUMN stock_resultante TYPE numeric(14,3)`);
    await q.query(`ALTER TABLE productos ALTER COLUMN stock TYPE numeric(14,3)`);
  }
}
