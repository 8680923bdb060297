import { CONCILIACION_EN_CURSO } from '@/common/estados';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { hoyLima, sumarDias } from '@/common/fecha';
import { enviosConfig } from '@/config/envios.config';
import { ConciliacionesService } from './conciliaciones.service';

/** How long a claim lasts without a page done: a process that died leaves its reconciliation to another after this. */
const RECLAMO_SEGUNDOS = 120;
/** After SUNAT did not answer, the reconciliation waits this long before its page is asked again. */
const ESPERA_SIN_RESPUESTA_SEGUNDOS = 30;
/** `empresas.estado` of a company in use. */
const EMPRESA_ACTIVA = '1';

/**
 * Runs reconciliations in processes that send to SUNAT in the background (AUTOSEND_WORKER): one at a time per
 * process, claimed with SKIP LOCKED and a lease (tomada_hasta) renewed after every page, so processes of a cluster
 * share them and a reconciliation a crash left behind is resumed from its cursor once the lease ends. On shutdown the
 * page in flight is finished and the lease released, so the next start resumes it at once.
 */
@Injectable()
export class ConciliacionWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Conciliaciones');
  private timer: NodeJS.Timeout | null = null;
  private enCurso: Promise<void> | null = null;
  private detenido = false;
  /** The Lima day whose daily checks this process already created. */
  private diaProgramado: string | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly conciliaciones: ConciliacionesService,
    @Inject(enviosConfig.KEY) private readonly config: ConfigType<typeof enviosConfig>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.enabled) return;
    this.timer = setInterval(() => void this.revisar(), this.config.intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.detenido = true;
    if (this.timer) clearInterval(this.timer);
    await this.enCurso;
  }

  /** One claim and its pages; a check already running in this process is not doubled. */
  revisar(): Promise<void> {
    if (this.detenido || this.enCurso) return this.enCurso ?? Promise.resolve();
    this.enCurso = this.tomarYProcesar()
      .catch((error: Error) => this.logger.error(`Conciliación: ${error.message}`, error.stack))
      .finally(() => {
        this.enCurso = null;
      });
    return this.enCurso;
  }

  private async tomarYProcesar(): Promise<void> {
    if (this.config.conciliacionDiaria) await this.programarDiarias();
    const id = await this.tomar();
    if (id === null) return;
    let fin: Awaited<ReturnType<ConciliacionesService['procesarPagina']>> = 'sigue';
    try {
      while (!this.detenido && fin === 'sigue') {
        fin = await this.conciliaciones.procesarPagina(id);
        await this.dataSource.query(`UPDATE conciliaciones SET tomada_hasta = now() + make_interval(secs => $2) WHERE id = $1 AND estado = $3`, [
          id,
          RECLAMO_SEGUNDOS,
          CONCILIACION_EN_CURSO,
        ]);
      }
    } finally {
      const espera = fin === 'sin_respuesta' ? ESPERA_SIN_RESPUESTA_SEGUNDOS : 0;
      await this.dataSource.query(`UPDATE conciliaciones SET tomada_hasta = CASE WHEN $2 > 0 THEN now() + make_interval(secs => $2) END WHERE id = $1`, [
        id,
        espera,
      ]);
    }
  }

  /**
   * The daily job: once per Lima day, a reconciliation without user of yesterday's documents for each active company,
   * early enough that a factura SUNAT never got is still within its 3 days. Created once per company and day in the
   * whole cluster (a unique index); a process restarted the same day finds it there.
   */
  private async programarDiarias(): Promise<void> {
    const hoy = hoyLima();
    if (this.diaProgramado === hoy) return;
    const ayer = sumarDias(hoy, -1);
    await this.dataSource.query(
      `INSERT INTO conciliaciones (id_empresa, id_usuario, desde, hasta)
       SELECT id_empresa, NULL, $1, $1 FROM empresas WHERE estado = $2
       ON CONFLICT (id_empresa, desde) WHERE id_usuario IS NULL DO NOTHING`,
      [ayer, EMPRESA_ACTIVA],
    );
    this.diaProgramado = hoy;
  }

  private async tomar(): Promise<number | null> {
    // TypeORM answers an UPDATE with [rows, affected]
    const [rows]: [Array<{ id: number }>, number] = await this.dataSource.query(
      `UPDATE conciliaciones SET tomada_hasta = now() + make_interval(secs => $2)
        WHERE id = (SELECT id FROM conciliaciones WHERE estado = $1 AND (tomada_hasta IS NULL OR tomada_hasta < now())
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [CONCILIACION_EN_CURSO, RECLAMO_SEGUNDOS],
    );
    return rows[0]?.id ?? null;
  }
}
