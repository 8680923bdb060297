import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: a batch SUNAT answered 2223 for (its file name was already presented: the first answer was lost) is
 * 'sin_ticket', registered without a known ticket and settled through the CPE validity check. Batches the poller
 * still has to settle ('preparado' after a lost answer, 'sin_ticket') are found by the pending index too.
 */
export class LotesSinTicket1763703945000 implements MigrationInterface {
  name = 'LotesSinTicket1763703945000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lotes_sunat DROP CONSTRAINT IF EXISTS lotes_sunat_estado_check`);
    await q.query(
      `ALTER TABLE lotes_sunat ADD CONSTRAINT lotes_sunat_estado_check CHECK (estado IN ('preparado', 'enviado', 'aceptado', 'rechazado', 'error', 'sin_ticket'))`,
    );
    await q.query(`DROP INDEX IF EXISTS lotes_sunat_pendientes_idx`);
    await q.query(`CREATE INDEX lotes_sunat_pendientes_idx ON lotes_sunat (estado) WHERE estado IN ('preparado', 'enviado', 'sin_ticket')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE lotes_sunat SET estado = 'error' WHERE estado = 'sin_ticket'`);
    await q.query(`ALTER TABLE lotes_sunat DROP CONSTRAINT IF EXISTS lotes_sunat_estado_check`);
    await q.query(
      `ALTER TABLE lotes_sunat ADD CONSTRAINT lotes_sunat_estado_check CHECK (estado IN ('preparado', 'enviado', 'aceptado', 'rechazado', 'error'))`,
    );
    await q.query(`DROP INDEX IF EXISTS lotes_sunat_pendientes_idx`);
    await q.query(`CREATE INDEX lotes_sunat_pendientes_idx ON lotes_sunat (estado) WHERE estado = 'enviado'`);
  }
}
