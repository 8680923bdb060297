import { SUNAT_ACEPTADA, SUNAT_EN_PROCESO, SUNAT_RECHAZADA, VENTA_ANULADA } from '@/common/estados';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { LoteSunatItem } from '@/lotes-sunat/entities/lote-sunat-item.entity';
import { Eventos } from '@/eventos/eventos.service';
import { DesenlaceLote } from '@/lotes-sunat/lote-desenlace.service';
import { NotaBajaService } from '@/notas/nota-baja.service';
import { VentasService } from '@/ventas/ventas.service';

/**
 * API.md "Ticket outcomes", RA: what SUNAT's final answer on a voiding communication does to its documents.
 * Sales: accepted -> annulled; rejected -> accepted again. Sales held in '3' without being sent (RA deadline)
 * go back to '1' whatever the answer. Notes: accepted -> 'anulado' (a credit note gives its sale back);
 * rejected -> baja cleared.
 */
@Injectable()
export class BajaDesenlaceService implements DesenlaceLote {
  constructor(
    private readonly ventas: VentasService,
    private readonly notas: NotaBajaService,
    private readonly eventos: Eventos,
  ) {}

  async aplicar(manager: EntityManager, items: LoteSunatItem[], accepted: boolean, mensaje: string, empresaId: number): Promise<void> {
    for (const item of items) {
      if (item.id_nota_credito !== null || item.id_nota_debito !== null) {
        const [tipo, idNota] = item.id_nota_credito !== null ? (['NC', item.id_nota_credito] as const) : (['ND', item.id_nota_debito!] as const);
        await this.notas.aplicarBaja(manager, tipo, idNota, accepted, mensaje);
        continue;
      }
      const id = item.id_venta!;
      if (!item.incluido) {
        await this.ventas.setSunatState(manager, id, { estado_sunat: SUNAT_ACEPTADA, mensaje_sunat: 'No se incluyó en la comunicación de baja.' });
        continue;
      }
      if (accepted) {
        await this.ventas.setSunatState(manager, id, { estado: VENTA_ANULADA, estado_sunat: SUNAT_RECHAZADA, mensaje_sunat: mensaje });
        const data = await this.ventas.findForEmpresa(empresaId, id, manager);
        await this.eventos.registrar(manager, { empresaId, tipo: 'documento.anulado', recurso: 'venta', id, data });
      } else await this.ventas.setSunatState(manager, id, { estado_sunat: SUNAT_ACEPTADA, mensaje_sunat: mensaje });
    }
  }

  /** As after the send: sales (the ones held for the deadline too) in '3', notes baja 'en_proceso', with the ticket text. */
  async enProceso(manager: EntityManager, items: LoteSunatItem[], ticket: string): Promise<void> {
    const mensaje = comunicacionEnviada(ticket);
    for (const item of items) {
      if (item.id_nota_credito !== null) await this.notas.marcarEnProceso(manager, 'NC', item.id_nota_credito, mensaje);
      else if (item.id_nota_debito !== null) await this.notas.marcarEnProceso(manager, 'ND', item.id_nota_debito, mensaje);
      else await this.ventas.setSunatState(manager, item.id_venta!, { estado_sunat: SUNAT_EN_PROCESO, mensaje_sunat: mensaje });
    }
  }
}

/** mensaje_sunat of an RA's documents while its ticket is pending. */
export const comunicacionEnviada = (ticket: string) => `Comunicación de baja enviada. Ticket: ${ticket}`;
