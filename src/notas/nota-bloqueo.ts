import { EntityManager } from 'typeorm';
import { conflict, forbidden } from '@/common/errors/http-errors';
import { NotaBase } from './entities/nota-base';
import { NotaKind } from './nota-kind';
import { MSG_NOTA, notaNoEncontrada } from './nota-messages';

/** The company's note by id: 404 when absent, 403 for another company's. */
export function assertNotaDeEmpresa<T extends NotaBase>(kind: NotaKind, nota: T | null, empresaId: number): T {
  if (!nota) throw notaNoEncontrada(kind);
  if (nota.id_empresa !== empresaId) throw forbidden();
  return nota;
}

export async function buscarNota(manager: EntityManager, kind: NotaKind, empresaId: number, id: number): Promise<NotaBase> {
  return assertNotaDeEmpresa(kind, await manager.findOne(kind.entity, { where: { id } }), empresaId);
}

/**
 * The note row locked (NOWAIT) until the caller's transaction ends: a second concurrent send gets 409
 * instead of sending twice, and a crash releases the lock with the transaction.
 */
export async function bloquearNota(manager: EntityManager, kind: NotaKind, empresaId: number, id: number): Promise<NotaBase> {
  try {
    const nota = await manager.findOne(kind.entity, { where: { id }, lock: { mode: 'pessimistic_write_or_fail' } });
    return assertNotaDeEmpresa(kind, nota, empresaId);
  } catch (e) {
    const err = e as { code?: string; driverError?: { code?: string } };
    // 55P03 lock_not_available: another request is sending this note.
    if (err.code === '55P03' || err.driverError?.code === '55P03') throw conflict(MSG_NOTA.enviando);
    throw e;
  }
}
