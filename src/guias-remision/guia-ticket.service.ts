import { GUIA_ACEPTADA, GUIA_RECHAZADA } from '@/common/estados';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Eventos } from '@/eventos/eventos.service';
import { toGuiaResponse } from './guia.mapper';
import { conflict } from '@/common/errors/http-errors';
import { EmisorService } from '@/empresas/emisor.service';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { TicketAcceptedResult, TicketRejectedResult } from '@/sunat/gateway/results';
import { GuiaRemision } from './entities/guia-remision.entity';
import { GUIA_MSG } from './guia-messages';
import { baseNameOf, guiaUrls } from './guia-paths';
import { classifyGreFailure, greContext } from './guia-fallos-gre';
import { GuiaConsultaService } from './guia-consulta.service';

/** SPEC "Ticket query rules" responses. */
export type TicketGuiaResult =
  | { success: true; codigo: '0'; mensaje: string }
  | { success: true; codigo: '98'; mensaje: string; en_proceso: true }
  | { success: false; codigo: string; message: string };

/**
 * Reads a guide's ticket and applies SUNAT's final answer: '0' aceptado (CDR and QR kept), '98' stays
 * enviado, anything else rechazado. The consultar-ticket endpoint and the background poller share it.
 */
@Injectable()
export class GuiaTicketService {
  constructor(
    @InjectRepository(GuiaRemision) private readonly guias: Repository<GuiaRemision>,
    private readonly query: GuiaConsultaService,
    private readonly emisores: EmisorService,
    private readonly issuer: DocumentIssuer,
    private readonly eventos: Eventos,
  ) {}

  async resolve(empresaId: number, id: number): Promise<TicketGuiaResult> {
    const guia = await this.query.get(empresaId, id);
    if (!guia.ticket_sunat) throw conflict(GUIA_MSG.sinTicket);
    // Already final: answer from the record, SUNAT is not asked again.
    if (guia.estado === GUIA_ACEPTADA) return { success: true, codigo: '0', mensaje: GUIA_MSG.aceptada };
    if (guia.estado === GUIA_RECHAZADA) {
      return { success: false, codigo: guia.codigo_sunat ?? '', message: guia.mensaje_sunat ?? GUIA_MSG.errorDesconocido };
    }
    const ctx = greContext(await this.emisores.forEmpresa(empresaId));
    const result = await this.issuer.ticketStatus(ctx, empresaId, guia.ticket_sunat, 'gre', baseNameOf(guia)!);
    switch (result.kind) {
      case 'in-process':
        return { success: true, codigo: '98', mensaje: GUIA_MSG.enProceso, en_proceso: true };
      case 'accepted':
        await this.accept(guia, result);
        return { success: true, codigo: '0', mensaje: GUIA_MSG.aceptada };
      case 'rejected':
        return this.reject(guia, result);
      default: {
        // The status call itself was refused (unknown ticket, bad request): nothing was decided about
        // the guide, so it stays enviado and the answer carries SUNAT's code and text.
        const refusal = classifyGreFailure(result);
        return { success: false, codigo: refusal.codigo, message: result.message || GUIA_MSG.errorDesconocido };
      }
    }
  }

  private async accept(guia: GuiaRemision, result: TicketAcceptedResult): Promise<void> {
    await this.conEvento(guia, 'guia.aceptada', (manager) =>
      manager.update(
        GuiaRemision,
        { id: guia.id },
        {
          estado: GUIA_ACEPTADA,
          codigo_sunat: '0',
          mensaje_sunat: result.cdr?.description || GUIA_MSG.aceptada,
          cdr_url: result.cdrZip ? guiaUrls.cdr(guia.id) : null,
          qr_url: result.cdr?.documentDescription ?? null,
          observaciones_sunat: [
            ...new Set([...(guia.observaciones_sunat ?? []), ...result.notes.map((n) => (n.code ? `${n.code} - ${n.message}` : n.message))]),
          ],
        },
      ),
    );
  }

  private async reject(guia: GuiaRemision, result: TicketRejectedResult): Promise<TicketGuiaResult> {
    const codigo = result.code || '99';
    const message = result.message || GUIA_MSG.errorDesconocido;
    await this.conEvento(guia, 'guia.rechazada', (manager) =>
      manager.update(
        GuiaRemision,
        { id: guia.id },
        { estado: GUIA_RECHAZADA, codigo_sunat: codigo, mensaje_sunat: message, cdr_url: result.cdrZip ? guiaUrls.cdr(guia.id) : null },
      ),
    );
    return { success: false, codigo, message };
  }

  /** SUNAT's final answer and its event, committed together. */
  private conEvento(guia: GuiaRemision, tipo: 'guia.aceptada' | 'guia.rechazada', cambio: (manager: EntityManager) => Promise<unknown>): Promise<void> {
    return this.guias.manager.transaction(async (manager) => {
      await cambio(manager);
      await this.eventos.registrar(manager, {
        empresaId: guia.id_empresa,
        tipo,
        recurso: 'guia',
        id: guia.id,
        data: toGuiaResponse(await this.query.get(guia.id_empresa, guia.id, manager)),
      });
    });
  }
}
