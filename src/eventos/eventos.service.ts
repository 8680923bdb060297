import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { claveDeEvento, RecursoEvento, TipoEvento } from './tipos-evento';

/** What runs the event's SQL: the caller's EntityManager (its transaction) or any client with the same `query`. */
export interface Ejecutor {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

export interface EventoNuevo {
  /** The company the event belongs to; null for installation-wide events (SUNAT down), sent to every subscribed endpoint. */
  empresaId: number | null;
  /** null: nothing to emit (lets a caller pass `eventoDeVeredicto(...)` as it is). */
  tipo: TipoEvento | null;
  recurso: RecursoEvento;
  id: number | string;
  /** The resource as its GET shows it; absent: read with the caller's manager through the view the resource's module registered. */
  data?: unknown;
  /**
   * De-duplication key within (company, tipo): absent, once-only kinds are once per resource and the others never
   * de-duplicated; null, never de-duplicated.
   */
  clave?: string | null;
}

/** Reads a resource as its GET shows it, inside the caller's transaction; null when it is gone. */
export type VistaRecurso = (manager: EntityManager, empresaId: number | null, id: string) => Promise<unknown>;

/** Payloads above this are replaced by a reference (the receiver reads the resource with GET). */
export const MAX_DATA_BYTES = 256 * 1024;

/**
 * The outbox: every state change that matters registers an event inside its own transaction, so the change and its
 * event commit together or not at all. The same statement fans the event out to one delivery per enabled endpoint of
 * the company subscribed to its type; the webhook sender delivers them in the background. Nothing here waits for a
 * receiver.
 */
@Injectable()
export class Eventos {
  private readonly vistas = new Map<string, VistaRecurso>();

  /** A module tells how its resource looks in events (its GET view, read with the caller's manager). */
  registrarVista(recurso: RecursoEvento, vista: VistaRecurso): void {
    this.vistas.set(recurso, vista);
  }

  /** Registers the event in the caller's transaction; the event's id, or null when there was nothing new to register. */
  async registrar(manager: EntityManager, evento: EventoNuevo): Promise<string | null> {
    if (!evento.tipo) return null;
    const id = String(evento.id);
    const data = evento.data !== undefined ? evento.data : await this.vistaDe(manager, evento.recurso, evento.empresaId, id);
    return this.insertar(manager, { ...evento, data });
  }

  /** As `registrar`, with the data given, on any executor (the webhook sender's own connection). */
  async insertar(ejecutor: Ejecutor, evento: EventoNuevo & { data: unknown }): Promise<string | null> {
    if (!evento.tipo) return null;
    const id = String(evento.id);
    const clave = claveDeEvento(evento.empresaId, evento.tipo, evento.recurso, id, evento.clave);
    const rows = (await ejecutor.query(
      `WITH ev AS (
         INSERT INTO eventos (id_empresa, tipo, recurso, id_recurso, data, clave) VALUES ($1, $2, $3, $4, $5::json, $6)
         ON CONFLICT (clave) WHERE clave IS NOT NULL DO NOTHING
         RETURNING id, id_empresa, tipo
       ), en AS (
         INSERT INTO webhook_entregas (id_webhook, id_evento)
         SELECT w.id, ev.id FROM ev JOIN webhooks w
             ON w.activo AND (ev.id_empresa IS NULL OR w.id_empresa = ev.id_empresa) AND (w.eventos IS NULL OR ev.tipo = ANY (w.eventos))
          ORDER BY w.id
         RETURNING id
       )
       SELECT (SELECT id FROM ev) AS id, (SELECT count(*) FROM en) AS entregas`,
      [evento.empresaId, evento.tipo, evento.recurso, id, JSON.stringify(acotado(evento.recurso, id, evento.data)), clave],
    )) as Array<{ id: string | null }>;
    return rows[0]?.id ?? null;
  }

  private async vistaDe(manager: EntityManager, recurso: string, empresaId: number | null, id: string): Promise<unknown> {
    const vista = this.vistas.get(recurso);
    return (vista ? await vista(manager, empresaId, id) : null) ?? { id };
  }
}

/** The data as stored and sent, or a reference when it is too large to send. */
function acotado(recurso: string, id: string, data: unknown): unknown {
  const json = JSON.stringify(data ?? null);
  return Buffer.byteLength(json) > MAX_DATA_BYTES ? { recurso, id, truncado: true } : (data ?? null);
}
