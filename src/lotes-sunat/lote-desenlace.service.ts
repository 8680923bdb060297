import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Eventos } from '@/eventos/eventos.service';
import { LoteSunatItem } from './entities/lote-sunat-item.entity';
import { LoteSunat, TipoLote } from './entities/lote-sunat.entity';
import { loteCerrado } from './lote-evento';

/**
 * What SUNAT's final answer does to the documents of a batch. Each flow owns its own: resumen-diario
 * (RC: boletas) and comunicacion-baja (RA: sales and notes) register theirs at start-up.
 */
export interface DesenlaceLote {
  /** Runs inside the transaction that closes the batch (the batch row is locked); empresaId is the batch's company. */
  aplicar(manager: EntityManager, items: LoteSunatItem[], accepted: boolean, mensaje: string, empresaId: number): Promise<void>;
  /**
   * The batch got its ticket later than its request (the same file sent again after a lost answer): its documents
   * wait for the ticket as after a send that was answered at once. In the transaction that stores the ticket.
   */
  enProceso(manager: EntityManager, items: LoteSunatItem[], ticket: string): Promise<void>;
}

/**
 * Dispatches a batch's final answer to the flow that owns the batch, by its tipo. The flows depend on
 * lotes-sunat, never the other way round: they register here instead of being imported.
 */
@Injectable()
export class LoteDesenlaceService {
  private readonly desenlaces = new Map<TipoLote, DesenlaceLote>();

  constructor(private readonly eventos: Eventos) {}

  registrar(tipo: TipoLote, desenlace: DesenlaceLote): void {
    this.desenlaces.set(tipo, desenlace);
  }

  /** The flow's outcome and the batch's `lote.cerrado` event (once per batch and outcome). */
  async aplicar(manager: EntityManager, lote: LoteSunat, items: LoteSunatItem[], accepted: boolean, mensaje: string): Promise<void> {
    await this.of(lote).aplicar(manager, items, accepted, mensaje, lote.id_empresa);
    const data = loteCerrado(lote, items, accepted, mensaje);
    await this.eventos.registrar(manager, {
      empresaId: lote.id_empresa,
      tipo: 'lote.cerrado',
      recurso: 'lote',
      id: lote.id,
      clave: `${lote.id}:${data.estado}`,
      data,
    });
  }

  enProceso(manager: EntityManager, lote: LoteSunat, items: LoteSunatItem[], ticket: string): Promise<void> {
    return this.of(lote).enProceso(manager, items, ticket);
  }

  private of(lote: LoteSunat): DesenlaceLote {
    const desenlace = this.desenlaces.get(lote.tipo);
    if (!desenlace) throw new Error(`Sin desenlace registrado para lotes ${lote.tipo}`);
    return desenlace;
  }
}
