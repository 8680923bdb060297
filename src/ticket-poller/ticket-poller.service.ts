import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import PgBoss from 'pg-boss';
import { databaseConfig } from '@/config/database.config';
import { pollerConfig } from '@/config/poller.config';

export type TicketJob = { tipo: 'lote' | 'guia'; id: number; empresaId?: number };
export type TicketResolver = (job: TicketJob) => Promise<boolean>;

const QUEUE = 'sunat-tickets';

/**
 * Background ticket polling on pg-boss (same PostgreSQL). One job per ticket (stately queue with the
 * ticket as singleton key) is fetched with SKIP LOCKED, so two workers never poll the same ticket; a
 * ticket still in process fails its job, which pg-boss retries with exponential backoff. Jobs live in
 * the database, and a start-up sweep re-enqueues whatever is still waiting, so restarts lose nothing.
 */
@Injectable()
export class TicketPoller implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TicketPoller');
  private boss: PgBoss | null = null;
  private readonly resolvers = new Map<TicketJob['tipo'], TicketResolver>();
  private readonly sweeps: Array<() => Promise<TicketJob[]>> = [];

  constructor(
    @Inject(pollerConfig.KEY) private readonly config: ConfigType<typeof pollerConfig>,
    @Inject(databaseConfig.KEY) private readonly db: ConfigType<typeof databaseConfig>,
  ) {}

  /** Modules that own ticketed records register how to resolve them and how to find the pending ones. */
  register(tipo: TicketJob['tipo'], resolver: TicketResolver, pending: () => Promise<TicketJob[]>): void {
    this.resolvers.set(tipo, resolver);
    this.sweeps.push(pending);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.enabled) return;
    const boss = new PgBoss({ connectionString: this.db.url, max: 3, schema: 'pgboss', supervise: true, schedule: false });
    boss.on('error', (error) => this.logger.error(`pg-boss: ${error.message}`));
    await boss.start();
    await boss.createQueue(QUEUE, {
      name: QUEUE,
      policy: 'stately',
      retryLimit: this.config.maxAttempts,
      retryDelay: this.config.delaySeconds,
      retryBackoff: true,
    });
    await boss.work<TicketJob>(QUEUE, { batchSize: 1, pollingIntervalSeconds: this.config.pollingIntervalSeconds }, async ([job]) => {
      const resolver = this.resolvers.get(job.data.tipo);
      if (!resolver) return;
      if (!(await resolver(job.data))) throw new Error(`ticket ${job.data.tipo}:${job.data.id} en proceso`);
    });
    this.boss = boss;
    for (const sweep of this.sweeps) for (const job of await sweep()) await this.enqueue(job);
  }

  async onApplicationShutdown(): Promise<void> {
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
    await this.boss.send(QUEUE, job, { singletonKey: `${job.tipo}:${job.id}`, startAfter: this.config.delaySeconds });
  }
}
