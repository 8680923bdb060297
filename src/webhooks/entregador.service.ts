import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { Pool, PoolClient } from 'pg';
import { appConfig } from '@/config/app.config';
import { databaseConfig } from '@/config/database.config';
import { webhooksConfig } from '@/config/webhooks.config';
import { ENTREGA_ENTREGADA, ENTREGA_FALLIDA, ENTREGA_PENDIENTE } from '@/common/estados';
import { Eventos } from '@/eventos/eventos.service';
import { decryptSecretText } from '@/sunat/signing/secret-encryption';
import { esperaDeReintento } from '@/sunat/nest/envios/reintento';
import { cuerpoDeEntrega } from './cuerpo-entrega';
import { enviarEntrega, ResultadoEntrega } from './entrega-http';
import { cabecerasFirmadas } from './firma';
import { comprobarUrl, resolverDestino } from './url-guard';
import { contextoSecreto, idMensaje, toWebhookView } from './webhook.mapper';
import type { Webhook } from './entities/webhook.entity';

/** The endpoint row as the sender reads it. */
type WebhookFila = Webhook;

interface EntregaEnTurno {
  id: string;
  intentos: number;
  id_evento: string;
  tipo: string;
  recurso: string;
  data: unknown;
  creado_en: Date;
}

interface Turno {
  client: PoolClient;
  webhook: WebhookFila;
  entrega: EntregaEnTurno;
}

/**
 * Each endpoint's turn, read from the pending deliveries alone (few while receivers answer): the enabled endpoint whose
 * oldest undelivered delivery is due, row-locked so that no other sender (process or replica) takes it. NO KEY UPDATE
 * does not wait for, nor make wait, the transactions that insert deliveries for it (their foreign key check takes KEY
 * SHARE). SKIP LOCKED passes over endpoints someone is delivering to.
 */
const TOMAR = `
  SELECT w.* FROM (SELECT DISTINCT ON (e.id_webhook) e.id_webhook, e.proximo_intento
                     FROM webhook_entregas e WHERE e.estado = $1 ORDER BY e.id_webhook, e.id) cabeza
    JOIN webhooks w ON w.id = cabeza.id_webhook
   WHERE w.activo AND cabeza.proximo_intento <= now()
   ORDER BY cabeza.proximo_intento
   LIMIT 1
   FOR NO KEY UPDATE OF w SKIP LOCKED`;

/** The locked endpoint's oldest undelivered delivery, read again after the lock (a new snapshot). */
const CABEZA = `
  SELECT e.id, e.intentos, e.proximo_intento <= now() AS vencida, w.activo,
         ev.id AS id_evento, ev.tipo, ev.recurso, ev.data, ev.creado_en
    FROM webhook_entregas e JOIN eventos ev ON ev.id = e.id_evento JOIN webhooks w ON w.id = e.id_webhook
   WHERE e.id_webhook = $1 AND e.estado = $2
   ORDER BY e.id LIMIT 1`;

/**
 * Delivers webhooks in the background. Per endpoint, only the oldest undelivered delivery is attempted, so a
 * receiver gets its events in order and a failing one holds the later ones back. The endpoint's row stays locked, on
 * a connection of the sender's own pool, from the choice of the delivery until its outcome is committed: two
 * processes never deliver to one endpoint at once, and a process that dies mid-delivery releases the lock with its
 * connection (the delivery is still pending, and is attempted again: at least once). A failed attempt waits with
 * exponential backoff; an endpoint failing for WEBHOOKS_DISABLE_AFTER_SECONDS is disabled and a `webhook.desactivado`
 * event says so.
 */
@Injectable()
export class EntregadorWebhooks implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private pool: Pool | null = null;
  private readonly enCurso = new Set<Promise<void>>();
  private bombeando = false;
  private pendienteDeBombear = false;
  private detenido = true;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(webhooksConfig.KEY) private readonly config: ConfigType<typeof webhooksConfig>,
    @Inject(databaseConfig.KEY) private readonly db: ConfigType<typeof databaseConfig>,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
    private readonly eventos: Eventos,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.enabled) return;
    this.pool = new Pool({ connectionString: this.db.url, max: this.config.concurrency, application_name: 'webhooks' });
    this.pool.on('error', (error) => this.logger.warn(`Conexión de webhooks: ${error.message}`));
    this.detenido = false;
    this.timer = setInterval(() => void this.bombear(), this.config.intervalMs);
    this.timer.unref();
    void this.bombear();
  }

  async onApplicationShutdown(): Promise<void> {
    this.detenido = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.enCurso]);
    await this.pool?.end();
    this.pool = null;
  }

  /** Takes turns while there are free slots and due deliveries. */
  async bombear(): Promise<void> {
    if (this.detenido) return;
    if (this.bombeando) {
      this.pendienteDeBombear = true;
      return;
    }
    this.bombeando = true;
    try {
      do {
        this.pendienteDeBombear = false;
        while (!this.detenido && this.enCurso.size < this.config.concurrency) {
          const turno = await this.tomar();
          if (!turno) break;
          this.lanzar(turno);
        }
      } while (this.pendienteDeBombear && !this.detenido);
    } catch (error) {
      this.logger.error(`Cola de webhooks: ${(error as Error).message}`);
    } finally {
      this.bombeando = false;
    }
  }

  private async tomar(): Promise<Turno | null> {
    const client = await this.pool!.connect();
    // a connection lost while its delivery waits for the receiver: the error surfaces on the next query
    if (!client.listenerCount('error')) client.on('error', (error) => this.logger.warn(`Conexión de webhooks perdida: ${error.message}`));
    let enUso = false;
    try {
      await client.query('BEGIN');
      const { rows: webhooks } = await client.query<WebhookFila>(TOMAR, [ENTREGA_PENDIENTE]);
      const webhook = webhooks[0];
      const cabeza = webhook
        ? (await client.query<EntregaEnTurno & { vencida: boolean; activo: boolean }>(CABEZA, [webhook.id, ENTREGA_PENDIENTE])).rows[0]
        : undefined;
      if (!webhook || !cabeza?.vencida || !cabeza.activo) {
        await client.query('COMMIT');
        return null;
      }
      enUso = true;
      return { client, webhook, entrega: cabeza };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      if (!enUso) client.release();
    }
  }

  private lanzar(turno: Turno): void {
    const tarea: Promise<void> = this.entregar(turno).then((registrada) => {
      this.enCurso.delete(tarea);
      // an outcome that could not be recorded waits for the next tick instead of being taken again at once
      if (registrada) void this.bombear();
    });
    this.enCurso.add(tarea);
  }

  /** The attempt and its outcome, committed with the endpoint's lock released; false when the outcome could not be recorded. */
  private async entregar({ client, webhook, entrega }: Turno): Promise<boolean> {
    let fallo: Error | undefined;
    try {
      const resultado = await this.intentar(webhook, entrega);
      await this.registrar(client, webhook, entrega, resultado);
      await client.query('COMMIT');
      return true;
    } catch (error) {
      fallo = error as Error;
      this.logger.error(`Entrega ${entrega.id} (webhook ${webhook.id}): ${fallo.message}`);
      await client.query('ROLLBACK').catch(() => undefined);
      return false;
    } finally {
      // a connection that failed mid-transaction is not given back to the pool
      client.release(fallo);
    }
  }

  /** One attempt: the URL and its addresses checked now (not when the endpoint was saved), then the signed POST. Never throws. */
  private async intentar(webhook: WebhookFila, entrega: EntregaEnTurno): Promise<ResultadoEntrega> {
    const inicio = Date.now();
    const fallo = (error: string): ResultadoEntrega => ({ ok: false, estadoHttp: null, duracionMs: Date.now() - inicio, extracto: null, error });
    try {
      return await this.firmarYEnviar(webhook, entrega, inicio, fallo);
    } catch (error) {
      return fallo((error as Error).message);
    }
  }

  private async firmarYEnviar(
    webhook: WebhookFila,
    entrega: EntregaEnTurno,
    inicio: number,
    fallo: (error: string) => ResultadoEntrega,
  ): Promise<ResultadoEntrega> {
    const url = comprobarUrl(webhook.url);
    if (!url.ok) return fallo(url.motivo);
    const destino = await conPlazo(resolverDestino(url.url, this.config.allowPrivate), this.config.timeoutMs);
    if (!destino) return fallo(`Sin resolver ${url.url.hostname} en ${this.config.timeoutMs} ms`);
    if (!destino.ok) return fallo(destino.motivo);
    const secreto = decryptSecretText(webhook.secreto_cifrado, this.app.secretKey, contextoSecreto(webhook.id));
    const cuerpo = cuerpoDeEntrega(entrega);
    const timestamp = Math.floor(Date.now() / 1000);
    return enviarEntrega({
      url: url.url,
      direcciones: destino.direcciones,
      cuerpo,
      cabeceras: cabecerasFirmadas(secreto, idMensaje(entrega.id_evento), timestamp, cuerpo),
      timeoutMs: Math.max(1, this.config.timeoutMs - (Date.now() - inicio)),
    });
  }

  private async registrar(client: PoolClient, webhook: WebhookFila, entrega: EntregaEnTurno, r: ResultadoEntrega): Promise<void> {
    const numero = entrega.intentos + 1;
    await client.query(`INSERT INTO webhook_intentos (id_entrega, numero, estado_http, duracion_ms, respuesta, error) VALUES ($1, $2, $3, $4, $5, $6)`, [
      entrega.id,
      numero,
      r.estadoHttp,
      r.duracionMs,
      r.extracto,
      r.error ? recortar(r.error, 500) : null,
    ]);
    if (r.ok) {
      await client.query(`UPDATE webhook_entregas SET estado = $2, intentos = $3, entregada_en = now(), updated_at = now() WHERE id = $1`, [
        entrega.id,
        ENTREGA_ENTREGADA,
        numero,
      ]);
      await client.query(`UPDATE webhooks SET fallando_desde = NULL WHERE id = $1 AND fallando_desde IS NOT NULL`, [webhook.id]);
      return;
    }
    const {
      rows: [estado],
    } = await client.query<{ agotado: boolean }>(
      `UPDATE webhooks SET fallando_desde = COALESCE(fallando_desde, now()) WHERE id = $1
       RETURNING now() - fallando_desde >= make_interval(secs => $2) AS agotado`,
      [webhook.id, this.config.disableAfterSeconds],
    );
    if (!estado.agotado) {
      const esperaMs = esperaDeReintento(numero, this.config.backoffBaseMs, this.config.backoffMaxMs);
      await client.query(`UPDATE webhook_entregas SET intentos = $2, proximo_intento = now() + make_interval(secs => $3), updated_at = now() WHERE id = $1`, [
        entrega.id,
        numero,
        esperaMs / 1000,
      ]);
      return;
    }
    await this.desactivar(client, webhook, entrega, numero, r);
  }

  /** Failing for too long: the endpoint is disabled, this delivery given up (the later ones wait for it to be enabled again). */
  private async desactivar(client: PoolClient, webhook: WebhookFila, entrega: EntregaEnTurno, numero: number, r: ResultadoEntrega): Promise<void> {
    const motivo = recortar(
      `Sin respuesta correcta durante ${Math.round(this.config.disableAfterSeconds / 3600)} h; último intento: ${r.estadoHttp !== null ? `HTTP ${r.estadoHttp}` : r.error}`,
      500,
    );
    const {
      rows: [desactivado],
    } = await client.query<WebhookFila>(
      `UPDATE webhooks SET activo = false, desactivado_en = now(), motivo_desactivacion = $2, updated_at = now() WHERE id = $1 RETURNING *`,
      [webhook.id, motivo],
    );
    await client.query(`UPDATE webhook_entregas SET estado = $2, intentos = $3, updated_at = now() WHERE id = $1`, [entrega.id, ENTREGA_FALLIDA, numero]);
    await this.eventos.insertar(
      { query: async (sql, params) => (await client.query(sql, params)).rows },
      { empresaId: desactivado.id_empresa, tipo: 'webhook.desactivado', recurso: 'webhook', id: desactivado.id, data: toWebhookView(desactivado), clave: null },
    );
    this.logger.warn(`Webhook ${webhook.id} desactivado: ${motivo}`);
  }
}

const recortar = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/** The promise's value, or null when it takes longer than `ms`. */
function conPlazo<T>(promesa: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promesa, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))]).finally(() => clearTimeout(timer));
}
