import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { DataSource, EntityManager } from 'typeorm';
import { enviosConfig } from '@/config/envios.config';
import { sunatConfig } from '@/config/sunat.config';
import { SendLimiter } from '../../gateway/send-limiter';
import { ColaEnvios } from './cola-envios.service';
import { desenlaceDeError } from './desenlace-de-error';
import { Desenlace, ENVIO_ENVIANDO, ENVIO_FALLIDO, ENVIO_HECHO, ENVIO_PENDIENTE, EnvioPendiente, SERVICIOS_SUNAT, ServicioSunat } from './envio-tipos';
import { Interruptor } from './interruptor';
import { esperaDeReintento } from './reintento';

/**
 * Who hears about a SUNAT service going down (`caido`) or coming back, inside the transaction that records it:
 * `desde` is since when it is (was) down, the same for every process that saw the same outage.
 */
export type AvisoServicio = (manager: EntityManager, cambio: { servicio: ServicioSunat; caido: boolean; desde: Date }) => Promise<void>;

interface FilaReclamada {
  id: string;
  id_empresa: number;
  tipo: EnvioPendiente['tipo'];
  id_documento: number;
  servicio: ServicioSunat;
  intentos: number;
}

/**
 * Sends the queued documents in the background, at most the SUNAT concurrency cap at SUNAT at once in this process: rows
 * whose turn has come are claimed with SKIP LOCKED (several processes share the queue, none sends a row twice), each
 * kind's adapter sends one, and the outcome is recorded: done, failed for good, or back in the queue with exponential
 * backoff. A breaker per SUNAT service stops the sends while it is down and probes it; the first answer drains the
 * backlog at the cap. A sweep returns to the queue the claims a crash left (older than a send can take) and lets each
 * kind settle with SUNAT what a lost answer left unknown.
 */
@Injectable()
export class DespachadorEnvios implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EnviosSunat');
  private readonly interruptores: Record<ServicioSunat, Interruptor>;
  private readonly enCurso = new Set<Promise<void>>();
  private bombeando = false;
  private pendienteDeBombear = false;
  private barriendo = false;
  private detenido = true;
  private timers: NodeJS.Timeout[] = [];
  private readonly avisos: AvisoServicio[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly cola: ColaEnvios,
    private readonly limiter: SendLimiter,
    @Inject(enviosConfig.KEY) private readonly config: ConfigType<typeof enviosConfig>,
    @Inject(sunatConfig.KEY) private readonly sunat: ConfigType<typeof sunatConfig>,
  ) {
    const nuevo = () => new Interruptor(config.breakerFailures, config.breakerProbeMs);
    this.interruptores = { soap: nuevo(), gre: nuevo() };
  }

  /** Registers who hears about outages (the events outbox). */
  alCambiarServicio(aviso: AvisoServicio): void {
    this.avisos.push(aviso);
  }

  onApplicationBootstrap(): void {
    if (!this.config.enabled) return;
    this.detenido = false;
    this.timers = [setInterval(() => void this.bombear(), this.config.intervalMs), setInterval(() => void this.barrer(), this.config.sweepMs)];
    for (const timer of this.timers) timer.unref();
    void this.barrer();
  }

  async onApplicationShutdown(): Promise<void> {
    this.detenido = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.allSettled([...this.enCurso]);
  }

  /** The longest a claimed send can take before its claim is taken for a crash's. */
  private get ventanaMs(): number {
    return 2 * this.sunat.timeoutMs + 30_000 + this.limiter.settings.waitMs;
  }

  /**
   * Sends this process runs at once: the SUNAT cap, and half as many again that read, claim and record around the
   * calls (the limiter holds them until a SUNAT slot frees), so each slot goes from one answer to the next call
   * without waiting for the database. None beyond the cap when the limiter queues no call (SUNAT_SEND_QUEUE=0).
   */
  private get plazas(): number {
    const { max, queue } = this.limiter.settings;
    return max + Math.min(Math.ceil(max / 2), queue);
  }

  /** Claims and starts as many sends as there are free places, until the queue has nothing due. */
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
        for (;;) {
          const libres = this.plazas - this.enCurso.size;
          if (libres <= 0 || this.detenido) break;
          const envios = await this.reclamar(libres);
          if (!envios.length) break;
          for (const envio of envios) this.lanzar(envio);
        }
      } while (this.pendienteDeBombear && !this.detenido);
    } catch (error) {
      this.logger.error(`Cola de envíos: ${(error as Error).message}`);
    } finally {
      this.bombeando = false;
    }
  }

  /**
   * Each kind's reconciliation with SUNAT, then claim settling. In that order, with the cut-off taken before either:
   * a claim is returned to the queue only after its document's own interrupted send was settled, else the sender
   * would upload it again while SUNAT is being asked about it. One sweep at a time: a slow SUNAT must not have the
   * next sweep free the claims the current one is still settling.
   */
  async barrer(): Promise<void> {
    if (this.detenido || this.barriendo) return;
    this.barriendo = true;
    try {
      const [{ corte }] = (await this.dataSource.query(`SELECT now() - make_interval(secs => $1) AS corte`, [this.ventanaMs / 1000])) as [{ corte: Date }];
      for (const adaptador of this.cola.todos()) {
        if (this.detenido) return;
        // a kind that cannot reach SUNAT now still lets the others' claims go back to the queue
        await adaptador.conciliar?.().catch((error: unknown) => this.logger.error(`Conciliación de ${adaptador.tipo}: ${(error as Error).message}`));
      }
      const [, liberadas] = (await this.dataSource.query(
        `UPDATE envios_sunat SET estado = $1, reclamado_desde = NULL, proximo_intento = now(), actualizado_en = now()
          WHERE estado = $2 AND reclamado_desde < $3`,
        [ENVIO_PENDIENTE, ENVIO_ENVIANDO, corte],
      )) as [unknown, number];
      if (liberadas) this.logger.warn(`${liberadas} envío(s) interrumpidos vuelven a la cola`);
    } catch (error) {
      this.logger.error(`Barrido de envíos: ${(error as Error).message}`);
    } finally {
      this.barriendo = false;
    }
    void this.bombear();
  }

  private async reclamar(libres: number): Promise<EnvioPendiente[]> {
    const abiertos: ServicioSunat[] = [];
    const reclamados: EnvioPendiente[] = [];
    for (const servicio of SERVICIOS_SUNAT) {
      const paso = this.interruptores[servicio].paso();
      if (paso === 'todos') abiertos.push(servicio);
      else if (paso === 'prueba' && reclamados.length < libres) {
        const [prueba] = await this.reclamarFilas([servicio], 1);
        if (prueba) {
          this.interruptores[servicio].empezarPrueba();
          reclamados.push(prueba);
        }
      }
    }
    if (abiertos.length && reclamados.length < libres) reclamados.push(...(await this.reclamarFilas(abiertos, libres - reclamados.length)));
    return reclamados;
  }

  private async reclamarFilas(servicios: ServicioSunat[], limite: number): Promise<EnvioPendiente[]> {
    const [filas] = (await this.dataSource.query(
      `UPDATE envios_sunat SET estado = $1, reclamado_desde = now(), intentos = intentos + 1, actualizado_en = now()
        WHERE id IN (SELECT id FROM envios_sunat
                      WHERE estado = $2 AND proximo_intento <= now() AND servicio = ANY($3)
                      ORDER BY proximo_intento, id LIMIT $4 FOR UPDATE SKIP LOCKED)
        RETURNING id, id_empresa, tipo, id_documento, servicio, intentos`,
      [ENVIO_ENVIANDO, ENVIO_PENDIENTE, servicios, limite],
    )) as [FilaReclamada[], number];
    return filas.map((f) => ({
      id: String(f.id),
      empresaId: f.id_empresa,
      tipo: f.tipo,
      idDocumento: f.id_documento,
      servicio: f.servicio,
      intentos: f.intentos,
    }));
  }

  private lanzar(envio: EnvioPendiente): void {
    const tarea: Promise<void> = this.ejecutar(envio)
      .catch((error: unknown) => this.logger.error(`Envío ${envio.tipo}:${envio.idDocumento}: ${(error as Error).message}`))
      .finally(() => {
        this.enCurso.delete(tarea);
        void this.bombear();
      });
    this.enCurso.add(tarea);
  }

  private async ejecutar(envio: EnvioPendiente): Promise<void> {
    const adaptador = this.cola.adaptador(envio.tipo);
    let desenlace: Desenlace;
    try {
      desenlace = adaptador ? await adaptador.enviar(envio) : { kind: 'fallido', error: `Sin envío automático para ${envio.tipo}` };
    } catch (error) {
      desenlace = desenlaceDeError(error);
    }
    await this.registrar(envio, desenlace);
  }

  private async registrar(envio: EnvioPendiente, desenlace: Desenlace): Promise<void> {
    const interruptor = this.interruptores[envio.servicio];
    switch (desenlace.kind) {
      case 'hecho':
      case 'fallido':
        await this.dataSource.query(
          `UPDATE envios_sunat SET estado = $2, reclamado_desde = NULL, ultimo_error = $3, actualizado_en = now() WHERE id = $1 AND estado = $4`,
          [envio.id, desenlace.kind === 'hecho' ? ENVIO_HECHO : ENVIO_FALLIDO, desenlace.kind === 'fallido' ? recortar(desenlace.error) : null, ENVIO_ENVIANDO],
        );
        await this.servicioArriba(envio.servicio, interruptor.exito());
        return;
      case 'transitorio':
      case 'ocupado': {
        const esperaMs = esperaDeReintento(envio.intentos, this.config.backoffBaseMs, this.config.backoffMaxMs);
        await this.dataSource.query(
          `UPDATE envios_sunat SET estado = $2, reclamado_desde = NULL, ultimo_error = $3,
                  proximo_intento = now() + make_interval(secs => $4), actualizado_en = now()
            WHERE id = $1 AND estado = $5`,
          [envio.id, ENVIO_PENDIENTE, recortar(desenlace.error), esperaMs / 1000, ENVIO_ENVIANDO],
        );
        if (desenlace.kind === 'ocupado') interruptor.neutro();
        else if (interruptor.fallo()) await this.servicioCaido(envio.servicio, desenlace.error);
        // down: the next probe goes when it is due, not at the next idle look at the queue
        if (interruptor.caidoDesde !== null) setTimeout(() => void this.bombear(), this.config.breakerProbeMs).unref();
        return;
      }
    }
  }

  private async servicioCaido(servicio: ServicioSunat, error: string): Promise<void> {
    this.logger.warn(`SUNAT (${servicio}) no responde: envíos en pausa, se prueba cada ${this.config.breakerProbeMs} ms`);
    await this.dataSource.transaction(async (manager) => {
      const [fila] = (await manager.query(
        `INSERT INTO servicios_sunat (servicio, caido_desde, ultimo_error, actualizado_en) VALUES ($1, now(), $2, now())
         ON CONFLICT (servicio) DO UPDATE SET caido_desde = COALESCE(servicios_sunat.caido_desde, now()), ultimo_error = $2, actualizado_en = now()
         RETURNING caido_desde`,
        [servicio, recortar(error)],
      )) as Array<{ caido_desde: Date }>;
      for (const aviso of this.avisos) await aviso(manager, { servicio, caido: true, desde: fila.caido_desde });
    });
  }

  /**
   * SUNAT answered. The shared row is cleared whoever marked it down: this process's breaker closing, or (`reabierto`
   * false) a down mark left by a process that died while the service was down, or by another process whose breaker
   * opened; a process started afresh has a closed breaker and would otherwise never clear it. While the row says up
   * this is a primary-key lookup that writes nothing; clearing it (once, whatever the processes racing to) tells the
   * listeners in the same transaction.
   */
  private async servicioArriba(servicio: ServicioSunat, reabierto: boolean): Promise<void> {
    const [caido] = (await this.dataSource.query(`SELECT 1 FROM servicios_sunat WHERE servicio = $1 AND caido_desde IS NOT NULL`, [servicio])) as unknown[];
    const limpiada =
      !!caido &&
      (await this.dataSource.transaction(async (manager) => {
        const [antes] = (await manager.query(`SELECT caido_desde FROM servicios_sunat WHERE servicio = $1 AND caido_desde IS NOT NULL FOR UPDATE`, [
          servicio,
        ])) as Array<{ caido_desde: Date }>;
        if (!antes) return false;
        await manager.query(`UPDATE servicios_sunat SET caido_desde = NULL, actualizado_en = now() WHERE servicio = $1`, [servicio]);
        for (const aviso of this.avisos) await aviso(manager, { servicio, caido: false, desde: antes.caido_desde });
        return true;
      }));
    if (reabierto || limpiada) this.logger.log(`SUNAT (${servicio}) responde de nuevo: se envía lo pendiente`);
  }
}

const recortar = (text: string) => (text.length > 500 ? `${text.slice(0, 497)}...` : text);
