import type { EntityManager } from 'typeorm';
import type { NotaParaBaja } from '@/notas/nota-baja.service';
import type { Company } from '@/sunat/documents/common';
import type { EstadoLinea } from '@/common/estados';
import type { VentaView } from '@/ventas/dto/venta-view';
import type { TipoLote } from './entities/lote-sunat.entity';

export interface LoteLinea {
  venta: VentaView;
  estado_linea: EstadoLinea;
  motivo?: string;
  /** false: not sent in the file, only held in estado_sunat '3' until the batch ends (RA deadline). */
  incluido: boolean;
  /** RC: fingerprint of what the line reports, kept with the batch item. */
  huella?: string;
}

/** RA only: an accepted credit or debit note to void (always sent; line status '3'). */
export interface LoteLineaNota {
  nota: NotaParaBaja;
  motivo: string;
}

export interface EnvioLoteInput {
  empresaId: number;
  /** Who asked for the batch; null: the service itself (the automatic daily summary). */
  userId: number | null;
  tipo: TipoLote;
  fechaReferencia: string;
  lineas: LoteLinea[];
  /** RA: notes voided with the sales (after them in the file). */
  notas?: LoteLineaNota[];
  /** Builds the unsigned XML of the lines that are included. */
  buildXml: (args: {
    company: Company;
    fechaGeneracion: string;
    correlativo: number;
    rate: string;
    percent: string;
    lineas: LoteLinea[];
    notas: LoteLineaNota[];
  }) => string;
  /**
   * Inside the batch's transaction, once its documents are locked (what a parallel batch of them did is settled
   * and visible): the lines that may still go, with their final line status. Nothing left: no batch, no number
   * spent, LoteSinDocumentos is thrown.
   */
  revisar?: (manager: EntityManager, lineas: LoteLinea[]) => Promise<LoteLinea[]>;
  /**
   * Marks the batch's documents as waiting for the ticket, in the transaction that stores it (sales in
   * estado_sunat '3' with the ticket in mensaje_sunat; RA notes baja 'en_proceso'). `lineas`: the ones the batch carries.
   */
  enProceso: (manager: EntityManager, ticket: string, lineas: LoteLinea[]) => Promise<void>;
}

/** revisar left no document to send: the batch was not made. */
export class LoteSinDocumentos extends Error {
  constructor() {
    super('Ningún documento quedó para el lote.');
  }
}

export type EnvioLoteResult =
  | { kind: 'ticket'; ticket: string; nombre_archivo: string; loteId: number; lineas: LoteLinea[] }
  | { kind: 'sunat-error'; codigo: string; message: string }
  | { kind: 'unreachable'; message: string };
