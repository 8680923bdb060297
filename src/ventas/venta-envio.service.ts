import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { DataSource, EntityManager } from 'typeorm';
import { alreadyAccepted, conflict } from '@/common/errors/http-errors';
import { sunatConfig } from '@/config/sunat.config';
import { ColaCorreos } from '@/correos/cola-correos.service';
import { EmisorService } from '@/empresas/emisor.service';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { BillVerdict, envioRespuesta, EnvioRespuesta } from '@/sunat/nest/bill-verdict';
import { EnvioBill, TipoBill } from '@/sunat/nest/envio-bill';
import { Eventos } from '@/eventos/eventos.service';
import { eventoDeVeredicto } from '@/eventos/tipos-evento';
import { SUNAT_ACEPTADA, SUNAT_EN_PROCESO, SUNAT_RECHAZADA, VENTA_ANULADA } from '@/common/estados';
import { Venta } from './entities/venta.entity';
import { BOLETA } from './tipos-documento';
import { bloquearVenta, MSG_VENTA } from './venta-bloqueo';
import { VentasService } from './ventas.service';

export type { EnvioRespuesta };

/**
 * POST /api/ventas/{id}/enviar: sendBill of an invoice through the shared send lifecycle (EnvioBill: claim, call,
 * verdict; a second concurrent send is a 409; transport failures (502) leave the sale as it was, to be sent again).
 * Sales a crash left in the middle of a send are settled with getStatusCdr at start-up and by the send queue's sweep.
 */
@Injectable()
export class VentaEnvioService implements OnApplicationBootstrap {
  private readonly logger = new Logger('VentaEnvio');
  private readonly envio: EnvioBill;
  private readonly tipo: TipoBill<Venta>;

  constructor(
    dataSource: DataSource,
    emisores: EmisorService,
    issuer: DocumentIssuer,
    private readonly ventas: VentasService,
    private readonly correos: ColaCorreos,
    private readonly eventos: Eventos,
    @Inject(sunatConfig.KEY) sunat: ConfigType<typeof sunatConfig>,
  ) {
    this.envio = new EnvioBill(
      dataSource,
      issuer,
      async (empresaId) => (await emisores.forEmpresa(empresaId)).context(),
      () => 2 * sunat.timeoutMs + 30_000,
      this.logger,
    );
    this.tipo = {
      entity: Venta,
      clave: 'id_venta',
      etiqueta: 'Venta',
      bloquear: (manager, empresaId, id) => bloquearVenta(manager, empresaId, id, true),
      assertEnviable,
      registrar: (manager, venta, verdict) => this.registrar(manager, venta, verdict),
    };
  }

  enviar(empresaId: number, id: number): Promise<EnvioRespuesta> {
    return this.envio.enviar(this.tipo, empresaId, id);
  }

  /** Start-up: sales a crash left in the middle of a send are asked about (in the background, the boot does not wait). */
  onApplicationBootstrap(): void {
    void this.reconciliarInterrumpidas().catch((error: unknown) => this.logger.error(`Conciliación de envíos interrumpidos: ${(error as Error).message}`));
  }

  reconciliarInterrumpidas(): Promise<number> {
    return this.envio.reconciliar(this.tipo);
  }

  private async registrar(manager: EntityManager, venta: Venta, verdict: BillVerdict): Promise<EnvioRespuesta> {
    const cdrUrl = `/api/ventas/${venta.id_venta}/cdr`;
    const sunat = { codigo_sunat: verdict.codigo, mensaje_sunat: verdict.mensajeSunat };
    // accepted: '1'; rejected: '2' (the number is spent at SUNAT, a new sale is the way forward);
    // exception: not registered, the number is not consumed and the sale keeps its state.
    if (verdict.kind === 'accepted') {
      await this.ventas.setSunatState(manager, venta.id_venta, { estado_sunat: SUNAT_ACEPTADA, ...sunat, cdr_url: cdrUrl });
      await this.correos.alAceptar(manager, venta.id_empresa, [{ tipo: 'venta', idDocumento: venta.id_venta, idCliente: venta.id_cliente }]);
      // the CDR's notes join the observations the rules made at signing (same 'codigo - mensaje' form)
      const observaciones = [...new Set([...(venta.observaciones ?? []), ...verdict.observaciones])];
      if (observaciones.length !== (venta.observaciones ?? []).length) await manager.update(Venta, { id_venta: venta.id_venta }, { observaciones });
    } else if (verdict.kind === 'rejected')
      await this.ventas.setSunatState(manager, venta.id_venta, { estado_sunat: SUNAT_RECHAZADA, ...sunat, cdr_url: cdrUrl });
    else await this.ventas.setSunatState(manager, venta.id_venta, { estado_sunat: venta.estado_sunat, ...sunat });
    const tipo = eventoDeVeredicto(verdict);
    if (tipo)
      await this.eventos.registrar(manager, {
        empresaId: venta.id_empresa,
        tipo,
        recurso: 'venta',
        id: venta.id_venta,
        data: await this.ventas.findForEmpresa(venta.id_empresa, venta.id_venta, manager),
      });
    return envioRespuesta(verdict, cdrUrl);
  }
}

function assertEnviable(venta: Venta, reclamoVivo: boolean): void {
  if (venta.tipo_documento === BOLETA) throw conflict(MSG_VENTA.boletaIndividual);
  if (venta.estado === VENTA_ANULADA) throw conflict(MSG_VENTA.anulada);
  if (venta.estado_sunat === SUNAT_ACEPTADA) throw alreadyAccepted();
  if (venta.estado_sunat === SUNAT_RECHAZADA) throw conflict(MSG_VENTA.rechazada);
  if (venta.estado_sunat === SUNAT_EN_PROCESO) throw conflict(MSG_VENTA.enProceso);
  // a claim older than a send can take was left by a crash: this send goes ahead (SUNAT's 1033 leads to its CDR)
  if (reclamoVivo) throw conflict(MSG_VENTA.enviando);
}
