import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { Client } from 'pg';
import PgBoss from 'pg-boss';
import { databaseConfig } from '@/config/database.config';
import { pollerConfig } from '@/config/poller.config';

export type TicketJob = { tipo: 'lote' | 'guia'; id: number; empresaId?: number };
export type TicketResolver = (job: TicketJob) => Promise<boolean>;
/** After the last automatic query: what the record shows (the ticket can still be queried by hand). */
export type TicketAgotado = (job: TicketJob, mensaje: string) => Promise<void>;

const QUEUE = 'sunat-tickets';
const singletonKey = (job: TicketJob) => `${job.tipo}:${job.id}`;
/** Where a ticket goes once its automatic queries are spent (pg-boss dead letter). */
const DEAD_LETTER = 'sunat-tickets-agotados';

export const ticketAgotadoMensaje = (consultas: number) =>
  `Sin respuesta final de SUNAT tras ${consultas} consultas automáticas; consulte el ticket para cerrarlo.`;

/**
 * Background ticket polling on pg-boss (same PostgreSQL). One job per ticket (stately queue with the
 * ticket as singleton key) is fetched with SKIP LOCKED, so two workers never poll the same ticket; a
 * ticket still in process fails its job, which pg-boss retries with exponential backoff. Jobs live in
 * the database, and a start-up sweep re-enqueues whatever is still waiting, so restarts lose nothing.
 *
 * After a crash: a job left active by a dead process would block its ticket until it expires, so at start-up
 * every active job of the queue is failed (retried at once; a query running in a live replica meanwhile is
 * harmless: answers are applied under a row lock, once), and the queue's expiry is the longest a query can
 * take. Up to TICKET_POLL_BATCH tickets are queried at once. Options are applied to an existing queue on start.
 */
@Injectable()
export class TicketPoller implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TicketPoller');
  private boss: PgBoss | null = null;
  private stopping = false;
  private readonly resolvers = new Map<TicketJob['tipo'], TicketResolver>();
  private readonly agotados = new Map<TicketJob['tipo'], TicketAgotado>();
  private readonly sweeps: Array<() => Promise<TicketJob[]>> = [];
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    @Inject(pollerConfig.KEY) private readonly config: ConfigType<typeof pollerConfig>,
    @Inject(databaseConfig.KEY) private readonly db: ConfigType<typeof databaseConfig>,
  ) {}

  /** Modules that own ticketed records register how to resolve them, how to find the pending ones and what an exhausted one shows. */
  register(tipo: TicketJob['tipo'], resolver: TicketResolver, pending: () => Promise<TicketJob[]>, agotado?: TicketAgotado): void {
    this.resolvers.set(tipo, resolver);
    if (agotado) this.agotados.set(tipo, agotado);
    this.sweeps.push(pending);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.enabled) return;
    this.stopping = false;
    const boss = new PgBoss({
      connectionString: this.db.url,
      max: 3,
      schema: 'pgboss',
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: this.config.maintenanceSeconds,
    });
    // once this process is stopping, pg-boss's connections being cut (database shutting down) is expected, not an error
    boss.on('error', (error) => (this.stopping ? this.logger.debug(`pg-boss al detenerse: ${error.message}`) : this.logger.error(`pg-boss: ${error.message}`)));
    await boss.start();
    const options = {
      policy: 'stately' as const,
      retryLimit: this.config.maxAttempts - 1,
      retryDelay: this.config.delaySeconds,
      retryBackoff: true,
      expireInSeconds: this.config.jobExpireSeconds,
      deadLetter: DEAD_LETTER,
    };
    await this.exclusively(async () => {
      if (!(await boss.getQueue(DEAD_LETTER))) await boss.createQueue(DEAD_LETTER, { name: DEAD_LETTER });
      if (await boss.getQueue(QUEUE)) await boss.updateQueue(QUEUE, { name: QUEUE, ...options });
      else await boss.createQueue(QUEUE, { name: QUEUE, ...options });
    });
    await this.releaseStaleJobs(boss);
    await boss.work<TicketJob>(QUEUE, { batchSize: this.config.batchSize, pollingIntervalSeconds: this.config.pollingIntervalSeconds }, (jobs) =>
      this.resolveBatch(boss, jobs),
    );
    await boss.work<TicketJob>(DEAD_LETTER, { batchSize: 10, pollingIntervalSeconds: this.config.pollingIntervalSeconds }, (jobs) => this.exhausted(jobs));
    this.boss = boss;
    for (const sweep of this.sweeps) for (const job of await sweep()) await this.enqueue(job);
    this.sweepTimer = setInterval(() => void this.sweepWithoutJob(), this.config.sweepSeconds * 1000);
    this.sweepTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await this.sweeping;
    await this.boss?.stop({ graceful: false, wait: true });
    this.boss = null;
  }

  /**
   * Readiness of the queue: 'desactivado' when TICKET_POLLER is off; otherwise pg-boss must be started and
   * answer about its queue (a round trip to its schema), or this throws.
   */
  async estado(): Promise<'desactivado' | 'activo'> {
    if (!this.config.enabled) return 'desactivado';
    if (!this.boss) throw new Error('pg-boss no iniciado');
    if (!(await this.boss.getQueue(QUEUE))) throw new Error(`cola ${QUEUE} ausente`);
    return 'activo';
  }

  enqueueLote(id: number): Promise<void> {
    return this.enqueue({ tipo: 'lote', id });
  }

  enqueueGuia(empresaId: number, id: number): Promise<void> {
    return this.enqueue({ tipo: 'guia', id, empresaId });
  }

  private async enqueue(job: TicketJob): Promise<void> {
    if (!this.boss) return;
    await this.boss.send(QUEUE, job, { singletonKey: singletonKey(job), startAfter: this.config.delaySeconds });
  }

  /**
   * Every TICKET_SWEEP_SECONDS, not only at start-up: a record still waiting for SUNAT whose job is missing (its
   * enqueue lost to a crash right after the commit, or made by a process without the poller) gets one. Records
   * with a job waiting, retrying or running are left alone (no second job for one ticket); so are those whose
   * automatic queries ran out (failed: they say so, and only a start-up or a manual query takes them up again).
   */
  private sweepWithoutJob(): Promise<void> {
    if (this.sweeping || this.stopping) return this.sweeping ?? Promise.resolve();
    this.sweeping = (async () => {
      try {
        const jobs: TicketJob[] = [];
        for (const sweep of this.sweeps) jobs.push(...(await sweep()));
        if (!jobs.length || !this.boss) return;
        const { rows } = await this.boss
          .getDb()
          .executeSql(
            `SELECT DISTINCT singleton_key FROM pgboss.job WHERE name = $1 AND singleton_key = ANY($2) AND state IN ('created', 'retry', 'active', 'failed')`,
            [QUEUE, jobs.map(singletonKey)],
          );
        const withJob = new Set((rows as Array<{ singleton_key: string }>).map((r) => r.singleton_key));
        const missing = jobs.filter((job) => !withJob.has(singletonKey(job)));
        for (const job of missing) await this.enqueue(job);
        if (missing.length) this.logger.log(`${missing.length} ticket(s) pendiente(s) sin consulta programada vuelven a la cola`);
      } catch (error) {
        if (!this.stopping) this.logger.error(`Barrido de tickets: ${(error as Error).message}`);
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  /** The tickets of one fetch, queried together; each one still in process (or failing) is retried on its own. */
  private async resolveBatch(boss: PgBoss, jobs: Array<PgBoss.Job<TicketJob>>): Promise<void> {
    await Promise.all(
      jobs.map(async (job) => {
        const resolver = this.resolvers.get(job.data.tipo);
        let done = !resolver;
        let reason = `ticket ${job.data.tipo}:${job.data.id} en proceso`;
        try {
          done = done || (await resolver!(job.data));
        } catch (error) {
          reason = `ticket ${job.data.tipo}:${job.data.id}: ${(error as Error).message}`;
        }
        // the jobs left active when this returns are completed by pg-boss
        if (!done) await boss.fail(QUEUE, job.id, { message: reason });
      }),
    );
  }

  private async exhausted(jobs: Array<PgBoss.Job<TicketJob>>): Promise<void> {
    for (const job of jobs) {
      const mensaje = ticketAgotadoMensaje(this.config.maxAttempts);
      this.logger.warn(`Ticket ${job.data.tipo}:${job.data.id}: ${mensaje}`);
      await this.agotados.get(job.data.tipo)?.(job.data, mensaje);
    }
  }

  /**
   * pg-boss's createQueue is not safe when processes start together on a fresh database (its partition DDL
   * deadlocks, 40P01): the queue set-up of the processes (cluster workers, replicas) runs one at a time, under a
   * session advisory lock on a connection of its own (closing it releases the lock).
   */
  private async exclusively(task: () => Promise<void>): Promise<void> {
    const client = new Client({ connectionString: this.db.url });
    await client.connect();
    try {
      await client.query(`SELECT pg_advisory_lock(hashtext('${QUEUE}:set-up'))`);
      await task();
    } finally {
      await client.end();
    }
  }

  /** Jobs a dead process left active: failed now, so that their tickets are polled again at once. */
  private async releaseStaleJobs(boss: PgBoss): Promise<void> {
    const { rows } = await boss.getDb().executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`, [QUEUE]);
    const ids = (rows as Array<{ id: string }>).map((r) => r.id);
    if (!ids.length) return;
    await boss.fail(QUEUE, ids);
    this.logger.log(`${ids.length} consulta(s) de ticket interrumpidas por un reinicio se reintentan`);
  }
}
