import { LOTE_ACEPTADO, LOTE_ENVIADO, LOTE_PREPARADO, LOTE_RECHAZADO, LOTE_SIN_TICKET, LOTES_PENDIENTES } from '@/common/estados';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { notFound, sunatUnavailable } from '@/common/errors/http-errors';
import { EmisorService } from '@/empresas/emisor.service';
import { storageKeys } from '@/sunat/nest/storage-keys';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { TicketStatusResult } from '@/sunat/gateway/results';
import { unexpected } from './batch-errors';
import { LoteSunatItem } from './entities/lote-sunat-item.entity';
import { LoteSunat } from './entities/lote-sunat.entity';
import { LoteDesenlaceService } from './lote-desenlace.service';
import { MSG_LOTE } from './lote-mensajes';
import { LoteRecuperacionService } from './lote-recuperacion.service';
import { observacionesCdr, outcomeOf, TicketAnswer, toTicketAnswer } from './ticket-answer';

/**
 * One place that asks SUNAT about an RC/RA ticket and closes its batch with the final answer, which the
 * flow owning the batch applies to its documents (LoteDesenlaceService): used by both features'
 * consultar-ticket (through ResumenDiarioService / ComunicacionBajaService) and by the background poller. The batch row is locked while the
 * answer is applied, and a batch already closed is not applied twice.
 */
@Injectable()
export class TicketService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly emisores: EmisorService,
    private readonly issuer: DocumentIssuer,
    private readonly desenlaces: LoteDesenlaceService,
    private readonly recuperacion: LoteRecuperacionService,
  ) {}

  private readonly logger = new Logger('TicketService');

  /**
   * consultar-ticket: the SPEC.md answer; 502 when SUNAT cannot be reached. Only tickets of the active
   * company's own batches are asked about (404 otherwise), so nobody can query or probe others' tickets.
   */
  async consultar(empresaId: number, ticket: string): Promise<TicketAnswer> {
    const own = await this.dataSource.getRepository(LoteSunat).exists({ where: { id_empresa: empresaId, ticket } });
    if (!own) throw notFound('Ticket');
    try {
      const result = await this.query(empresaId, ticket);
      if (outcomeOf(result) === 'sin_respuesta') throw sunatUnavailable(result.kind === 'not-sent' || result.kind === 'unknown' ? result.message : result.kind);
      return toTicketAnswer(result);
    } catch (error) {
      throw unexpected('Error al consultar ticket', error);
    }
  }

  /**
   * Poller: true once the batch has its final answer. A batch whose send was not answered ('preparado') is sent
   * again with the same file name, one SUNAT already had ('sin_ticket') is settled by the validity check.
   */
  async resolverLote(loteId: number): Promise<boolean> {
    const lote = await this.dataSource.getRepository(LoteSunat).findOne({ where: { id: loteId } });
    if (lote?.estado === LOTE_PREPARADO) return this.recuperacion.reenviar(lote);
    if (lote?.estado === LOTE_SIN_TICKET) return this.recuperacion.porValidez(lote);
    if (!lote || lote.estado !== LOTE_ENVIADO || !lote.ticket) return true;
    const outcome = outcomeOf(await this.query(lote.id_empresa, lote.ticket));
    return outcome === 'aceptado' || outcome === 'rechazado';
  }

  /**
   * Poller, after its last automatic attempt: the batch stays open (a manual ticket query can close an 'enviado'
   * one; the others are taken up again at the next start) and says why. A 'sin_ticket' batch of which SUNAT
   * registered nothing is closed as rejected by this last validity check.
   */
  async agotado(loteId: number, mensaje: string): Promise<void> {
    const lote = await this.dataSource.getRepository(LoteSunat).findOne({ where: { id: loteId } });
    if (lote?.estado === LOTE_SIN_TICKET && (await this.recuperacion.porValidez(lote, true))) return;
    const repo = this.dataSource.getRepository(LoteSunat);
    await repo.update({ id: loteId, estado: LOTE_ENVIADO }, { mensaje });
    await repo.update({ id: loteId, estado: In([LOTE_PREPARADO, LOTE_SIN_TICKET]) }, { mensaje: MSG_LOTE.agotado });
  }

  /** Ids of batches still to be settled with SUNAT (for the poller's start-up sweep). */
  async pendientes(): Promise<number[]> {
    const rows = await this.dataSource.getRepository(LoteSunat).find({ select: { id: true }, where: { estado: In([...LOTES_PENDIENTES]) } });
    return rows.map((r) => r.id);
  }

  private async query(empresaId: number, ticket: string): Promise<TicketStatusResult> {
    const emisor = await this.emisores.forEmpresa(empresaId);
    // the CDR must answer about this batch's RC/RA file (a CDR about another summary is no answer)
    const lote = await this.dataSource
      .getRepository(LoteSunat)
      .findOne({ select: { nombre_archivo: true, hash_cpe: true }, where: { id_empresa: empresaId, ticket } });
    const cdrName = `ticket-${ticket.replace(/[^0-9A-Za-z-]/g, '')}`;
    const result = await this.issuer.ticketStatus(emisor.context(), empresaId, ticket, 'soap', cdrName, lote?.nombre_archivo ?? cdrName, lote?.hash_cpe);
    const outcome = outcomeOf(result);
    if (outcome === 'aceptado' || outcome === 'rechazado') await this.close(empresaId, ticket, result, outcome === 'aceptado');
    return result;
  }

  /**
   * Applies a final answer to the batch. A batch already closed is left alone, unless this final answer
   * contradicts the one it was closed with (SUNAT is the authority): then it is applied again, with a warning.
   */
  private async close(empresaId: number, ticket: string, result: TicketStatusResult, accepted: boolean): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const lote = await manager.findOne(LoteSunat, { where: { id_empresa: empresaId, ticket }, lock: { mode: 'pessimistic_write' } });
      if (!lote) return;
      const code = 'code' in result ? result.code : '';
      if (lote.estado !== LOTE_ENVIADO) {
        const closedAs = lote.estado === LOTE_ACEPTADO ? true : lote.estado === LOTE_RECHAZADO ? false : null;
        if (closedAs === null || closedAs === accepted) return;
        this.logger.warn(
          `Lote ${lote.id} (ticket ${ticket}) cerrado como ${lote.estado}: SUNAT responde ahora ${code} (${accepted ? 'aceptado' : 'rechazado'}); se reabre y se aplica esta respuesta final`,
        );
      }
      const mensaje = ('message' in result && result.message) || (accepted ? 'Aceptado por SUNAT.' : 'Error desconocido');
      const items = await manager.find(LoteSunatItem, { where: { id_lote: lote.id } });
      await this.desenlaces.aplicar(manager, lote, items, accepted, mensaje);
      const hasCdr = 'cdrZip' in result && !!result.cdrZip;
      await manager.update(
        LoteSunat,
        { id: lote.id },
        {
          estado: accepted ? LOTE_ACEPTADO : LOTE_RECHAZADO,
          codigo: code,
          mensaje,
          notas: observacionesCdr(result),
          cdr_url: hasCdr ? storageKeys.cdr(empresaId, `ticket-${ticket.replace(/[^0-9A-Za-z-]/g, '')}`) : null,
        },
      );
    });
  }
}
