import { EstadoLinea, LINEA_ADICION, LINEA_ANULACION, LINEA_MODIFICACION, SUNAT_ACEPTADA, SUNAT_EN_PROCESO } from '@/common/estados';
import { Injectable } from '@nestjs/common';
import { AuthContext } from '@/common/context/request-context';
import { sunatUnavailable } from '@/common/errors/http-errors';
import { buildSummaryXml } from '@/sunat/xml/summary-xml';
import { batchRefused, unexpected } from '@/lotes-sunat/batch-errors';
import { LoteEnvioService } from '@/lotes-sunat/lote-envio.service';
import { EnvioLoteResult, LoteLinea } from '@/lotes-sunat/lote-types';
import { TicketAnswer } from '@/lotes-sunat/ticket-answer';
import { TicketService } from '@/lotes-sunat/ticket.service';
import { assertVentasExist } from '@/lotes-sunat/ventas-existentes';
import type { VentaView } from '@/ventas/dto/venta-view';
import { VentasService } from '@/ventas/ventas.service';
import { ResumenDiarioDto } from './dto/resumen-diario.dto';
import { lineaResumen } from './linea-resumen';
import { motivoRechazoAnulacion, motivoRechazoResumen } from './reglas-resumen';
import { parteNoEnviada, partesDelResumen, ResumenEnviado } from './partes-resumen';
import { TEXTOS } from './resumen-textos';

type Modo = 'informar' | 'anular';

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

  enviar(auth: AuthContext, dto: ResumenDiarioDto) {
    return this.run(auth, dto, 'informar');
  }

  anular(auth: AuthContext, dto: ResumenDiarioDto) {
    return this.run(auth, dto, 'anular');
  }

  private async run(auth: AuthContext, dto: ResumenDiarioDto, modo: Modo) {
    await assertVentasExist(this.ventas, dto.ids, (i) => `ids.${i}`);
    try {
      return await this.send(auth, dto, modo);
    } catch (error) {
      throw unexpected(TEXTOS[modo].error, error);
    }
  }

  private async send(auth: AuthContext, dto: ResumenDiarioDto, modo: Modo) {
    const ventas = await this.ventas.findManyForEmpresa(auth.empresaId, dto.ids);
    if (!ventas.length) throw batchRefused('No se encontraron ventas válidas.');
    const errores: string[] = [];
    const lineas: LoteLinea[] = [];
    for (const venta of ventas) {
      const rechazo = modo === 'informar' ? motivoRechazoResumen(venta, dto.fecha_resumen) : motivoRechazoAnulacion(venta, dto.fecha_resumen);
      if (rechazo) errores.push(`${venta.numero_completo}: ${rechazo}`);
      else lineas.push({ venta, estado_linea: lineStatus(venta, modo), incluido: true });
    }
    if (!lineas.length) throw batchRefused(TEXTOS[modo].ninguna, errores);
    const enviados: ResumenEnviado[] = [];
    const partes = partesDelResumen(lineas);
    for (const [i, parte] of partes.entries()) {
      const result = await this.enviarParte(auth, dto, modo, parte);
      if (result.kind === 'ticket') {
        enviados.push({ ticket: result.ticket, nombre_archivo: result.nombre_archivo, cantidad: parte.length });
        continue;
      }
      // the first summary failing fails the request as before; a later one leaves its boletas for a new send
      if (!enviados.length) {
        if (result.kind === 'unreachable') throw sunatUnavailable(result.message);
        return { success: false, codigo: result.codigo, message: result.message };
      }
      errores.push(parteNoEnviada(i + 1, partes.length, parte, result.message));
    }
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

  /** One summary file (at most MAX_LINEAS_RESUMEN boletas): its own correlative, batch and ticket. */
  private enviarParte(auth: AuthContext, dto: ResumenDiarioDto, modo: Modo, lineas: LoteLinea[]): Promise<EnvioLoteResult> {
    return this.lotes.enviar({
      empresaId: auth.empresaId,
      userId: auth.userId,
      tipo: 'RC',
      fechaReferencia: dto.fecha_resumen,
      lineas,
      enProceso: (manager, ticket) =>
        this.ventas.setSunatStateMany(
          manager,
          lineas.map((l) => l.venta.id_venta),
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

/** '3' annuls; a boleta SUNAT already has is sent again as a modification ('2'); otherwise an addition ('1'). */
function lineStatus(venta: VentaView, modo: Modo): EstadoLinea {
  if (modo === 'anular') return LINEA_ANULACION;
  return venta.estado_sunat === SUNAT_ACEPTADA ? LINEA_MODIFICACION : LINEA_ADICION;
}
