import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { alreadyAccepted, conflict, sunatUnavailable, xmlMissing } from '@/common/errors/http-errors';
import { EmisorService } from '@/empresas/emisor.service';
import { BillResult } from '@/sunat/gateway/results';
import { DocumentIssuer, MissingXml } from '@/sunat/nest/document-issuer';
import { documentNameOf } from '@/sunat/nest/storage-keys';
import { SUNAT_RECHAZADA, VENTA_ANULADA } from '@/ventas/entities/venta.entity';
import { VentasService } from '@/ventas/ventas.service';
import { NOTA_ACEPTADA, NOTA_RECHAZADA, NotaBase } from './entities/nota-base';
import { bloquearNota } from './nota-bloqueo';
import { NotaKind, notaUrls } from './nota-kind';
import { MSG_NOTA } from './nota-messages';

export type EnvioNotaRespuesta =
  | { success: true; codigo: string; mensaje: string; observaciones: string[]; cdr_url: string }
  | { success: false; codigo: string; message: string };

/**
 * POST {id}/enviar: sendBill of the stored XML (the issuer reconciles lost answers with getStatusCdr and
 * stores the CDR). The note stays locked for the whole send; SUNAT's verdict moves the note and, for an
 * accepted credit note, the sale, in the same transaction. Transport failures (502) roll back: the note
 * stays pendiente and can be sent again.
 */
@Injectable()
export class NotaEnvioService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly emisores: EmisorService,
    private readonly issuer: DocumentIssuer,
    private readonly ventas: VentasService,
  ) {}

  async enviar(kind: NotaKind, empresaId: number, id: number): Promise<EnvioNotaRespuesta> {
    const emisor = await this.emisores.forEmpresa(empresaId);
    return this.dataSource.transaction(async (manager) => {
      const nota = await bloquearNota(manager, kind, empresaId, id);
      if (nota.estado === NOTA_ACEPTADA) throw alreadyAccepted();
      if (nota.estado === NOTA_RECHAZADA) throw conflict(MSG_NOTA.rechazada);
      const name = nota.nombre_xml ? documentNameOf(nota.nombre_xml) : null;
      if (!name) throw xmlMissing();
      const result = await this.issuer.sendBill(emisor.context(), empresaId, name);
      return this.registrar(manager, kind, nota, result);
    });
  }

  private async registrar(manager: EntityManager, kind: NotaKind, nota: NotaBase, result: BillResult | MissingXml): Promise<EnvioNotaRespuesta> {
    const cdrUrl = notaUrls.cdr(kind, nota.id);
    switch (result.kind) {
      case 'missing-xml':
        throw xmlMissing();
      case 'accepted': {
        const observaciones = result.notes.map((n) => (n.code ? `${n.code} - ${n.message}` : n.message));
        const mensaje = [result.message, ...observaciones].join(' | ');
        await manager.update(kind.entity, { id: nota.id }, { estado: NOTA_ACEPTADA, codigo_sunat: result.code, mensaje_sunat: mensaje, cdr_url: cdrUrl });
        if (kind.anulaVenta) {
          await this.ventas.setSunatState(manager, nota.id_venta, {
            estado: VENTA_ANULADA,
            estado_sunat: SUNAT_RECHAZADA,
            mensaje_sunat: `Anulada por la ${kind.recurso.toLowerCase()} ${nota.serie}-${nota.numero} aceptada por SUNAT.`,
          });
        }
        return { success: true, codigo: result.code, mensaje: result.message, observaciones, cdr_url: cdrUrl };
      }
      case 'rejected':
        // The number is spent at SUNAT: the note stays rejected; a new note is the way forward.
        await manager.update(kind.entity, { id: nota.id }, { estado: NOTA_RECHAZADA, codigo_sunat: result.code, mensaje_sunat: result.message, cdr_url: cdrUrl });
        return { success: false, codigo: result.code, message: result.message };
      case 'exception':
        // Refused without registering (SOAP fault): the number is not consumed, the note stays pendiente.
        await manager.update(kind.entity, { id: nota.id }, { codigo_sunat: result.code, mensaje_sunat: result.message });
        return { success: false, codigo: result.code, message: result.message };
      default:
        throw sunatUnavailable(result.message);
    }
  }
}
