import { Injectable } from '@nestjs/common';
import { ClsServiceManager } from 'nestjs-cls';
import { DataSource, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import type { AppClsStore } from '../context/request-context';

/**
 * Marks a keyed request's claim `efectuada` inside every transaction the request commits, so the mark exists exactly
 * when the work does: a process that dies after its commit but before it stored the answer leaves a claim that no
 * retry may take over and run again (idempotency.store.ts).
 */
@Injectable()
export class IdempotencySubscriber implements EntitySubscriberInterface {
  constructor(dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const cls = ClsServiceManager.getClsService<AppClsStore>();
    const claim = cls.isActive() ? cls.get('idempotency') : undefined;
    if (!claim) return;
    await event.queryRunner.query(`UPDATE idempotency_claves SET efectuada = true WHERE id_empresa = $1 AND id_usuario = $2 AND clave = $3`, [
      claim.empresaId,
      claim.usuarioId,
      claim.clave,
    ]);
  }
}
