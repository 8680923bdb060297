import { GUIA_ENVIADA } from '@/common/estados';
import { Injectable } from '@nestjs/common';
import { GuiaResponse, toGuiaResponse } from './guia.mapper';
import { GuiaConsultaService } from './guia-consulta.service';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { GuiaRemision } from './entities/guia-remision.entity';
import { GuiaTicketService, TicketGuiaResult } from './guia-ticket.service';

/** A guide still waiting for SUNAT's final answer. */
export interface GuiaPendiente {
  empresaId: number;
  guiaId: number;
  ticket: string;
  /** When the guide last changed (the send, for an enviado guide). */
  desde: Date;
}

/**
 * What other modules (the background ticket poller) use. resolveTicket runs exactly the code of
 * POST /api/guias-remision/{id}/consultar-ticket, so both paths move a guide the same way.
 */
@Injectable()
export class GuiasRemisionService {
  constructor(
    @InjectRepository(GuiaRemision) private readonly guias: Repository<GuiaRemision>,
    private readonly tickets: GuiaTicketService,
    private readonly query: GuiaConsultaService,
  ) {}

  /** Guides in estado 'enviado' of every company, oldest first. */
  async pendingTickets(limit = 100): Promise<GuiaPendiente[]> {
    const rows = await this.guias
      .createQueryBuilder('g')
      .select(['g.id', 'g.id_empresa', 'g.ticket_sunat', 'g.updated_at'])
      .where('g.estado = :estado AND g.ticket_sunat IS NOT NULL', { estado: GUIA_ENVIADA })
      .orderBy('g.updated_at', 'ASC')
      .limit(limit)
      .getMany();
    return rows.map((g) => ({ empresaId: g.id_empresa, guiaId: g.id, ticket: g.ticket_sunat!, desde: g.updated_at }));
  }

  /** The company's guide with its lines, as the API shows it (404 / 403 otherwise): for printing. */
  async detalleForEmpresa(empresaId: number, id: number): Promise<GuiaResponse> {
    return toGuiaResponse(await this.query.get(empresaId, id));
  }

  /** Still waiting for SUNAT's final answer. */
  async isPending(guiaId: number): Promise<boolean> {
    return this.guias.exists({ where: { id: guiaId, estado: GUIA_ENVIADA } });
  }

  /**
   * Queries the ticket and applies the answer. Resolves with SPEC's body ('98' carries en_proceso);
   * rejects with an HttpException when SUNAT cannot be reached (502) or there is no ticket (409).
   */
  resolveTicket(empresaId: number, guiaId: number): Promise<TicketGuiaResult> {
    return this.tickets.resolve(empresaId, guiaId);
  }
}
