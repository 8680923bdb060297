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
  ready(@Res() res: Response): Promise<void> {
    return this.answer(res, [
      () => this.db.pingCheck('database', { timeout: 3000 }),
      () => this.queue.check('queue'),
      () => this.storage.check('storage'),
      () => this.recursos.check('sunat_recursos'),
    ]);
  }

  /** SUNAT reachability per modo, apart from readiness (SUNAT down must not stop the service). */
  @Public()
  @Get('sunat')
  sunatCheck(@Res() res: Response): Promise<void> {
    return this.answer(res, [() => this.sunat.check('beta'), () => this.sunat.check('produccion')]);
  }

  /** Terminus' report ({status, info, error, details}) with our `success` flag; 503 when a check is down. */
  private async answer(res: Response, checks: Array<() => Promise<HealthIndicatorResult>>): Promise<void> {
    let result: HealthCheckResult;
    try {
      result = await this.health.check(checks);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(HttpStatus.SERVICE_UNAVAILABLE).json({ success: false, ...(error.getResponse() as HealthCheckResult) });
      return;
    }
    res.status(HttpStatus.OK).json({ success: true, ...result });
  }
}
