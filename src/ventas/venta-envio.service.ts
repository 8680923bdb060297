import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { alreadyAccepted, conflict, xmlMissing } from '@/common/errors/http-errors';
import { EmisorService } from '@/empresas/emisor.service';
import { BillResult } from '@/sunat/gateway/results';
import { DocumentIssuer, MissingXml } from '@/sunat/nest/document-issuer';
import { billVerdict, envioRespuesta, EnvioRespuesta } from '@/sunat/nest/bill-verdict';
import { documentNameOf } from '@/sunat/nest/storage-keys';
import { SUNAT_ACEPTADA, SUNAT_EN_PROCESO, SUNAT_RECHAZADA, VENTA_ANULADA } from '@/common/estados';
import { Venta } from './entities/venta.entity';
import { BOLETA } from './tipos-documento';
import { bloquearVenta, MSG_VENTA } from './venta-bloqueo';
import { VentasService } from './ventas.service';

export type { EnvioRespuesta };

/**
 * POST /api/ventas/{id}/enviar: sendBill of an invoice, synchronously. The sale row stays locked (NOWAIT)
 * for the whole send, so a second concurrent send gets a 409 instead of sending twice; a crash releases
 * the lock with the transaction, so no stale "sending" flag can remain. Transport failures (502) roll
 * back: the sale keeps its state and can be sent again (the issuer reconciles with getStatusCdr).
 */
@Injectable()
export class VentaEnvioService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly emisores: EmisorService,
    private readonly issuer: DocumentIssuer,
    private readonly ventas: VentasService,
  ) {}

  async enviar(empresaId: number, id: number): Promise<EnvioRespuesta> {
    const emisor = await this.emisores.forEmpresa(empresaId);
    return this.dataSource.transaction(async (manager) => {
      const venta = await bloquearVenta(manager, empresaId, id, true);
      assertEnviable(venta);
      const name = venta.nombre_xml ? documentNameOf(venta.nombre_xml) : null;
      if (!name) throw xmlMissing();
      const result = await this.issuer.sendBill(emisor.context(), empresaId, name);
      return this.registrar(manager, venta, result);
    });
  }

  private async registrar(manager: Parameters<VentasService['setSunatState']>[0], venta: Venta, result: BillResult | MissingXml): Promise<EnvioRespuesta> {
    const cdrUrl = `/api/ventas/${venta.id_venta}/cdr`;
    const verdict = billVerdict(result);
    const sunat = { codigo_sunat: verdict.codigo, mensaje_sunat: verdict.mensajeSunat };
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

function assertEnviable(venta: Venta): void {
  if (venta.tipo_documento === BOLETA) throw conflict(MSG_VENTA.boletaIndividual);
  if (venta.estado === VENTA_ANULADA) throw conflict(MSG_VENTA.anulada);
  if (venta.estado_sunat === SUNAT_ACEPTADA) throw alreadyAccepted();
  if (venta.estado_sunat === SUNAT_RECHAZADA) throw conflict(MSG_VENTA.rechazada);
  if (venta.estado_sunat === SUNAT_EN_PROCESO) throw conflict(MSG_VENTA.enProceso);
}
