import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: a synchronous send no longer holds a transaction across the SUNAT call. `enviando_desde` marks the
 * document while its send is in flight (committed before the call, cleared with the answer); a crash leaves it
 * set, and the start-up reconciliation asks SUNAT (getStatusCdr) what became of it.
 */
export class EnviandoDesde1763703920000 implements MigrationInterface {
  name = 'EnviandoDesde1763703920000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['ventas', 'notas_credito', 'notas_debito']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN enviando_desde timestamptz`);
      await q.query(`CREATE INDEX ${table}_enviando_desde ON ${table} (enviando_desde) WHERE enviando_desde IS NOT NULL`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['ventas', 'notas_credito', 'notas_debito']) await q.query(`ALTER TABLE ${table} DROP COLUMN enviando_desde`);
  }
}
