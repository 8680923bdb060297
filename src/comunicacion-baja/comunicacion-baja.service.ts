import { Injectable } from '@nestjs/common';
import { AuthContext } from '@/common/context/request-context';
import { sunatUnavailable } from '@/common/errors/http-errors';
import { buildVoidedXml } from '@/sunat/xml/voided-xml';
import { batchRefused, unexpected } from '@/lotes-sunat/batch-errors';
import { LoteEnvioService } from '@/lotes-sunat/lote-envio.service';
import { LoteLinea } from '@/lotes-sunat/lote-types';
import { assertVentasExist } from '@/lotes-sunat/ventas-existentes';
import { VentasService } from '@/ventas/ventas.service';
import { ComunicacionBajaDto } from './dto/comunicacion-baja.dto';
import { motivoRechazoBaja } from './reglas-baja';

export const MOTIVO_DEFECTO = 'ERROR EN EMISION';

@Injectable()
export class ComunicacionBajaService {
  constructor(
    private readonly ventas: VentasService,
    private readonly lotes: LoteEnvioService,
  ) {}

  async enviar(auth: AuthContext, dto: ComunicacionBajaDto) {
    const ids = dto.documentos.map((d) => d.id_venta);
    await assertVentasExist(this.ventas, ids, (i) => `documentos.${i}.id_venta`);
    try {
      return await this.send(auth, dto);
    } catch (error) {
      throw unexpected('Error al enviar comunicación de baja', error);
    }
  }

  private async send(auth: AuthContext, dto: ComunicacionBajaDto) {
    const ventas = await this.ventas.findManyForEmpresa(auth.empresaId, dto.documentos.map((d) => d.id_venta));
    if (!ventas.length) throw batchRefused('No se encontraron documentos válidos.');
    const motivos = new Map(dto.documentos.map((d) => [d.id_venta, d.motivo.trim() || MOTIVO_DEFECTO]));
    const advertencias: string[] = [];
    const lineas: LoteLinea[] = [];
    for (const venta of ventas) {
      const rechazo = motivoRechazoBaja(venta);
      if (rechazo) advertencias.push(`${venta.numero_completo}: ${rechazo.reason}`);
      // SPEC.md: every accepted 01/07/08 sale of the request goes to '3', those past the deadline included.
      if (!rechazo || rechazo.deadline) lineas.push({ venta, estado_linea: '3', motivo: motivos.get(venta.id_venta), incluido: !rechazo });
    }
    const incluidas = lineas.filter((l) => l.incluido);
    const fechaReferencia = incluidas[0]?.venta.fecha_emision;
    // One RA carries documents of one issue date (its ReferenceDate): others are left for another RA.
    for (const linea of incluidas.filter((l) => l.venta.fecha_emision !== fechaReferencia)) {
      linea.incluido = false;
      advertencias.push(`${linea.venta.numero_completo}: su fecha de emisión (${linea.venta.fecha_emision}) difiere de ${fechaReferencia}; envíela en otra comunicación.`);
    }
    if (!incluidas.length) {
      throw batchRefused('Ningún documento pasó la validación.', advertencias);
    }
    const result = await this.lotes.enviar({
      empresaId: auth.empresaId,
      userId: auth.userId,
      tipo: 'RA',
      fechaReferencia: fechaReferencia!,
      lineas,
      mensajeTicket: (ticket) => `Comunicación de baja enviada. Ticket: ${ticket}`,
      buildXml: ({ company, fechaGeneracion, correlativo, lineas: enviadas }) => {
        if (!enviadas.length) throw batchRefused('No hay documentos para dar de baja.');
        return buildVoidedXml({
          company,
          fecha_generacion: fechaGeneracion,
          fecha_referencia: fechaReferencia!,
          correlativo,
          lines: enviadas.map((l) => ({
            tipo_doc: l.venta.tipoDocumento.cod_sunat as '01' | '07' | '08',
            serie: l.venta.serie,
            correlativo: l.venta.numero,
            motivo: l.motivo ?? MOTIVO_DEFECTO,
          })),
        });
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
