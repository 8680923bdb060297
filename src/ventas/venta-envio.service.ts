import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { DataSource, EntityManager, IsNull, LessThan, Not } from 'typeorm';
import { alreadyAccepted, conflict, xmlMissing } from '@/common/errors/http-errors';
import { sunatConfig } from '@/config/sunat.config';
import { EmisorService } from '@/empresas/emisor.service';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { billVerdict, BillVerdict, cdrAjeno, desenlaceDeConciliacion, envioRespuesta, EnvioRespuesta } from '@/sunat/nest/bill-verdict';
import { documentNameOf } from '@/sunat/nest/storage-keys';
import { SUNAT_ACEPTADA, SUNAT_EN_PROCESO, SUNAT_RECHAZADA, VENTA_ANULADA } from '@/common/estados';
import { Venta } from './entities/venta.entity';
import { BOLETA } from './tipos-documento';
import { bloquearVenta, MSG_VENTA } from './venta-bloqueo';
import { VentasService } from './ventas.service';

export type { EnvioRespuesta };

/**
 * POST /api/ventas/{id}/enviar: sendBill of an invoice, synchronously, without holding a database connection
 * while SUNAT answers. A first short transaction claims the sale (`enviando_desde`, a second concurrent send is a
 * 409) and commits; the call runs; a second transaction applies the answer and clears the claim. Transport
 * failures (502) clear it too: the sale keeps its state and can be sent again (the issuer reconciles with
 * getStatusCdr). A claim a crash left behind is resolved at start-up by asking SUNAT (getStatusCdr), or by the
 * next send once it is older than a send can take.
 */
@Injectable()
export class VentaEnvioService implements OnApplicationBootstrap {
  private readonly logger = new Logger('VentaEnvio');

  constructor(
    private readonly dataSource: DataSource,
    private readonly emisores: EmisorService,
    private readonly issuer: DocumentIssuer,
    private readonly ventas: VentasService,
    @Inject(sunatConfig.KEY) private readonly sunat: ConfigType<typeof sunatConfig>,
  ) {}

  /** The longest a send can take (sendBill, then getStatusCdr when its answer is lost). */
  private get staleMs(): number {
    return 2 * this.sunat.timeoutMs + 30_000;
  }

  async enviar(empresaId: number, id: number): Promise<EnvioRespuesta> {
    const emisor = await this.emisores.forEmpresa(empresaId);
    const name = await this.dataSource.transaction(async (manager) => {
      const venta = await bloquearVenta(manager, empresaId, id, true);
      assertEnviable(venta, this.staleMs);
      const nombre = venta.nombre_xml ? documentNameOf(venta.nombre_xml) : null;
      if (!nombre) throw xmlMissing();
      await manager.update(Venta, { id_venta: id }, { enviando_desde: () => 'now()' });
      return nombre;
    });
    let verdict: BillVerdict;
    let result: Awaited<ReturnType<DocumentIssuer['sendBill']>> | undefined;
    try {
      result = await this.issuer.sendBill(emisor.context(), empresaId, name);
      verdict = billVerdict(result);
    } catch (error) {
      // a CDR about another document (SUNAT's beta: another company's, same serie-número) flags the sale
      const ajeno = cdrAjeno(result);
      await this.dataSource.getRepository(Venta).update({ id_venta: id }, { enviando_desde: null, ...(ajeno ? { mensaje_sunat: ajeno } : {}) });
      throw error;
    }
    return this.dataSource.transaction(async (manager) => {
      const venta = await bloquearVenta(manager, empresaId, id);
      return this.registrar(manager, venta, verdict);
    });
  }

  /** Start-up: sales a crash left in the middle of a send are asked about (in the background, the boot does not wait). */
  onApplicationBootstrap(): void {
    void this.reconciliarInterrumpidas().catch((error: unknown) => this.logger.error(`Conciliación de envíos interrumpidos: ${(error as Error).message}`));
  }

  /**
   * Sales whose send claim is older than a send can take: getStatusCdr decides; 'not found' frees them to be sent.
   * A CDR is taken only when it is about the sale's own XML (serie-número, hash, customer); another one (SUNAT's
   * beta answers another company's CDR for the same serie-número) frees the claim and flags the sale's mensaje_sunat.
   */
  async reconciliarInterrumpidas(): Promise<number> {
    const limite = new Date(Date.now() - this.staleMs);
    const pendientes = await this.dataSource.getRepository(Venta).find({
      select: { id_venta: true, id_empresa: true, nombre_xml: true },
      where: { enviando_desde: LessThan(limite) },
      take: 500,
    });
    let resueltas = 0;
    for (const p of pendientes) {
      const name = p.nombre_xml ? documentNameOf(p.nombre_xml) : null;
      const result = name ? await this.issuer.recoverBill((await this.emisores.forEmpresa(p.id_empresa)).context(), p.id_empresa, name) : null;
      const desenlace = desenlaceDeConciliacion(result);
      if (desenlace.kind === 'esperar') continue; // unreachable: left for the next start or the next send
      const hecho = await this.dataSource.transaction(async (manager) => {
        const venta = await manager.findOne(Venta, { where: { id_venta: p.id_venta, enviando_desde: Not(IsNull()) }, lock: { mode: 'pessimistic_write' } });
        if (!venta) return false;
        if (desenlace.kind === 'registrar') await this.registrar(manager, venta, desenlace.verdict);
        else
          await manager.update(
            Venta,
            { id_venta: venta.id_venta },
            { enviando_desde: null, ...(desenlace.kind === 'ajeno' ? { mensaje_sunat: desenlace.mensajeSunat } : {}) },
          );
        return true;
      });
      if (!hecho) continue;
      resueltas++;
      if (desenlace.kind === 'registrar') this.logger.log(`Venta ${p.id_venta}: envío interrumpido conciliado (${desenlace.verdict.kind})`);
      // a CDR about another document is never taken: the sale keeps its state, flagged, free to be sent again
      if (desenlace.kind === 'ajeno') this.logger.warn(`Venta ${p.id_venta}: conciliación con un CDR ajeno, no aceptada (${desenlace.mensajeSunat})`);
    }
    return resueltas;
  }

  private async registrar(manager: EntityManager, venta: Venta, verdict: BillVerdict): Promise<EnvioRespuesta> {
    const cdrUrl = `/api/ventas/${venta.id_venta}/cdr`;
    const sunat = { codigo_sunat: verdict.codigo, mensaje_sunat: verdict.mensajeSunat };
    await manager.update(Venta, { id_venta: venta.id_venta }, { enviando_desde: null });
    // accepted: '1'; rejected: '2' (the number is spent at SUNAT, a new sale is the way forward);
    // exception: not registered, the number is not consumed and the sale keeps its state.
    if (verdict.kind === 'accepted') {
      await this.ventas.setSunatState(manager, venta.id_venta, { estado_sunat: SUNAT_ACEPTADA, ...sunat, cdr_url: cdrUrl });
      // the CDR's notes join the observations the rules made at signing (same 'codigo - mensaje' form)
      const observaciones = [...new Set([...(venta.observaciones ?? []), ...verdict.observaciones])];
      if (observaciones.length !== (venta.observaciones ?? []).length) await manager.update(Venta, { id_venta: venta.id_venta }, { observaciones });
    } else if (verdict.kind === 'rejected')
      await this.ventas.setSunatState(manager, venta.id_venta, { estado_sunat: SUNAT_RECHAZADA, ...sunat, cdr_url: cdrUrl });
    else await this.ventas.setSunatState(manager, venta.id_venta, { estado_sunat: venta.estado_sunat, ...sunat });
    return envioRespuesta(verdict, cdrUrl);
  }
}

function assertEnviable(venta: Venta, staleMs: number): void {
  if (venta.tipo_documento === BOLETA) throw conflict(MSG_VENTA.boletaIndividual);
  if (venta.estado === VENTA_ANULADA) throw conflict(MSG_VENTA.anulada);
  if (venta.estado_sunat === SUNAT_ACEPTADA) throw alreadyAccepted();
  if (venta.estado_sunat === SUNAT_RECHAZADA) throw conflict(MSG_VENTA.rechazada);
  if (venta.estado_sunat === SUNAT_EN_PROCESO) throw conflict(MSG_VENTA.enProceso);
  // a claim older than a send can take was left by a crash: this send goes ahead (SUNAT's 1033 leads to its CDR)
  if (venta.enviando_desde && Date.now() - new Date(venta.enviando_desde).getTime() < staleMs) throw conflict(MSG_VENTA.enviando);
}
