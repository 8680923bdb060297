import { LINEA_ANULACION, LOTE_ENVIADO, LOTE_ERROR, LOTE_PREPARADO } from '@/common/estados';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hoyLima } from '@/common/fecha';
import { EmisorService } from '@/empresas/emisor.service';
import { summaryFileName, voidedFileName } from '@/sunat/documents/file-names';
import { DocumentIssuer } from '@/sunat/nest/document-issuer';
import { LoteSunatItem } from './entities/lote-sunat-item.entity';
import { LoteSunat } from './entities/lote-sunat.entity';
import { nextLoteCorrelativo } from './lote-correlativo';
import { reservarDocumentosDelLote } from './lote-pendiente';
import { EnvioLoteInput, EnvioLoteResult, LoteSinDocumentos } from './lote-types';
import { TicketPoller } from '@/ticket-poller/ticket-poller.service';
import { LoteRecuperacionService } from './lote-recuperacion.service';

/**
 * Sends an RC or RA batch: number, build, sign and store it with its batch record in one transaction;
 * send it; then, in a second transaction, keep the ticket and let the flow mark its documents as waiting
 * (input.enProceso: sales in estado_sunat '3', RA notes baja 'en_proceso').
 * A send SUNAT refused without registering leaves the batch in 'error' (its file name is spent; the next one gets
 * the next number). A send with no answer (or SUNAT's 2223) leaves it pending with its documents: the poller sends
 * the same file again and settles it (LoteRecuperacionService); the request answers 'unreachable' saying so.
 */
@Injectable()
export class LoteEnvioService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly emisores: EmisorService,
    private readonly issuer: DocumentIssuer,
    private readonly poller: TicketPoller,
    private readonly recuperacion: LoteRecuperacionService,
  ) {}

  async enviar(input: EnvioLoteInput): Promise<EnvioLoteResult> {
    const emisor = await this.emisores.forEmpresa(input.empresaId);
    const credentials = await emisor.credentials();
    const fechaGeneracion = hoyLima();
    const notas = input.notas ?? [];

    const lote = await this.dataSource.transaction(async (manager) => {
      await reservarDocumentosDelLote(manager, input);
      // the flow's last look at its documents, now that a parallel batch of them is settled (RC: what SUNAT already has)
      const lineas = input.revisar ? await input.revisar(manager, input.lineas) : input.lineas;
      if (input.revisar && !lineas.length && !notas.length) throw new LoteSinDocumentos();
      const incluidas = lineas.filter((l) => l.incluido);
      const correlativo = await nextLoteCorrelativo(manager, emisor.ruc, input.tipo, fechaGeneracion);
      const fileName = (input.tipo === 'RC' ? summaryFileName : voidedFileName)(emisor.ruc, fechaGeneracion, correlativo);
      const name = fileName.replace(/\.xml$/, '');
      const xml = input.buildXml({
        company: emisor.company,
        fechaGeneracion,
        correlativo,
        rate: emisor.igvRate,
        percent: emisor.igvPercent,
        lineas: incluidas,
        notas,
      });
      const issued = await this.issuer.issue(input.empresaId, name, xml, credentials, manager);
      const saved = await manager.save(
        manager.create(LoteSunat, {
          id_empresa: input.empresaId,
          id_usuario: input.userId,
          tipo: input.tipo,
          fecha_generacion: fechaGeneracion,
          fecha_referencia: input.fechaReferencia,
          correlativo,
          nombre_archivo: issued.nombre_xml,
          hash_cpe: issued.hash,
          observaciones: issued.observaciones,
          estado: LOTE_PREPARADO,
        }),
      );
      await manager.insert(LoteSunatItem, [
        ...lineas.map((l) => ({
          id_lote: saved.id,
          id_venta: l.venta.id_venta,
          estado_linea: l.estado_linea,
          motivo: l.motivo ?? null,
          incluido: l.incluido,
          huella: l.huella ?? null,
        })),
        ...notas.map((l) => ({
          id_lote: saved.id,
          id_nota_credito: l.nota.tipo === 'NC' ? l.nota.id : null,
          id_nota_debito: l.nota.tipo === 'ND' ? l.nota.id : null,
          estado_linea: LINEA_ANULACION,
          motivo: l.motivo,
          incluido: true,
        })),
      ]);
      return { ...saved, name, lineas };
    });

    const result = await this.issuer.sendSummary(emisor.context(), input.empresaId, lote.name);
    if (result.kind === 'ticket') {
      await this.dataSource.transaction(async (manager) => {
        await manager.update(LoteSunat, { id: lote.id }, { estado: LOTE_ENVIADO, ticket: result.ticket });
        await input.enProceso(manager, result.ticket, lote.lineas);
      });
      await this.poller.enqueueLote(lote.id);
      return { kind: 'ticket', ticket: result.ticket, nombre_archivo: lote.nombre_archivo, loteId: lote.id, lineas: lote.lineas };
    }
    if (result.kind === 'unknown' || result.kind === 'needs-reconciliation') {
      return { kind: 'unreachable', message: await this.recuperacion.sinRespuesta(lote, result) };
    }
    const failure = describeFailure(result);
    await this.dataSource.getRepository(LoteSunat).update({ id: lote.id }, { estado: LOTE_ERROR, codigo: failure.codigo ?? null, mensaje: failure.message });
    return failure.codigo ? { kind: 'sunat-error', codigo: failure.codigo, message: failure.message } : { kind: 'unreachable', message: failure.message };
  }
}

function describeFailure(result: { kind: string; code?: string; message?: string }): { codigo?: string; message: string } {
  if (result.kind === 'missing-xml') return { message: 'XML no encontrado. Genere el XML primero.' };
  if (result.kind === 'exception') return { codigo: result.code, message: result.message ?? 'Error desconocido' };
  return { message: result.message ?? 'sin respuesta' };
}
