import { Controller, Get, HttpStatus, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheckResult, HealthCheckService, HealthIndicatorResult, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '@/common/decorators/public.decorator';
import { QueueHealthIndicator, StorageHealthIndicator, SunatHealthIndicator } from './health-indicators';
import { SunatRecursosHealthIndicator } from './sunat-recursos.indicator';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { HEALTH_DOCS } from './health.openapi';
import { SharedCheck } from './shared-check';

interface Report {
  status: HttpStatus;
  body: object;
}

/** How long one look at SUNAT answers /api/health/sunat: anonymous calls never reach SUNAT one by one. */
export const SUNAT_REPORT_KEEP_MS = 30_000;

@ApiTags('health')
@ApiDocs(HEALTH_DOCS)
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly queue: QueueHealthIndicator,
    private readonly storage: StorageHealthIndicator,
    private readonly sunat: SunatHealthIndicator,
    private readonly recursos: SunatRecursosHealthIndicator,
  ) {}

  /** Concurrent readiness probes share one run (never cached beyond it: a load balancer wants the state now). */
  private readonly readiness = new SharedCheck(() =>
    this.report([
      () => this.db.pingCheck('database', { timeout: 3000 }),
      () => this.queue.check('queue'),
      () => this.storage.check('storage'),
      () => this.recursos.check('sunat_recursos'),
    ]),
  );
  private readonly sunatReach = new SharedCheck(
    () => this.report([() => this.sunat.check('beta'), () => this.sunat.check('produccion')]),
    SUNAT_REPORT_KEEP_MS,
  );

  /** Liveness plus a database round trip; 503 when PostgreSQL does not answer. */
  @Public()
  @Get()
  async check(@Res() res: Response) {
    try {
      await this.dataSource.query('SELECT 1');
      res.status(HttpStatus.OK).json({ success: true, status: 'ok', database: 'ok' });
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE).json({ success: false, status: 'error', database: 'down' });
    }
  }
  /** Readiness: 200 when this replica can serve (database, ticket queue, storage, SUNAT's rules and schemas); 503 otherwise. */
  @Public()
  @Get('ready')
  async ready(@Res() res: Response): Promise<void> {
    const { status, body } = await this.readiness.get();
    res.status(status).json(body);
  }

  /**
   * SUNAT reachability per modo, apart from readiness (SUNAT down must not stop the service). One look at
   * SUNAT answers every call for SUNAT_REPORT_KEEP_MS.
   */
  @Public()
  @Get('sunat')
  async sunatCheck(@Res() res: Response): Promise<void> {
    const { status, body } = await this.sunatReach.get();
    res.status(status).json(body);
  }

  /** Terminus' report ({status, info, error, details}) with our `success` flag; 503 when a check is down. */
  private async report(checks: Array<() => Promise<HealthIndicatorResult>>): Promise<Report> {
    try {
      return { status: HttpStatus.OK, body: { success: true, ...(await this.health.check(checks)) } };
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { success: false, ...(error.getResponse() as HealthCheckResult) } };
    }
  }
}
