import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { appConfig, AppConfig } from '@/config/app.config';
import { idempotencyAnswerKey, IdempotencyOwner, openAnswer, sealAnswer } from './idempotency-sealing';

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
  /** The work committed but its answer cannot be given (a process died before storing it, or it no longer decrypts). */
  | { kind: 'done' }
  | { kind: 'mismatch' };

/**
 * The idempotency_claves table: one row per company, user and key, claimed before the request runs. Another user's
 * row with the same key is never read: for that user the key is new. Answers are stored encrypted (APP_KEY).
 */
@Injectable()
export class IdempotencyStore {
  private readonly logger = new Logger('Idempotency');
  private readonly key: Buffer;
  private claims = 0;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(appConfig.KEY) app: AppConfig,
  ) {
    this.key = idempotencyAnswerKey(app.secretKey);
  }

  async claim(owner: IdempotencyOwner, huella: string): Promise<Claim> {
    if (++this.claims % PURGE_EVERY === 0) await this.dataSource.query(`DELETE FROM idempotency_claves WHERE created_at < now() - ${KEPT}`);
    const { empresaId, usuarioId, clave } = owner;
    const taken: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_claves (id_empresa, id_usuario, clave, huella) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id_empresa, id_usuario, clave) DO UPDATE
          SET huella = EXCLUDED.huella, estado = 'en_proceso', status = NULL, respuesta_cifrada = NULL, efectuada = false, created_at = now()
        WHERE idempotency_claves.created_at < now() - ${KEPT}
           OR (idempotency_claves.estado = 'en_proceso' AND idempotency_claves.huella = EXCLUDED.huella
               AND NOT idempotency_claves.efectuada AND idempotency_claves.created_at < now() - ${ABANDONED})
       RETURNING 1`,
      [empresaId, usuarioId, clave, huella],
    );
    if (taken.length) return { kind: 'claimed' };
    const rows: Array<{ huella: string; estado: string; status: number | null; respuesta_cifrada: string | null; perdida: boolean }> =
      await this.dataSource.query(
        `SELECT huella, estado, status, respuesta_cifrada, (efectuada AND created_at < now() - ${ABANDONED}) AS perdida
           FROM idempotency_claves WHERE id_empresa = $1 AND id_usuario = $2 AND clave = $3`,
        [empresaId, usuarioId, clave],
      );
    const row = rows[0];
    // released between the two statements: the caller's retry is a new request
    if (!row) return this.claim(owner, huella);
    if (row.huella !== huella) return { kind: 'mismatch' };
    if (row.estado !== 'respondida' || row.status === null || row.respuesta_cifrada === null) return row.perdida ? { kind: 'done' } : { kind: 'busy' };
    try {
      return { kind: 'replay', status: row.status, body: openAnswer(row.respuesta_cifrada, this.key, owner) };
    } catch (e) {
      // APP_KEY changed since it was stored (or the row was tampered with): the work is done, its answer is lost
      this.logger.warn(`Respuesta guardada de una Idempotency-Key ilegible (${(e as Error).message})`);
      return { kind: 'done' };
    }
  }

  async complete(owner: IdempotencyOwner, status: number, body: unknown): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_claves SET estado = 'respondida', status = $4, respuesta_cifrada = $5
        WHERE id_empresa = $1 AND id_usuario = $2 AND clave = $3`,
      [owner.empresaId, owner.usuarioId, owner.clave, status, sealAnswer(body, this.key, owner)],
    );
  }

  /** Forgets an unanswered claim: the request failed without creating anything, the client may retry with the key. */
  async release(owner: IdempotencyOwner): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_claves WHERE id_empresa = $1 AND id_usuario = $2 AND clave = $3 AND estado = 'en_proceso'`, [
      owner.empresaId,
      owner.usuarioId,
      owner.clave,
    ]);
  }
}
