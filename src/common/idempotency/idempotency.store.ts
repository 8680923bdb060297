import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** How long a key is remembered. */
const KEPT = `interval '24 hours'`;
/** A claim older than this without an answer was abandoned (its process died): the same request may take it over. */
const ABANDONED = `interval '5 minutes'`;
/** Expired keys are purged once every this many claims of the process. */
const PURGE_EVERY = 200;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'busy' }
  /** Abandoned unanswered by a process that died after its work committed: the work is not run again. */
  | { kind: 'done' }
  | { kind: 'mismatch' };

/** The idempotency_claves table: one row per company and key, claimed before the request runs. */
@Injectable()
export class IdempotencyStore {
  private claims = 0;

  constructor(private readonly dataSource: DataSource) {}

  async claim(empresaId: number, clave: string, huella: string): Promise<Claim> {
    if (++this.claims % PURGE_EVERY === 0) await this.dataSource.query(`DELETE FROM idempotency_claves WHERE created_at < now() - ${KEPT}`);
    const taken: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_claves (id_empresa, clave, huella) VALUES ($1, $2, $3)
       ON CONFLICT (id_empresa, clave) DO UPDATE
          SET huella = EXCLUDED.huella, estado = 'en_proceso', status = NULL, respuesta = NULL, efectuada = false, created_at = now()
        WHERE idempotency_claves.created_at < now() - ${KEPT}
           OR (idempotency_claves.estado = 'en_proceso' AND idempotency_claves.huella = EXCLUDED.huella
               AND NOT idempotency_claves.efectuada AND idempotency_claves.created_at < now() - ${ABANDONED})
       RETURNING 1`,
      [empresaId, clave, huella],
    );
    if (taken.length) return { kind: 'claimed' };
    const rows: Array<{ huella: string; estado: string; status: number | null; respuesta: unknown; perdida: boolean }> = await this.dataSource.query(
      `SELECT huella, estado, status, respuesta, (efectuada AND created_at < now() - ${ABANDONED}) AS perdida
         FROM idempotency_claves WHERE id_empresa = $1 AND clave = $2`,
      [empresaId, clave],
    );
    const row = rows[0];
    // released between the two statements: the caller's retry is a new request
    if (!row) return this.claim(empresaId, clave, huella);
    if (row.huella !== huella) return { kind: 'mismatch' };
    if (row.estado !== 'respondida' || row.status === null) return row.perdida ? { kind: 'done' } : { kind: 'busy' };
    return { kind: 'replay', status: row.status, body: row.respuesta };
  }

  async complete(empresaId: number, clave: string, status: number, body: unknown): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_claves SET estado = 'respondida', status = $3, respuesta = $4::jsonb WHERE id_empresa = $1 AND clave = $2`,
      [empresaId, clave, status, JSON.stringify(body ?? null)],
    );
  }

  /** Forgets an unanswered claim: the request failed without creating anything, the client may retry with the key. */
  async release(empresaId: number, clave: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_claves WHERE id_empresa = $1 AND clave = $2 AND estado = 'en_proceso'`, [empresaId, clave]);
  }
}
