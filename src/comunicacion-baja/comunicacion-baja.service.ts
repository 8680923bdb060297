import { LINEA_ANULACION, SUNAT_EN_PROCESO } from '@/common/estados';
import { Injectable } from '@nestjs/common';
import { AuthContext } from '@/common/context/request-context';
import { invalidField, sunatUnavailable } from '@/common/errors/http-errors';
import { TipoNota } from '@/notas/entities/motivo-nota.entity';
import { NotaBajaService, NotaParaBaja } from '@/notas/nota-baja.service';
import { buildVoidedXml } from '@/sunat/xml/voided-xml';
import { VoidedLine } from '@/sunat/documents/voided';
import { batchRefused, unexpected } from '@/lotes-sunat/batch-errors';
import { LoteEnvioService } from '@/lotes-sunat/lote-envio.service';
import { comunicacionEnviada } from './baja-desenlace.service';
import { LoteLinea, LoteLineaNota } from '@/lotes-sunat/lote-types';
import { TicketAnswer } from '@/lotes-sunat/ticket-answer';
import { TicketService } from '@/lotes-sunat/ticket.service';
import { assertVentasExist } from '@/lotes-sunat/ventas-existentes';
import { VentasService } from '@/ventas/ventas.service';
import { ComunicacionBajaDto, DocumentoBajaDto } from './dto/comunicacion-baja.dto';
import { motivoRechazoBaja, motivoRechazoBajaNota } from './reglas-baja';

export const MOTIVO_DEFECTO = 'ERROR EN EMISION';
export const MSG_UN_DOCUMENTO = 'Indique exactamente uno de id_venta, id_nota_credito o id_nota_debito.';

type Campo = 'id_venta' | 'id_nota_credito' | 'id_nota_debito';
const CAMPOS: readonly Campo[] = ['id_venta', 'id_nota_credito', 'id_nota_debito'];
const TIPO_NOTA: Record<Exclude<Campo, 'id_venta'>, TipoNota> = { id_nota_credito: 'NC', id_nota_debito: 'ND' };
const NOTA_NO_EXISTE: Record<TipoNota, string> = {
  NC: 'La nota de crédito seleccionada no existe.',
  ND: 'La nota de débito seleccionada no existe.',
};

/** A request item: which document it names and where it sits in `documentos`. */
interface Referencia {
  index: number;
  campo: Campo;
  id: number;
  motivo: string;
}

@Injectable()
export class ComunicacionBajaService {
  constructor(
    private readonly ventas: VentasService,
    private readonly notas: NotaBajaService,
    private readonly lotes: LoteEnvioService,
    private readonly tickets: TicketService,
  ) {}

  /** POST /api/comunicacion-baja/consultar-ticket: asks SUNAT, and a final answer voids (or not) the batch's documents. */
  consultarTicket(empresaId: number, ticket: string): Promise<TicketAnswer> {
    return this.tickets.consultar(empresaId, ticket);
  }

  async enviar(auth: AuthContext, dto: ComunicacionBajaDto) {
    const refs = dto.documentos.map(referencia);
    const ventas = refs.filter((r) => r.campo === 'id_venta');
    await assertVentasExist(
      this.ventas,
      ventas.map((r) => r.id),
      (i) => `documentos.${ventas[i].index}.id_venta`,
    );
    for (const campo of ['id_nota_credito', 'id_nota_debito'] as const) {
      const delCampo = refs.filter((r) => r.campo === campo);
      const found = await this.notas.existingIds(
        TIPO_NOTA[campo],
        delCampo.map((r) => r.id),
      );
      const missing = delCampo.find((r) => !found.has(r.id));
      if (missing) throw invalidField(`documentos.${missing.index}.${campo}`, NOTA_NO_EXISTE[TIPO_NOTA[campo]]);
    }
    try {
      return await this.send(auth, refs);
    } catch (error) {
      throw unexpected('Error al enviar comunicación de baja', error);
    }
  }

  /**
   * Sales first (by id, as before notes could be voided), then credit notes, then debit notes (by id): the
   * first valid one fixes the RA's ReferenceDate for all lines.
   */
  private async send(auth: AuthContext, refs: Referencia[]) {
    const idsDe = (campo: Campo) => refs.filter((r) => r.campo === campo).map((r) => r.id);
    const motivosDe = (campo: Campo) => new Map(refs.filter((r) => r.campo === campo).map((r) => [r.id, r.motivo]));
    const ventas = await this.ventas.findManyForEmpresa(auth.empresaId, idsDe('id_venta'));
    const notas: Array<{ nota: NotaParaBaja; motivo: string }> = [];
    for (const campo of ['id_nota_credito', 'id_nota_debito'] as const) {
      const motivos = motivosDe(campo);
      for (const nota of await this.notas.findManyForEmpresa(TIPO_NOTA[campo], auth.empresaId, idsDe(campo))) {
        notas.push({ nota, motivo: motivos.get(nota.id)! });
      }
    }
    if (!ventas.length && !notas.length) throw batchRefused('No se encontraron documentos válidos.');

    const motivosVenta = motivosDe('id_venta');
    const advertencias: string[] = [];
    const lineas: LoteLinea[] = [];
    for (const venta of ventas) {
      const rechazo = motivoRechazoBaja(venta);
      if (rechazo) advertencias.push(`${venta.numero_completo}: ${rechazo.reason}`);
      // SPEC.md: every accepted 01/07/08 sale of the request goes to '3', those past the deadline included.
      if (!rechazo || rechazo.deadline) lineas.push({ venta, estado_linea: LINEA_ANULACION, motivo: motivosVenta.get(venta.id_venta), incluido: !rechazo });
    }
    // A refused note is only reported: its state does not change (the deadline hold is for sales).
    let lineasNota: LoteLineaNota[] = [];
    for (const linea of notas) {
      const rechazo = motivoRechazoBajaNota(linea.nota);
      if (rechazo) advertencias.push(`${linea.nota.numero_completo}: ${rechazo}`);
      else lineasNota.push(linea);
    }

    const incluidas = lineas.filter((l) => l.incluido);
    const fechaReferencia = incluidas[0]?.venta.fecha_emision ?? lineasNota[0]?.nota.fecha_emision;
    // One RA carries documents of one issue date (its ReferenceDate): others are left for another RA.
    const otraFecha = (fecha: string) => `su fecha de emisión (${fecha}) difiere de ${fechaReferencia}; envíela en otra comunicación.`;
    for (const linea of incluidas.filter((l) => l.venta.fecha_emision !== fechaReferencia)) {
      linea.incluido = false;
      advertencias.push(`${linea.venta.numero_completo}: ${otraFecha(linea.venta.fecha_emision)}`);
    }
    for (const linea of lineasNota.filter((l) => l.nota.fecha_emision !== fechaReferencia)) {
      advertencias.push(`${linea.nota.numero_completo}: ${otraFecha(linea.nota.fecha_emision)}`);
    }
    lineasNota = lineasNota.filter((l) => l.nota.fecha_emision === fechaReferencia);
    if (!incluidas.length && !lineasNota.length) {
      throw batchRefused('Ningún documento pasó la validación.', advertencias);
    }
    const result = await this.lotes.enviar({
      empresaId: auth.empresaId,
      userId: auth.userId,
      tipo: 'RA',
      fechaReferencia: fechaReferencia!,
      lineas,
      notas: lineasNota,
      enProceso: async (manager, ticket) => {
        const mensaje = comunicacionEnviada(ticket);
        for (const linea of lineas) {
          await this.ventas.setSunatState(manager, linea.venta.id_venta, { estado_sunat: SUNAT_EN_PROCESO, mensaje_sunat: mensaje });
        }
        for (const linea of lineasNota) {
          await this.notas.marcarEnProceso(manager, linea.nota.tipo, linea.nota.id, mensaje);
        }
      },
      buildXml: ({ company, fechaGeneracion, correlativo, lineas: enviadas, notas: notasEnviadas }) => {
        if (!enviadas.length && !notasEnviadas.length) throw batchRefused('No hay documentos para dar de baja.');
        const lines: VoidedLine[] = [
          ...enviadas.map((l) => ({
            tipo_doc: l.venta.tipoDocumento.cod_sunat as '01' | '07' | '08',
            serie: l.venta.serie,
            correlativo: l.venta.numero,
            motivo: l.motivo ?? MOTIVO_DEFECTO,
          })),
          ...notasEnviadas.map((l) => ({ tipo_doc: l.nota.tipoDocumento, serie: l.nota.serie, correlativo: l.nota.numero, motivo: l.motivo })),
        ];
        return buildVoidedXml({ company, fecha_generacion: fechaGeneracion, fecha_referencia: fechaReferencia!, correlativo, lines });
      },
    });
    if (result.kind === 'unreachable') throw sunatUnavailable(result.message);
    if (result.kind === 'sunat-error') return { success: false, codigo: result.codigo, message: result.message };
    return {
      success: true,
      ticket: result.ticket,
      nombre_archivo: result.nombre_archivo,
      message: 'Comunicación de baja enviada. Use el ticket para consultar el estado.',
      ...(advertencias.length ? { advertencias } : {}),
    };
  }
}

/** The one document an item names (422 on `documentos.N` when it names none or several). */
function referencia(d: DocumentoBajaDto, index: number): Referencia {
  const campos = CAMPOS.filter((c) => d[c] !== undefined && d[c] !== null);
  if (campos.length !== 1) throw invalidField(`documentos.${index}`, MSG_UN_DOCUMENTO);
  return { index, campo: campos[0], id: d[campos[0]]!, motivo: d.motivo.trim() || MOTIVO_DEFECTO };
}
