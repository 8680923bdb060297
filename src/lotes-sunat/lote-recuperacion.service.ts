import { LINEA_ANULACION, LOTE_ACEPTADO, LOTE_ENVIADO, LOTE_ERROR, LOTE_PREPARADO, LOTE_RECHAZADO, LOTE_SIN_TICKET } from '@/common/estados';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { sunatConfig } from '@/config/sunat.config';
import { EmisorService } from '@/empresas/emisor.service';
import { NeedsReconciliationResult, UnknownResult, ValidityQueryResult } from '@/sunat/gateway/results';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { TicketPoller } from '@/ticket-poller/ticket-poller.service';
import { LoteSunatItem } from './entities/lote-sunat-item.entity';
import { LoteSunat } from './entities/lote-sunat.entity';
import { LoteDesenlaceService } from './lote-desenlace.service';
import { documentosDelLote } from './lote-documentos';
import { MSG_LOTE } from './lote-mensajes';

/**
 * A batch whose send was not answered is never summarised again under a new name. Its file (committed with the
 * batch before the call) is sent again with the same name; SUNAT either gives the ticket (the first send never
 * arrived) or answers 2223, "already presented": the batch is then 'sin_ticket' and each of its documents is
 * asked about through SUNAT's validity check (Consulta Integrada), which settles the batch. The poller runs both
 * steps (and its start-up sweep finds these batches again after a crash).
 */
@Injectable()
export class LoteRecuperacionService {
  private readonly logger = new Logger('LoteRecuperacion');

  constructor(
    private readonly dataSource: DataSource,
    private readonly emisores: EmisorService,
    private readonly issuer: DocumentIssuer,
    private readonly desenlaces: LoteDesenlaceService,
    private readonly poller: TicketPoller,
    @Inject(sunatConfig.KEY) private readonly sunat: ConfigType<typeof sunatConfig>,
  ) {}

  /** The longest a send can take: a younger 'preparado' batch may still be in its own request. */
  private get staleMs(): number {
    return 2 * this.sunat.timeoutMs + 30_000;
  }

  /**
   * The request's send got no answer (timeout, dropped connection, 5xx) or SUNAT already has the file (2223):
   * the batch keeps its name and its documents, the poller takes it from here. Returns what the request answers
   * (the batch's mensaje, and that the send must not be repeated).
   */
  async sinRespuesta(lote: Pick<LoteSunat, 'id' | 'nombre_archivo'>, result: UnknownResult | NeedsReconciliationResult): Promise<string> {
    const mensaje =
      result.kind === 'unknown'
        ? MSG_LOTE.respuestaPerdida(lote.nombre_archivo, result.message)
        : MSG_LOTE.yaPresentado(lote.nombre_archivo, result.code, result.message);
    await this.dataSource
      .getRepository(LoteSunat)
      .update({ id: lote.id, estado: LOTE_PREPARADO }, result.kind === 'unknown' ? { mensaje } : { estado: LOTE_SIN_TICKET, codigo: result.code, mensaje });
    await this.poller.enqueueLote(lote.id);
    return `${mensaje} ${MSG_LOTE.noRepetir}`;
  }

  /**
   * Poller, 'preparado': the same file sent again. A ticket makes it 'enviado' (polled next); 2223 makes it
   * 'sin_ticket' and the validity check follows at once; a refusal that registered nothing ends it in 'error'
   * (its documents are free again). True once the batch needs nothing more from here.
   */
  async reenviar(lote: LoteSunat): Promise<boolean> {
    // no lost answer recorded and younger than a send can take: its own request is still sending it
    if (!lote.mensaje && Date.now() - new Date(lote.created_at).getTime() < this.staleMs) return false;
    const emisor = await this.emisores.forEmpresa(lote.id_empresa);
    const name = lote.nombre_archivo.replace(/\.xml$/, '');
    const result = await this.issuer.sendSummary(emisor.context(), lote.id_empresa, name);
    if (result.kind === 'ticket') {
      await this.conTicket(lote.id, result.ticket);
      return false;
    }
    if (result.kind === 'needs-reconciliation') {
      await this.sinRespuesta(lote, result);
      const sinTicket = await this.dataSource.getRepository(LoteSunat).findOneBy({ id: lote.id });
      return sinTicket?.estado === LOTE_SIN_TICKET ? this.porValidez(sinTicket) : true;
    }
    if (result.kind === 'unknown' || result.kind === 'not-sent') {
      await this.dataSource
        .getRepository(LoteSunat)
        .update({ id: lote.id, estado: LOTE_PREPARADO }, { mensaje: MSG_LOTE.respuestaPerdida(lote.nombre_archivo, result.message) });
      return false;
    }
    const codigo = result.kind === 'exception' ? result.code : null;
    const mensaje = result.kind === 'exception' ? result.message : 'XML no encontrado. Genere el XML primero.';
    await this.dataSource.getRepository(LoteSunat).update({ id: lote.id, estado: LOTE_PREPARADO }, { estado: LOTE_ERROR, codigo, mensaje });
    this.logger.warn(`Lote ${lote.id} (${lote.nombre_archivo}): SUNAT no registró el archivo reenviado (${codigo ?? 'sin XML'}): ${mensaje}`);
    return true;
  }

  /**
   * Poller, 'sin_ticket': SUNAT's validity check of every document the file carried. The batch is accepted when each
   * one shows what the file asked for (an RC's reported boletas accepted, its voided ones and an RA's documents
   * voided). What SUNAT has not registered yet is asked again later; on the poller's last attempt (`ultimo`) a
   * file of which SUNAT registered nothing is closed as rejected (SUNAT answered 99 or never processed it), so its
   * documents can be sent again. True once the batch is closed.
   */
  async porValidez(lote: LoteSunat, ultimo = false): Promise<boolean> {
    const emisor = await this.emisores.forEmpresa(lote.id_empresa);
    const ctx = emisor.context();
    const documentos = (await documentosDelLote(this.dataSource.manager, lote.id)).filter((d) => d.incluido);
    let confirmados = 0;
    let falla: string | null = null;
    for (const doc of documentos) {
      const result: ValidityQueryResult = await this.issuer.checkValidity(ctx, lote.id_empresa, {
        ruc: emisor.ruc,
        tipo: doc.tipo,
        serie: doc.serie,
        numero: doc.numero,
        fechaEmision: doc.fecha_emision,
      });
      if (result.kind !== 'validity') {
        falla = `${doc.serie}-${doc.numero}: ${result.message}`;
        break;
      }
      const anula = lote.tipo === 'RA' || doc.estado_linea === LINEA_ANULACION;
      if (anula ? result.state === 'voided' : result.state === 'accepted' || result.state === 'voided') confirmados++;
    }
    if (!falla && confirmados === documentos.length) {
      return this.cerrar(lote.id, true, MSG_LOTE.aceptadoPorValidez(documentos.length));
    }
    if (!falla && ultimo && confirmados === 0) {
      return this.cerrar(lote.id, false, MSG_LOTE.noRegistrado(documentos.length));
    }
    await this.dataSource
      .getRepository(LoteSunat)
      .update({ id: lote.id, estado: LOTE_SIN_TICKET }, { mensaje: MSG_LOTE.sinTicket(confirmados, documentos.length, falla) });
    return false;
  }

  /** The ticket of a file sent again: the batch waits for it, its documents too (as after an answered send). */
  private async conTicket(loteId: number, ticket: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const lote = await manager.findOne(LoteSunat, { where: { id: loteId }, lock: { mode: 'pessimistic_write' } });
      if (!lote || (lote.estado !== LOTE_PREPARADO && lote.estado !== LOTE_SIN_TICKET)) return;
      await manager.update(LoteSunat, { id: loteId }, { estado: LOTE_ENVIADO, ticket, codigo: null, mensaje: null });
      const items = await manager.find(LoteSunatItem, { where: { id_lote: loteId } });
      await this.desenlaces.enProceso(manager, lote, items, ticket);
    });
    this.logger.log(`Lote ${loteId}: reenviado con el mismo nombre, ticket ${ticket}`);
  }

  /** Applies the outcome the validity check established, once (the batch row locked, still 'sin_ticket'). */
  private async cerrar(loteId: number, accepted: boolean, mensaje: string): Promise<boolean> {
    await this.dataSource.transaction(async (manager) => {
      const lote = await manager.findOne(LoteSunat, { where: { id: loteId, estado: LOTE_SIN_TICKET }, lock: { mode: 'pessimistic_write' } });
      if (!lote) return;
      const items = await manager.find(LoteSunatItem, { where: { id_lote: loteId } });
      await this.desenlaces.aplicar(manager, lote, items, accepted, mensaje);
      await manager.update(LoteSunat, { id: loteId }, { estado: accepted ? LOTE_ACEPTADO : LOTE_RECHAZADO, mensaje });
    });
    this.logger.log(`Lote ${loteId}: cerrado por la consulta de validez (${accepted ? 'aceptado' : 'rechazado'})`);
    return true;
  }
}
