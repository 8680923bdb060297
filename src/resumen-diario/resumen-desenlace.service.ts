import { LINEA_ADICION, LINEA_ANULACION, LINEA_MODIFICACION, SUNAT_ACEPTADA, SUNAT_EN_PROCESO, SUNAT_RECHAZADA, VENTA_ANULADA } from '@/common/estados';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ColaCorreos } from '@/correos/cola-correos.service';
import { LoteSunatItem } from '@/lotes-sunat/entities/lote-sunat-item.entity';
import { Eventos } from '@/eventos/eventos.service';
import { DesenlaceLote } from '@/lotes-sunat/lote-desenlace.service';
import { VentasService } from '@/ventas/ventas.service';
import { TEXTOS } from './resumen-textos';

/**
 * API.md "Ticket outcomes", RC: what SUNAT's final answer on a daily summary does to its boletas.
 * Accepted: informed boletas are accepted, annulled ones (line '3') annulled. Rejected: added boletas (line '1')
 * are rejected; modified ones (line '2') and annulled ones stay accepted, as SUNAT still holds what it accepted before.
 */
@Injectable()
export class ResumenDesenlaceService implements DesenlaceLote {
  constructor(
    private readonly ventas: VentasService,
    private readonly correos: ColaCorreos,
    private readonly eventos: Eventos,
  ) {}

  async aplicar(manager: EntityManager, items: LoteSunatItem[], accepted: boolean, mensaje: string, empresaId: number): Promise<void> {
    const de = (linea: string) => items.filter((i) => i.estado_linea === linea).map((i) => i.id_venta!);
    const [adiciones, modificaciones, anuladas] = [de(LINEA_ADICION), de(LINEA_MODIFICACION), de(LINEA_ANULACION)];
    // one UPDATE per kind of line (an RC holds up to 500 boletas)
    if (accepted) {
      await this.ventas.setSunatStateMany(manager, anuladas, { estado: VENTA_ANULADA, estado_sunat: SUNAT_RECHAZADA, mensaje_sunat: mensaje });
      await this.ventas.setSunatStateMany(manager, [...adiciones, ...modificaciones], { estado_sunat: SUNAT_ACEPTADA, mensaje_sunat: mensaje });
      // the buyer's mail goes once, when SUNAT first accepts the boleta (a modification re-reports one it already has)
      const clientes = await this.ventas.clientesDe(manager, empresaId, adiciones);
      await this.correos.alAceptar(
        manager,
        empresaId,
        [...clientes].map(([idDocumento, idCliente]) => ({ tipo: 'venta' as const, idDocumento, idCliente })),
      );
    } else {
      await this.ventas.setSunatStateMany(manager, [...anuladas, ...modificaciones], { estado_sunat: SUNAT_ACEPTADA, mensaje_sunat: mensaje });
      await this.ventas.setSunatStateMany(manager, adiciones, { estado_sunat: SUNAT_RECHAZADA, mensaje_sunat: mensaje });
    }
    // what changed for the boletas (modified lines were accepted before, and stay so): their events
    const cambios = accepted ? { 'documento.anulado': anuladas, 'documento.aceptado': adiciones } : { 'documento.rechazado': adiciones };
    for (const [tipo, ids] of Object.entries(cambios) as Array<['documento.anulado' | 'documento.aceptado' | 'documento.rechazado', number[]]>)
      for (const data of await this.ventas.findManyForEmpresa(empresaId, ids, manager))
        await this.eventos.registrar(manager, { empresaId, tipo, recurso: 'venta', id: data.id_venta, data });
  }

  /** As after the send: '3' with the ticket text of an annulment (line '3') or of a report. */
  async enProceso(manager: EntityManager, items: LoteSunatItem[], ticket: string): Promise<void> {
    const anuladas = items.filter((i) => i.estado_linea === LINEA_ANULACION).map((i) => i.id_venta!);
    const informadas = items.filter((i) => i.estado_linea !== LINEA_ANULACION).map((i) => i.id_venta!);
    await this.ventas.setSunatStateMany(manager, anuladas, { estado_sunat: SUNAT_EN_PROCESO, mensaje_sunat: TEXTOS.anular.ticket(ticket) });
    await this.ventas.setSunatStateMany(manager, informadas, { estado_sunat: SUNAT_EN_PROCESO, mensaje_sunat: TEXTOS.informar.ticket(ticket) });
  }
}
