import { HttpException, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@/common/context/request-context';
import { anulaElDocumento, DocumentoDeLote, LoteDeDocumento, lotePendienteDe } from '@/lotes-sunat/lote-de-documento';
import type { TipoNota } from '@/notas/entities/motivo-nota.entity';
import { SendLimiter } from '@/sunat/gateway/send-limiter';
import { anulacionEnCurso, RespuestaAnulacion } from './anulacion-respuesta';

/** How SUNAT voids an accepted document: the voiding communication (RA) or the daily summary with line status 3 (RC). */
export type CanalBaja = 'RA' | 'RC';

/** The document to void, as the channel's own request names it. */
export interface DocumentoBaja {
  tipo: 'venta' | TipoNota;
  id: number;
  /** YYYY-MM-DD: an RC carries the boletas of one issue date. */
  fecha_emision: string;
}

/** What the channel's own endpoint answered for the one document. */
export type EnvioBaja =
  { success: true; ticket: string; nombre_archivo: string; message: string; advertencias?: string[] } | { success: false; codigo: string; message: string };

/** A flow that voids documents at SUNAT (comunicacion-baja, resumen-diario), as it answers its own endpoint. */
export interface CanalAnulacion {
  enviar(auth: AuthContext, documento: DocumentoBaja, motivo: string): Promise<EnvioBaja>;
}

/** The body of an RA/RC send (ComunicacionBajaService, ResumenDiarioService) as an EnvioBaja. */
export function envioBaja(body: {
  success: boolean;
  ticket?: string;
  nombre_archivo?: string;
  codigo?: string;
  message: string;
  advertencias?: string[];
}): EnvioBaja {
  if (!body.success || !body.ticket || !body.nombre_archivo) return { success: false, codigo: body.codigo ?? '', message: body.message };
  return {
    success: true,
    ticket: body.ticket,
    nombre_archivo: body.nombre_archivo,
    message: body.message,
    ...(body.advertencias?.length ? { advertencias: body.advertencias } : {}),
  };
}

const REFERENCIA: Record<DocumentoBaja['tipo'], (id: number) => DocumentoDeLote> = {
  venta: (id) => ({ id_venta: id }),
  NC: (id) => ({ id_nota_credito: id }),
  ND: (id) => ({ id_nota_debito: id }),
};

/**
 * The channels that void accepted documents, for the routes that choose one (ventas, notas). The flows depend on
 * ventas and notas, never the other way round: they register here instead of being imported (as their ticket
 * outcomes register with lotes-sunat).
 */
@Injectable()
export class CanalesAnulacion {
  private readonly canales = new Map<CanalBaja, CanalAnulacion>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly limiter: SendLimiter,
  ) {}

  registrar(canal: CanalBaja, implementacion: CanalAnulacion): void {
    this.canales.set(canal, implementacion);
  }

  /** The pending batch that holds the document (whatever it does with it), or null. */
  lotePendiente(documento: Pick<DocumentoBaja, 'tipo' | 'id'>): Promise<LoteDeDocumento | null> {
    return lotePendienteDe(this.dataSource.manager, REFERENCIA[documento.tipo](documento.id));
  }

  /**
   * Sends the void through the channel, in a SUNAT send slot as the channel's own route takes one (a full queue is
   * the 503 before any batch is written), and answers with the document as it is then (`vista`). A send that found
   * the document voided by a pending batch (its own, when SUNAT did not answer: the poller sends it again; or a
   * parallel request's) answers as a repeated void does: 200 with the ticket, or 202 while SUNAT has not given one.
   */
  async anular<T>(canal: CanalBaja, auth: AuthContext, documento: DocumentoBaja, motivo: string, vista: () => Promise<T>): Promise<RespuestaAnulacion<T>> {
    const implementacion = this.canales.get(canal);
    if (!implementacion) throw new Error(`Sin canal de anulación registrado para ${canal}`);
    let envio: EnvioBaja;
    try {
      envio = await this.limiter.run(() => implementacion.enviar(auth, documento, motivo));
    } catch (error) {
      if (!(error instanceof HttpException)) throw error;
      const lote = await this.lotePendiente(documento);
      if (!lote || !anulaElDocumento(lote)) throw error;
      return anulacionEnCurso(lote, await vista());
    }
    if (!envio.success) return { status: 200, body: { success: false, canal, codigo: envio.codigo, message: envio.message } };
    const { ticket, nombre_archivo, message, advertencias } = envio;
    return {
      status: 200,
      body: { success: true, canal, ticket, nombre_archivo, message, ...(advertencias ? { advertencias } : {}), data: await vista() },
    };
  }
}
