import { LINEA_ADICION, LINEA_ANULACION, SUNAT_EN_PROCESO } from '@/common/estados';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuthContext } from '@/common/context/request-context';
import { sunatUnavailable } from '@/common/errors/http-errors';
import { buildSummaryXml } from '@/sunat/xml/summary-xml';
import { batchRefused, unexpected } from '@/lotes-sunat/batch-errors';
import { LoteEnvioService } from '@/lotes-sunat/lote-envio.service';
import { EnvioLoteResult, LoteLinea, LoteSinDocumentos } from '@/lotes-sunat/lote-types';
import { TicketAnswer } from '@/lotes-sunat/ticket-answer';
import { TicketService } from '@/lotes-sunat/ticket.service';
import { assertVentasExist } from '@/lotes-sunat/ventas-existentes';
import { VentasService } from '@/ventas/ventas.service';
import { ResumenDiarioDto } from './dto/resumen-diario.dto';
import { huellaLinea, lineaResumen } from './linea-resumen';
import { RegistroSunat, registrosSunat } from './registro-sunat';
import { lineaSegunSunat, motivoRechazoAnulacion, motivoRechazoResumen } from './reglas-resumen';
import { parteNoEnviada, partesDelResumen, ResumenEnviado } from './partes-resumen';
import { TEXTOS } from './resumen-textos';

type Modo = 'informar' | 'anular';

/**
 * Who a summary is sent for: a request's AuthContext, or the automatic daily summary (userId null, recorded as the
 * batch's id_usuario). The flow reads nothing else of the caller.
 */
export type Remitente = Pick<AuthContext, 'empresaId'> & { userId: number | null };

@Injectable()
export class ResumenDiarioService {
  constructor(
    private readonly ventas: VentasService,
    private readonly lotes: LoteEnvioService,
    private readonly tickets: TicketService,
  ) {}

  /** POST /api/resumen-diario/consultar-ticket: asks SUNAT, and a final answer moves the batch's boletas. */
  consultarTicket(empresaId: number, ticket: string): Promise<TicketAnswer> {
    return this.tickets.consultar(empresaId, ticket);
  }

  enviar(auth: Remitente, dto: ResumenDiarioDto) {
    return this.run(auth, dto, 'informar');
  }

  anular(auth: Remitente, dto: ResumenDiarioDto) {
    return this.run(auth, dto, 'anular');
  }

  private async run(auth: Remitente, dto: ResumenDiarioDto, modo: Modo) {
    await assertVentasExist(this.ventas, dto.ids, (i) => `ids.${i}`);
    try {
      return await this.send(auth, dto, modo);
    } catch (error) {
      throw unexpected(TEXTOS[modo].error, error);
    }
  }

  private async send(auth: Remitente, dto: ResumenDiarioDto, modo: Modo) {
    const ventas = await this.ventas.findManyForEmpresa(auth.empresaId, dto.ids);
    if (!ventas.length) throw batchRefused('No se encontraron ventas válidas.');
    const errores: string[] = [];
    const lineas: LoteLinea[] = [];
    for (const venta of ventas) {
      const rechazo = modo === 'informar' ? motivoRechazoResumen(venta, dto.fecha_resumen) : motivoRechazoAnulacion(venta, dto.fecha_resumen);
      if (rechazo) errores.push(`${venta.numero_completo}: ${rechazo}`);
      // the line status is settled with the boleta locked, from what SUNAT holds of it (revisar)
      else lineas.push({ venta, estado_linea: modo === 'anular' ? LINEA_ANULACION : LINEA_ADICION, incluido: true, huella: huellaLinea(venta) });
    }
    if (!lineas.length) throw batchRefused(TEXTOS[modo].ninguna, errores);
    const enviados: ResumenEnviado[] = [];
    const partes = partesDelResumen(lineas);
    for (const [i, parte] of partes.entries()) {
      const result = await this.enviarParte(auth, dto, modo, parte, errores);
      if (result === null) continue;
      if (result.kind === 'ticket') {
        enviados.push({ ticket: result.ticket, nombre_archivo: result.nombre_archivo, cantidad: result.lineas.length });
        continue;
      }
      // the first summary failing fails the request as before; a later one leaves its boletas for a new send
      if (!enviados.length) {
        if (result.kind === 'unreachable') throw sunatUnavailable(result.message);
        return { success: false, codigo: result.codigo, message: result.message };
      }
      errores.push(parteNoEnviada(i + 1, partes.length, parte, result.message));
    }
    // every boleta left out for what SUNAT already holds
    if (!enviados.length) throw batchRefused(TEXTOS[modo].ninguna, errores);
    const [primero] = enviados;
    return {
      success: true,
      ticket: primero.ticket,
      nombre_archivo: primero.nombre_archivo,
      cantidad: enviados.reduce((n, e) => n + e.cantidad, 0),
      message: TEXTOS[modo].enviado,
      ...(partes.length > 1 ? { tickets: enviados } : {}),
      ...(errores.length ? { advertencias: errores } : {}),
    };
  }

  /**
   * One summary file (at most MAX_LINEAS_RESUMEN boletas): its own correlative, batch and ticket. Boletas left out
   * for what SUNAT holds of them go to `advertencias`; null when none was left (no file made).
   */
  private async enviarParte(auth: Remitente, dto: ResumenDiarioDto, modo: Modo, lineas: LoteLinea[], advertencias: string[]): Promise<EnvioLoteResult | null> {
    let fuera: string[] = [];
    const revisar = async (manager: EntityManager, propuestas: LoteLinea[]) => {
      const registros = await registrosSunat(
        manager,
        propuestas.map((l) => l.venta.id_venta),
      );
      const { quedan, motivos } = segunSunat(modo, propuestas, registros);
      fuera = motivos;
      return quedan;
    };
    try {
      const result = await this.enviarLote(auth, dto, modo, lineas, revisar);
      advertencias.push(...fuera);
      return result;
    } catch (error) {
      if (!(error instanceof LoteSinDocumentos)) throw error;
      advertencias.push(...fuera);
      return null;
    }
  }

  private enviarLote(
    auth: Remitente,
    dto: ResumenDiarioDto,
    modo: Modo,
    lineas: LoteLinea[],
    revisar: (manager: EntityManager, lineas: LoteLinea[]) => Promise<LoteLinea[]>,
  ): Promise<EnvioLoteResult> {
    return this.lotes.enviar({
      empresaId: auth.empresaId,
      userId: auth.userId,
      tipo: 'RC',
      fechaReferencia: dto.fecha_resumen,
      lineas,
      revisar,
      enProceso: (manager, ticket, enviadas) =>
        this.ventas.setSunatStateMany(
          manager,
          enviadas.map((l) => l.venta.id_venta),
          { estado_sunat: SUNAT_EN_PROCESO, mensaje_sunat: TEXTOS[modo].ticket(ticket) },
        ),
      buildXml: ({ company, fechaGeneracion, correlativo, percent, lineas: enviadas }) => {
        if (!enviadas.length) throw batchRefused('No hay documentos para el resumen.');
        return buildSummaryXml({
          company,
          fecha_generacion: fechaGeneracion,
          fecha_referencia: dto.fecha_resumen,
          correlativo,
          lines: enviadas.map((l) => lineaResumen(l.venta, l.estado_linea, percent)),
        });
      },
    });
  }
}

/** The lines that may go with their final status (lineaSegunSunat), and '<numero>: <motivo>' for the others. */
function segunSunat(modo: Modo, lineas: LoteLinea[], registros: Map<number, RegistroSunat>): { quedan: LoteLinea[]; motivos: string[] } {
  const quedan: LoteLinea[] = [];
  const motivos: string[] = [];
  for (const linea of lineas) {
    const registro = registros.get(linea.venta.id_venta);
    if (!registro) throw new Error(`Venta ${linea.venta.id_venta} ausente`);
    const decision = lineaSegunSunat(modo, linea.huella!, registro);
    if ('motivo' in decision) motivos.push(`${linea.venta.numero_completo}: ${decision.motivo}`);
    else quedan.push({ ...linea, estado_linea: decision.estado });
  }
  return { quedan, motivos };
}
