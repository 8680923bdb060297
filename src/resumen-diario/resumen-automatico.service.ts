import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { DataSource, EntityManager } from 'typeorm';
import { horaLima, hoyLima } from '@/common/fecha';
import { enviosConfig } from '@/config/envios.config';
import { SendLimiter } from '@/sunat/gateway/send-limiter';
import { esperaDeReintento } from '@/sunat/nest/envios/reintento';
import { boletasLibres, boletasRetenidas } from './boletas-por-resumir';
import { ResumenDiarioService } from './resumen-diario.service';
import {
  DesenlaceTanda,
  desenlaceDeError,
  desenlaceDeRespuesta,
  DiaPorResumir,
  diaPorResumir,
  ProgramaResumen,
  TandaResumen,
  tandasPorFecha,
} from './resumen-automatico-reglas';

/**
 * How a company's run ended: 'hecho' ends the day; 'reintentar' (a transient failure) and 'esperando' (boletas held by
 * a batch still waiting for SUNAT) leave it owed, the first after a backoff; 'ocupado': another process is running
 * it; 'nada': no run owed.
 */
export type FinDeRun = 'hecho' | 'reintentar' | 'esperando' | 'ocupado' | 'nada';

/** The automatic summary is sent for the company by the service itself: its batches carry no user. */
const SISTEMA = { userId: null };

/**
 * The automatic daily summary (API.md "Automatic daily summary"). Every AUTOSEND_SUMMARY_CHECK_MS, in processes with
 * AUTOSEND_WORKER on, the companies whose resumen_automatico time has come today (Lima) and whose day has not ended
 * get their boletas summarised through the flow of POST /api/resumen-diario, one issue date per call (the flow's
 * fecha_resumen), one RC file per call. A company's run holds a transaction-level advisory lock, so the processes of a
 * cluster or replicas never run one company twice at once; the flow's own reservation (boletas locked, a boleta in a
 * pending batch refused) is what keeps a boleta out of two summaries in any case. The day is marked ended
 * (empresas.resumen_automatico_ultimo) once nothing was left by a transient failure and no boleta of the day is
 * held by a batch still waiting for SUNAT; until then each check tries again, after a backoff per company.
 */
@Injectable()
export class ResumenAutomaticoService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ResumenAutomatico');
  private timer: NodeJS.Timeout | null = null;
  private enCurso: Promise<void> | null = null;
  private detenido = false;
  /** Per company: transient failures in a row, and when it may be tried again (this process). */
  private readonly esperas = new Map<number, { fallos: number; hasta: number }>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly resumenes: ResumenDiarioService,
    private readonly limiter: SendLimiter,
    @Inject(enviosConfig.KEY) private readonly config: ConfigType<typeof enviosConfig>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.enabled) return;
    this.timer = setInterval(() => void this.revisar(), this.config.summaryCheckMs);
    this.timer.unref();
    void this.revisar();
  }

  async onApplicationShutdown(): Promise<void> {
    this.detenido = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.enCurso;
  }

  /** One check: every company owed a run, one after another. A check already running in this process is joined. */
  revisar(now = new Date()): Promise<void> {
    if (this.enCurso) return this.enCurso;
    this.enCurso = (async () => {
      try {
        for (const empresaId of await this.empresasPorResumir(now)) {
          if (this.detenido) return;
          const espera = this.esperas.get(empresaId);
          if (espera && espera.hasta > Date.now()) continue;
          await this.resumirEmpresa(empresaId, now);
        }
      } catch (error) {
        this.logger.error(`Resumen automático: ${(error as Error).message}`);
      } finally {
        this.enCurso = null;
      }
    })();
    return this.enCurso;
  }

  /**
   * One company's run, under its advisory lock (another process holding it: 'ocupado', nothing done). The setting and
   * the last ended day are read again once the lock is held, so a run another process just ended is not repeated.
   */
  async resumirEmpresa(empresaId: number, now = new Date()): Promise<FinDeRun> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const [{ ok }]: Array<{ ok: boolean }> = await runner.query(`SELECT pg_try_advisory_xact_lock(hashtext('resumen-automatico'), $1) AS ok`, [empresaId]);
      if (!ok) {
        await runner.commitTransaction();
        return 'ocupado';
      }
      const dia = diaPorResumir(await this.programa(runner.manager, empresaId), now);
      const fin = dia ? await this.resumirDia(runner.manager, empresaId, dia) : 'nada';
      if (fin === 'hecho') await runner.query(`UPDATE empresas SET resumen_automatico_ultimo = $2 WHERE id_empresa = $1`, [empresaId, dia!.hoy]);
      await runner.commitTransaction();
      this.recordar(empresaId, fin);
      return fin;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      this.recordar(empresaId, 'reintentar');
      this.logger.error(`Resumen automático de la empresa ${empresaId}: ${(error as Error).message}`);
      return 'reintentar';
    } finally {
      await runner.release();
    }
  }

  private async resumirDia(manager: EntityManager, empresaId: number, dia: DiaPorResumir): Promise<FinDeRun> {
    for (const tanda of tandasPorFecha(await boletasLibres(manager, empresaId, dia))) {
      if (this.detenido) return 'reintentar';
      // SUNAT unreachable or busy: the rest waits for the next check rather than piling up batches
      if ((await this.enviarTanda(empresaId, tanda)) === 'reintentar') return 'reintentar';
    }
    return (await boletasRetenidas(manager, empresaId, dia)) ? 'esperando' : 'hecho';
  }

  private async enviarTanda(empresaId: number, tanda: TandaResumen): Promise<DesenlaceTanda> {
    const resumen = `${tanda.ids.length} boleta(s) del ${tanda.fecha}`;
    try {
      // a SUNAT slot before the batch is written, as POST /api/resumen-diario takes one (EnvioSunat)
      const respuesta = await this.limiter.run(() => this.resumenes.enviar({ ...SISTEMA, empresaId }, { ids: tanda.ids, fecha_resumen: tanda.fecha }));
      const desenlace = desenlaceDeRespuesta(respuesta);
      if (desenlace === 'enviado' && 'ticket' in respuesta) {
        this.logger.log(`Empresa ${empresaId}: resumen de ${resumen} enviado, ticket ${respuesta.ticket}`);
      } else if ('message' in respuesta) {
        this.logger.warn(`Empresa ${empresaId}: SUNAT no aceptó el resumen de ${resumen} (${respuesta.codigo ?? ''}): ${respuesta.message}`);
      }
      return desenlace;
    } catch (error) {
      const desenlace = desenlaceDeError(error);
      this.logger.warn(
        `Empresa ${empresaId}: resumen de ${resumen} no enviado (${desenlace === 'final' ? 'ninguna boleta pasó' : 'se reintentará'}): ${mensajeDe(error)}`,
      );
      return desenlace;
    }
  }

  /** Active companies whose time has come today and whose day has not ended (diaPorResumir decides, under the lock). */
  private async empresasPorResumir(now: Date): Promise<number[]> {
    const rows: Array<{ id_empresa: number }> = await this.dataSource.query(
      `SELECT id_empresa FROM empresas
        WHERE resumen_automatico IS NOT NULL AND resumen_automatico <= $2 AND estado = '1'
          AND (resumen_automatico_ultimo IS NULL OR resumen_automatico_ultimo < $1::date)
        ORDER BY id_empresa`,
      [hoyLima(now), horaLima(now).slice(0, 5)],
    );
    return rows.map((r) => r.id_empresa);
  }

  private async programa(manager: EntityManager, empresaId: number): Promise<ProgramaResumen> {
    const [row]: ProgramaResumen[] = await manager.query(
      `SELECT resumen_automatico, to_char(resumen_automatico_ultimo, 'YYYY-MM-DD') AS resumen_automatico_ultimo
         FROM empresas WHERE id_empresa = $1 AND estado = '1'`,
      [empresaId],
    );
    return row ?? { resumen_automatico: null, resumen_automatico_ultimo: null };
  }

  private recordar(empresaId: number, fin: FinDeRun): void {
    if (fin === 'ocupado') return;
    if (fin !== 'reintentar') {
      this.esperas.delete(empresaId);
      return;
    }
    const fallos = (this.esperas.get(empresaId)?.fallos ?? 0) + 1;
    this.esperas.set(empresaId, { fallos, hasta: Date.now() + esperaDeReintento(fallos, this.config.backoffBaseMs, this.config.backoffMaxMs) });
  }
}

function mensajeDe(error: unknown): string {
  const body = (error as { getResponse?: () => unknown }).getResponse?.();
  if (body && typeof body === 'object' && 'message' in body) return String((body as { message: unknown }).message);
  return error instanceof Error ? error.message : String(error);
}
