import { GUIA_ACEPTADA, GUIA_ENVIADA, GUIA_PENDIENTE, GUIA_RECHAZADA } from '@/common/estados';
import { Inject, Injectable } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { sunatConfig } from '@/config/sunat.config';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { alreadyAccepted, conflict, xmlMissing } from '@/common/errors/http-errors';
import { EmisorService } from '@/empresas/emisor.service';
import { TicketPoller } from '@/ticket-poller/ticket-poller.service';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { GuiaRemision } from './entities/guia-remision.entity';
import { GUIA_MSG } from './guia-messages';
import { baseNameOf } from './guia-paths';
import { classifyGreFailure, esRechazoTransitorio, greContext } from './guia-fallos-gre';
import { GuiaConsultaService } from './guia-consulta.service';

export type EnvioGuiaResult = { success: true; ticket: string; message: string } | { success: false; codigo: string; message: string };

/** One send's answer; `transitorio` when SUNAT's refusal was SUNAT failing (5xx) or busy (429), not judging the guide. */
export interface SubidaGuia {
  respuesta: EnvioGuiaResult;
  transitorio: boolean;
}

/**
 * POST /api/guias-remision/{id}/enviar (SPEC "Send rules"): token, upload, ticket. Only a pendiente
 * guide goes out, claimed first so that two parallel sends upload it once; SUNAT unreachable or refusing the
 * token is a 502 and the guide stays pendiente.
 */
@Injectable()
export class GuiaEnvioService {
  constructor(
    @InjectRepository(GuiaRemision) private readonly guias: Repository<GuiaRemision>,
    private readonly query: GuiaConsultaService,
    private readonly emisores: EmisorService,
    private readonly issuer: DocumentIssuer,
    private readonly poller: TicketPoller,
    @Inject(sunatConfig.KEY) private readonly sunat: ConfigType<typeof sunatConfig>,
  ) {}

  async enviar(empresaId: number, id: number): Promise<EnvioGuiaResult> {
    return (await this.subir(empresaId, id)).respuesta;
  }

  /** The send with what the send queue needs besides the answer: whether SUNAT's refusal was a failure on its side. */
  async subir(empresaId: number, id: number): Promise<SubidaGuia> {
    const guia = await this.query.get(empresaId, id);
    if (guia.estado === GUIA_ACEPTADA) throw alreadyAccepted();
    if (guia.estado === GUIA_ENVIADA) throw conflict(GUIA_MSG.yaEnviada);
    if (guia.estado === GUIA_RECHAZADA) throw conflict(GUIA_MSG.yaRechazada);
    const name = baseNameOf(guia);
    if (!name) throw xmlMissing();
    const ctx = greContext(await this.emisores.forEmpresa(empresaId));
    await this.reclamar(guia.id);

    try {
      const result = await this.issuer.sendGuide(ctx, empresaId, name);
      if (result.kind === 'missing-xml') throw xmlMissing();
      if (result.kind === 'ticket') {
        await this.guias.update(
          { id: guia.id, estado: GUIA_PENDIENTE },
          { estado: GUIA_ENVIADA, ticket_sunat: result.ticket, mensaje_sunat: GUIA_MSG.enviada, enviando_desde: null },
        );
        await this.poller.enqueueGuia(empresaId, guia.id);
        return { respuesta: { success: true, ticket: result.ticket, message: GUIA_MSG.enviada }, transitorio: false };
      }
      // SUNAT refused the upload: the guide was not registered, so it stays pendiente with SUNAT's answer.
      const refusal = classifyGreFailure(result);
      const message = GUIA_MSG.rechazoEnvio(refusal.body);
      await this.guias.update({ id: guia.id }, { codigo_sunat: refusal.codigo, mensaje_sunat: message, enviando_desde: null });
      return { respuesta: { success: false, codigo: refusal.codigo, message }, transitorio: esRechazoTransitorio(refusal) };
    } finally {
      await this.guias.update({ id: guia.id, estado: GUIA_PENDIENTE }, { enviando_desde: null });
    }
  }

  /**
   * Claims the pendiente guide for this send (committed before the upload): a parallel send is a 409 instead of a
   * second upload. A claim older than an upload can take was left by a crash and is taken over.
   */
  private async reclamar(id: number): Promise<void> {
    const staleSeconds = Math.ceil((2 * this.sunat.timeoutMs) / 1000) + 30;
    const claimed: [unknown[], number] = await this.guias.query(
      `UPDATE guias_remision SET enviando_desde = now()
        WHERE id = $1 AND estado = $2 AND (enviando_desde IS NULL OR enviando_desde < now() - make_interval(secs => $3))
        RETURNING id`,
      [id, GUIA_PENDIENTE, staleSeconds],
    );
    if (claimed[1] === 0) throw conflict(GUIA_MSG.enviando);
  }
}
