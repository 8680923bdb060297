import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AdaptadorEnvio, ServicioSunat, TipoEnvio } from './envio-tipos';

export interface DocumentoPorEnviar {
  empresaId: number;
  tipo: TipoEnvio;
  idDocumento: number;
  servicio: ServicioSunat;
}

/**
 * The queue of documents waiting for SUNAT: a document is put in it inside the transaction that creates it (so a
 * document and its send are committed together, or neither), and each kind registers how it is sent.
 */
@Injectable()
export class ColaEnvios {
  private readonly adaptadores = new Map<TipoEnvio, AdaptadorEnvio>();

  registrar(adaptador: AdaptadorEnvio): void {
    this.adaptadores.set(adaptador.tipo, adaptador);
  }

  adaptador(tipo: TipoEnvio): AdaptadorEnvio | undefined {
    return this.adaptadores.get(tipo);
  }

  todos(): AdaptadorEnvio[] {
    return [...this.adaptadores.values()];
  }

  /** Queues the document in the caller's transaction; a document already waiting is not queued twice. */
  async encolar(manager: EntityManager, documento: DocumentoPorEnviar): Promise<void> {
    await manager.query(
      `INSERT INTO envios_sunat (id_empresa, tipo, id_documento, servicio) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tipo, id_documento) WHERE estado IN ('pendiente', 'enviando') DO NOTHING`,
      [documento.empresaId, documento.tipo, documento.idDocumento, documento.servicio],
    );
  }
}
